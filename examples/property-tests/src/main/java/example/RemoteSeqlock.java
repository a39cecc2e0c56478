package example;

import java.util.EnumSet;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * An object of your own, verified by remo's model checker (SeqlockModelCheckTest): a sequence lock
 * over RDMA. The record lives on its home node as {@code [seq, a, b]}; one writer on another node publishes {@code (v, v)} with three puts
 * on one queue pair (seq odd, the two words, seq even); readers on the home node load seq, the
 * words and seq again, and retry while seq is odd or changed. A read never returns a torn record.
 * {@code checkTwice = false} plants the classic bug: the reader skips the second seq check.
 */
public final class RemoteSeqlock {
    private final Region record;
    private final Region staging;
    private final boolean checkTwice;

    /**
     * Registers the record on {@code home} and the writer's staging words on {@code writerNode}.
     *
     * @param checkTwice whether readers check seq after reading the words (false: the planted bug)
     */
    public RemoteSeqlock(SimCluster c, int home, int writerNode, boolean checkTwice) {
        this.record = c.node(home).register("seqlock", 3, EnumSet.of(Access.REMOTE_WRITE));
        this.staging = c.node(writerNode).register("staging", 4, EnumSet.of(Access.LOCAL_WRITE));
        this.checkTwice = checkTwice;
    }

    /** Publishes {@code (v, v)} as version {@code version} (the writer's {@code version}-th write, from 1). */
    public void write(Endpoint ep, WorkId w, long version, long v) {
        ep.store(staging, 0, 2 * version - 1);
        ep.store(staging, 1, v);
        ep.store(staging, 2, v);
        ep.store(staging, 3, 2 * version);
        ep.put(w, record, 0, staging, 0, 1);
        ep.put(w, record, 1, staging, 1, 2);
        ep.put(w, record, 0, staging, 3, 1);
        ep.waitFor(w);
    }

    /** Reads a consistent record {@code [a, b]} (a local read on the home node). */
    public long[] read(Endpoint ep) {
        while (true) {
            long s1 = ep.load(record, 0);
            if (s1 % 2 == 1) {
                continue;
            }
            long a = ep.load(record, 1);
            long b = ep.load(record, 2);
            if (!checkTwice || ep.load(record, 0) == s1) {
                return new long[] {a, b};
            }
        }
    }
}
