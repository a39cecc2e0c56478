package remo.nic;

import java.util.List;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.ClusterClosedException;
import remo.nic.error.CompletionModeException;
import remo.nic.error.EndpointClosedException;
import remo.nic.error.ForeignWorkIdException;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.QpErrorException;
import remo.nic.error.RegionBoundsException;
import remo.nic.error.WrongNodeException;
import remo.nic.error.WrongThreadException;

/**
 * The handle through which one simulated thread does everything (locks.md §1.2, nic.md §2.4): CPU
 * accesses to its node's memory through a TSO store buffer, and NIC operations on one queue pair
 * per target node. Confined to its thread: a call from another Java thread throws
 * {@link WrongThreadException}. Every call may throw {@link ClusterClosedException},
 * {@link EndpointClosedException}, {@link WrongThreadException} and, after a crash of this node,
 * {@link NodeCrashedException}.
 *
 * <p>Semantics: operational.md §2–§4 (the endpoint is a thread of the RDMA machine).
 */
public interface Endpoint extends AutoCloseable {
    /** The node this endpoint runs on. */
    int node();

    /** The simulated thread's name. */
    String name();

    /** The cluster. */
    Cluster cluster();

    /**
     * CPU load (event {@code R}): the newest store to the word in this thread's store buffer, else memory.
     *
     * @throws WrongNodeException     if {@code r.home() != node()}
     * @throws RegionBoundsException  if {@code off} is outside the region
     */
    long load(Region r, int off);

    /** CPU store (event {@code W}): enters the store buffer, reaches memory later in FIFO order. Same exceptions as {@link #load}. */
    void store(Region r, int off, long value);

    /** {@code mfence} (event {@code F}): waits until the store buffer is empty. It does not wait for NIC ops. */
    void mfence();

    /** Locked compare-and-swap (events {@code R}, {@code W} with LOCK): drains the store buffer, atomic against all writes; returns the old value. */
    long cas(Region r, int off, long expect, long update);

    /** Locked fetch-and-add; returns the old value. */
    long faa(Region r, int off, long delta);

    /**
     * Locked exchange (x86 {@code XCHG} with memory; events {@code R}, {@code W} with LOCK): writes
     * {@code value}, returns the old value. Needed by the litmus translator for herd7 X86 tests
     * (nic.md §6.6); otherwise like {@link #cas}.
     */
    long swap(Region r, int off, long value);

    /** A new work id private to this endpoint; {@code label} is for traces and messages. Not a scheduling point. */
    WorkId newWorkId(String label);

    /**
     * Posts a put: remote {@code dst[dstOff..]} := local {@code src[srcOff..]}, target node
     * {@code dst.home()}. Returns once issued (the post enters the store buffer). The source is read
     * when the NIC executes the op, not now. Blocks while the QP holds {@code qpCapacity} incomplete WRs.
     *
     * @param d     work id or {@code null}
     * @param words number of words, {@code 1..maxRequestWords}
     * @throws WrongNodeException      if {@code src} is not local
     * @throws AccessDeniedException   if {@code dst} lacks {@link Access#REMOTE_WRITE}
     * @throws RegionBoundsException   if either range is out of bounds
     * @throws ForeignWorkIdException  if {@code d} belongs to another endpoint
     */
    Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words);

    /**
     * Posts a put with options: {@link PostOptions#inline()} makes the calling thread read the
     * source words now, through its store buffer (verbs' {@code IBV_SEND_INLINE}; nic.md §4.2),
     * instead of the NIC reading them when it executes the put; {@link PostOptions#unsignaled()}
     * gives it no completion of its own (no poll consumes it; a poll of a later signalled request of
     * its queue pair waits for it). Otherwise as
     * {@link #put(WorkId, Region, int, Region, int, int)}, with the same exceptions. Both engines
     * simulate both options (nic.md §4.2, §5.2); in concurrent mode, which has no store buffer, the
     * inline read sees memory, where the thread's own stores already are.
     *
     * @throws UnsupportedOperationException if the options are not plain and the implementation
     *                                       does not simulate them (this default, for endpoints
     *                                       outside the {@code nic} module that only wrap the
     *                                       six-argument {@code put})
     */
    default Op put(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words, PostOptions options) {
        if (!options.isPlain()) {
            throw new UnsupportedOperationException(name() + ": put with " + options
                    + " is not simulated by this endpoint implementation");
        }
        return put(d, dst, dstOff, src, srcOff, words);
    }

    /** Posts a get: local {@code dst[dstOff..]} := remote {@code src[srcOff..]}; needs REMOTE_READ on src, LOCAL_WRITE on dst. */
    Op get(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words);

    /** Posts a remote CAS: {@code result} := old target word; if old == expect, target := update. Needs REMOTE_ATOMIC, LOCAL_WRITE. */
    Op rcas(WorkId d, Region result, int resultOff, Region target, int targetOff, long expect, long update);

    /** Posts a remote fetch-and-add: {@code result} := old; target := old + delta. */
    Op rfaa(WorkId d, Region result, int resultOff, Region target, int targetOff, long delta);

    /** {@code rfence node} (event {@code RF}): later ops of QP(this, node) start after earlier gets and RMWs complete. */
    void rfence(int node);

    /** One put per target in ascending order (locks.md §1.4); returns the ops in that order. */
    List<Op> bcast(WorkId d, RegionGroup dst, int dstOff, Region src, int srcOff, int words, NodeSet targets);

    /**
     * {@code wait d} (event {@code WT}): blocks until every op tagged {@code d} posted earlier is complete.
     *
     * @throws CompletionModeException in POLL mode
     * @throws QpErrorException        if it covers a flushed, unacknowledged op
     */
    void waitFor(WorkId d);

    /** Global fence (event {@code GF}): blocks until every op posted earlier is complete. Exceptions as {@link #waitFor}. */
    void gf();

    /**
     * The ops this endpoint posted after op {@code afterOpId} (an {@link Op#id()}; 0 for all) that no
     * returned {@code waitFor} or {@code gf} has covered yet (nic.md §4.2), in posting order. Not a
     * scheduling point and records no event: it lets a library check a client obligation at run
     * time, such as the weak lock's O3 (locks.md §3.6: complete the critical section's ops before
     * {@code release}). An op completed by the NIC but not waited for is listed.
     *
     * @param afterOpId only ops with a larger id are listed
     * @return the ops not waited for, oldest first
     * @throws UnsupportedOperationException in concurrent mode, which does not keep its posted ops
     */
    List<Op> unwaitedOps(long afterOpId);

    /**
     * {@code poll node} (event {@code P}), POLL mode only: blocks until the oldest not-yet-polled op of
     * the poll scope (QP(this, node), or every op of this endpoint with {@code POLL_SCOPE=PER_THREAD}) is complete.
     *
     * @throws CompletionModeException in WAIT mode
     * @throws QpErrorException        if that op was flushed and is unacknowledged
     */
    void poll(int node);

    /** Marks the ops listed in {@code e} as acknowledged: later waits ignore them (nic.md §7.4). */
    void acknowledge(QpErrorException e);

    /**
     * Replaces QP(this, node) in ERROR by a fresh QP.
     *
     * @throws IllegalStateException if a flushed op of that QP is unacknowledged
     */
    void resetQp(int node);

    /**
     * Tells a model checker that the attempt this thread has just made failed and is about to be
     * retried: the calls since the last start of the retry loop (the previous call made from the same
     * place in the code as the next call) read words and changed nothing that outlives the attempt —
     * no CPU store, no put or atomic that changes a word, no result written where another thread
     * looks, and nothing the next attempt reads from its own Java state, so the next attempt depends
     * only on what it reads. Call it right before the loop starts again; the next call must be the
     * loop's first.
     *
     * <p>In a run of the model checker ({@code remo.nic.explore.Explorer}) the thread then stops:
     * every execution in which this attempt fails is covered by one in which the attempt runs later,
     * when it succeeds, so the run is discarded rather than checked (the assume reduction of spin
     * loops of GenMC, Kokologiannakis et al., "Effective Lock Handling in Stateless Model Checking",
     * OOPSLA 2019). If, once nothing else can run, every word the attempt read still holds the value it
     * read, the retries could never succeed: the run is a livelock and is reported as a deadlock with
     * those words (docs/reference/nic.md §5.3). Elsewhere (seeded and concurrent runs, the verbs
     * backend) it does nothing; it records no event and is no scheduling point.
     *
     * <p>In the model checker's runs, the body's next call throws {@link IllegalStateException} if
     * the attempt changed a word another thread can see (a CPU store or locked RMW, a put or remote
     * RMW that changed its target, a result written into a region other nodes may access or another
     * thread has used): such a run cannot be discarded; a thread that uses the region only later
     * makes the run an assertion violation. While an operation of the attempt still runs, the call
     * is ignored.
     */
    default void attemptFailed() {
    }

    /** Closes the endpoint without waiting; outstanding ops still complete during quiescence. */
    @Override
    void close();
}
