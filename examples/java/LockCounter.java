import java.util.EnumSet;
import remo.locks.LockLayout;
import remo.locks.StrongTicketLock;
import remo.nic.*;

/** Threads on nodes 1 and 2 increment a counter on node 3 under a StrongTicketLock (README, "Tours"). */
public class LockCounter {
    public static void main(String[] args) {
        try (SimCluster cluster = SimCluster.builder().nodes(3).deterministic(42).build()) {
            Region counter = cluster.node(3).register("counter", 1, EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE));
            StrongTicketLock lock = StrongTicketLock.create(cluster, "lock", LockLayout.home(3).clients(1, 2));
            for (int node : new int[] {1, 2}) {
                Region buf = cluster.node(node).register("buf", 1, EnumSet.of(Access.LOCAL_WRITE));
                cluster.spawn(node, "t" + node, ep -> increment(ep, lock, counter, buf));
            }
            cluster.run();                                      // throws if a thread threw
            System.out.println("counter = " + cluster.peek(3, "counter", 0));
        }
    }

    static void increment(Endpoint ep, StrongTicketLock lock, Region counter, Region buf) {
        WorkId w = ep.newWorkId("inc");
        lock.acquire(ep);
        ep.get(w, buf, 0, counter, 0, 1);                       // read the remote counter...
        ep.waitFor(w);
        ep.store(buf, 0, ep.load(buf, 0) + 1);                  // ...increment it locally...
        ep.put(w, counter, 0, buf, 0, 1);                       // ...and write it back; the strong
        lock.release(ep);                                       // release's gf completes the put first
    }
}
