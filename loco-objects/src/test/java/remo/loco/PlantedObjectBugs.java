package remo.loco;

import java.util.Collection;
import java.util.List;
import remo.loco.lin.AtomicOp;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * Planted bugs in the real LOCO object classes (loco.md §4), for the model checker's mutation tests
 * in remo-verify: each is a subclass that overrides one package-private step of the object with a
 * plausible mistake, or the object built with one of its own negative-control hooks. Each
 * constructor takes the arguments of the class it breaks, so that a workload builds it in place
 * of the class.
 */
public final class PlantedObjectBugs {
    private PlantedObjectBugs() {
    }

    /**
     * AtomicVar (loco.md §4.3) whose {@code fetchAdd} reads the word, then swaps in the sum with an
     * RCAS whose result it ignores (a missing retry): the add is lost when another call changed the
     * word in between, and two calls can return the same old value.
     */
    public static AtomicVar atomicVarLostUpdate(LocoNode here, String name, NodeSet participants, int home,
                                                long initial) {
        return new AtomicVar(here, name, participants, home, initial) {
            @Override
            long access(Endpoint ep, Region r, WorkId wv, AtomicOp.Kind kind, long a, long b) {
                if (kind != AtomicOp.Kind.FETCH_ADD) {
                    return super.access(ep, r, wv, kind, a, b);
                }
                ep.get(wv, r, 0, word(), 0, 1);
                ep.waitFor(wv);
                long v = ep.load(r, 0);
                ep.rcas(wv, r, 0, word(), 0, v, v + a);
                ep.waitFor(wv);
                return v;
            }
        };
    }

    /**
     * Barrier (loco.md §4.6) with an off-by-one in its wait: call {@code k} waits until every peer's
     * epoch has reached {@code k - 1}, so it is released before the others arrive.
     */
    public static Barrier barrierEarlyRelease(LocoNode here, String name, NodeSet participants) {
        return new Barrier(here, name, participants) {
            @Override
            boolean allArrived(Endpoint ep, long call) {
                return super.allArrived(ep, call - 1);
            }
        };
    }

    /**
     * RingBuffer (loco.md §4.7) whose receiver pops the newest message that has arrived instead of
     * the oldest (wrong FIFO order: a stack when the sender is ahead).
     */
    public static RingBuffer ringBufferNewestFirst(LocoNode here, String name, int sender, int receiver, int capacity,
                                                   int msgWords) {
        return new RingBuffer(here, name, sender, receiver, capacity, msgWords) {
            @Override
            int slotToPop(long tail, long popped) {
                return (int) ((tail - 1) % capacity());
            }
        };
    }

    /**
     * Broadcast (loco.md §4.8) whose sends push to every ring but the last receiver's (a wrong
     * receiver set): that receiver waits forever.
     */
    public static Broadcast broadcastSkipsLastReceiver(LocoNode here, String name, int sender, NodeSet receivers,
                                                       int capacity, int msgWords) {
        return new Broadcast(here, name, sender, receivers, capacity, msgWords) {
            @Override
            void pushAll(Endpoint ep, long[] msg, Collection<RingBuffer> rings) {
                List<RingBuffer> all = List.copyOf(rings);
                super.pushAll(ep, msg, all.size() > 1 ? all.subList(0, all.size() - 1) : all);
            }
        };
    }

    /** How a KvStore is built: the arguments of {@link KvStore}'s constructor without backoff and hook. */
    @FunctionalInterface
    public interface KvStoreMaker {
        /** This node's instance. */
        KvStore make(LocoNode here, String name, NodeSet participants, int buckets, int entries, int valueWords);
    }

    /**
     * KvStore (loco.md §4.9) broken by a test hook: {@link KvStore.Testing#disableVersionCheck()} (a get
     * can return a half-written entry), {@link KvStore.Testing#disableLock()},
     * {@link KvStore.Testing#skipRelease()} (a lost wake-up: the next writer's CAS fails forever) or
     * {@link KvStore.Testing#skipEvenVersion()} (every later get retries forever).
     */
    public static KvStoreMaker kvStoreWith(KvStore.Testing hook) {
        return (here, name, participants, buckets, entries, valueWords) -> new KvStore(here, name, participants, buckets,
                entries, valueWords, Backoff.NONE, hook);
    }

    /**
     * The global fence (loco.md §4.4) without its {@code gf}: {@code mfence} alone, which orders the
     * thread's CPU events but leaves its NIC operations pending.
     */
    public static void fenceWithoutGf(Endpoint ep) {
        ep.mfence();
    }
}
