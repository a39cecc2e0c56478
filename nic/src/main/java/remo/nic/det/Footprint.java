package remo.nic.det;

import java.util.Arrays;
import remo.core.rdma.RaoClass;
import remo.nic.Schedule;

/**
 * What one action touches, as the model checker's partial-order reduction needs it: the memory words
 * it reads and writes, its thread and node, the queue pair and rao class of a NIC step, and whether
 * a CPU call depends on the completion of its thread's operations. {@link #dependent} is the
 * engine's dependence relation: two actions that are not dependent commute (either order leads to
 * the same state) and neither enables or disables the other. The relation is conservative (it may
 * call commuting actions dependent, never the other way round).
 *
 * <p>Words are named by {@code regionId << 32 | offset}. The rules, each with the reason it exists:
 * <ul>
 *   <li>a fault, and a CPU lookup of a region, depend on everything (they read or change the whole
 *       cluster's state);</li>
 *   <li>memory: one writes a word the other reads or writes;</li>
 *   <li>an mfence or a locked RMW of a thread waits for its store buffer to be empty, so it depends
 *       on the thread's drains; the thread's other calls commute with its drains (a store appends
 *       behind the head, and a load reads the same value from the buffer or, once drained, from
 *       memory);</li>
 *   <li>a CPU call that waits for completions (wait, gf, poll) depends on the NIC steps of its
 *       thread's operations that make a word complete: such a step may complete an operation
 *       (nic.md §4.2); so does a post (put, get, rcas, rfaa) to a queue pair that has been full, whose
 *       slot such a step may have freed (a post to a queue pair that never was full was never
 *       disabled, and commutes with every completion);</li>
 *   <li>two NIC steps of one queue pair when the later entry's guard (operational.md §4) reads a
 *       guarantee the earlier entry's step changes ({@link #queued}: the step of {@code a} may
 *       enable the step of {@code b}); the guards read only earlier entries and only ever become
 *       true as entries progress, so two steps of different word operations of one queue pair whose
 *       guards they do not touch commute and neither enables nor disables the other. The first steps
 *       (reads) of one operation's words depend on each other (the spin detector lists an
 *       operation's reads in the order they happen), and so do steps whose place in the queue is not
 *       known;</li>
 *   <li>two steps of remote RMWs of one rao class: the {@code NAR} takes the class's unit and the
 *       {@code NRW} frees it (operational.md §4);</li>
 *   <li>the CPU steps of two thread bodies of one node: the Java code between their calls may share
 *       that node's Java objects (a lock's slot table, say), which the engine cannot see (a
 *       {@link remo.nic.ThreadScript} has no such code).</li>
 * </ul>
 * A drain appends to a queue pair; the guards read only earlier entries, so it is independent of
 * the NIC steps already queued. A drain that moves a posted operation to its queue pair creates that
 * operation's word processes ({@link #created()}).
 */
public final class Footprint {
    private static final long[] NONE = new long[0];

    private final int kind;
    private final int thread;
    private final int node;
    private final long[] reads;
    private final long[] writes;
    private final long queuePair;
    private final RaoClass rao;
    /** CPU: the call waits for completions or posts; NIC: the step makes its word complete. */
    private final boolean completionSensitive;
    /** CPU: the call needs an empty store buffer (mfence, a locked RMW). */
    private final boolean emptiesBuffer;
    private final boolean global;
    private final boolean javaCode;
    private final long[] created;
    private final long creator;
    /** NIC: the step's operation (-1: its place in the queue pair is unknown, every step of the queue pair depends on it). */
    private final long op;
    /** NIC: the step's word operation's place in its queue pair (posting order). */
    private final long entry;
    /** NIC: the guarantees of operational.md §4 this step may make true for the later entries of its queue pair. */
    private final int gates;
    /** NIC: the guarantees of the earlier entries this step's guard reads. */
    private final int gatedBy;
    /** NIC: the guarantees this step may make true for the later entries behind a fence marker only. */
    private final int fenceGates;
    /** NIC: the fence markers queued before the step's word operation in its queue pair. */
    private final int fences;
    /** NIC: whether the step is its word operation's first (a read: NLR, NRR, NAR). */
    private final boolean firstStep;
    /** NIC: whether the words of one work request are guard-free among themselves (nic.md §4.6, RANDOM intra-request order). */
    private final boolean wordsUnordered;
    /**
     * CPU wait, gf or poll: the operations (as {@link #queued} names them) whose completion the call
     * needs, and no other; {@code null} when the call may be enabled by any completion of its thread.
     */
    private final long[] awaited;

    Footprint(int kind, int thread, int node, long[] reads, long[] writes, long queuePair, RaoClass rao,
              boolean completionSensitive, boolean emptiesBuffer, boolean global, boolean javaCode, long[] created,
              long creator) {
        this.kind = kind;
        this.thread = thread;
        this.node = node;
        this.reads = reads == null ? NONE : reads;
        this.writes = writes == null ? NONE : writes;
        this.queuePair = queuePair;
        this.rao = rao;
        this.completionSensitive = completionSensitive;
        this.emptiesBuffer = emptiesBuffer;
        this.global = global;
        this.javaCode = javaCode;
        this.created = created == null ? NONE : created;
        this.creator = creator;
        this.op = -1;
        this.entry = -1;
        this.gates = 0;
        this.gatedBy = 0;
        this.fenceGates = 0;
        this.fences = 0;
        this.firstStep = false;
        this.wordsUnordered = false;
        this.awaited = null;
    }

    private Footprint(Footprint f, long op, long entry, int gates, int gatedBy, int fenceGates, int fences,
                      boolean firstStep, boolean wordsUnordered, long[] awaited) {
        this.kind = f.kind;
        this.thread = f.thread;
        this.node = f.node;
        this.reads = f.reads;
        this.writes = f.writes;
        this.queuePair = f.queuePair;
        this.rao = f.rao;
        this.completionSensitive = f.completionSensitive;
        this.emptiesBuffer = f.emptiesBuffer;
        this.global = f.global;
        this.javaCode = f.javaCode;
        this.created = f.created;
        this.creator = f.creator;
        this.op = op;
        this.entry = entry;
        this.gates = gates;
        this.gatedBy = gatedBy;
        this.fenceGates = fenceGates;
        this.fences = fences;
        this.firstStep = firstStep;
        this.wordsUnordered = wordsUnordered;
        this.awaited = awaited;
    }

    /**
     * This NIC step with its place in its queue pair, so that it depends on another step of the queue
     * pair only through the guards ({@link #dependent}).
     *
     * @param op      the step's operation, unique in the run
     * @param entry   its word operation's place in the queue pair (increasing in queue order)
     * @param gates      the guarantee bits of {@code remo.core.rdma.SameQpOrder} the step may make true
     * @param gatedBy    the guarantee bits the step's own guard reads
     * @param fenceGates the bits it may make true only for entries behind a fence marker (that an
     *                   earlier fence no longer blocks them)
     * @param fences     the fence markers queued before its word operation in the queue pair
     * @param firstStep  whether it is its word operation's first step
     * @param wordsUnordered whether the words of one work request are guard-free among themselves
     */
    Footprint queued(long op, long entry, int gates, int gatedBy, int fenceGates, int fences, boolean firstStep,
                     boolean wordsUnordered) {
        return new Footprint(this, op, entry, gates, gatedBy, fenceGates, fences, firstStep, wordsUnordered, awaited);
    }

    /**
     * This CPU call with the operations it waits for: it depends on the completing NIC steps of those
     * operations only, and each of them must come before it.
     *
     * @param ops the operations, named as a NIC step's {@code op} in {@link #queued}
     */
    Footprint awaiting(long[] ops) {
        return new Footprint(this, op, entry, gates, gatedBy, fenceGates, fences, firstStep, wordsUnordered, ops.clone());
    }

    /** The word key of word {@code offset} of region {@code regionId}. */
    static long word(long regionId, int offset) {
        return regionId << 32 | (offset & 0xffffffffL);
    }

    /**
     * The process an action code belongs to: a thread's CPU, a thread's store buffer, one word
     * operation (its steps in order), or one fault. A process's next action is fixed until it runs.
     */
    public static long process(long code) {
        switch (Schedule.kind(code)) {
            case Schedule.CPU:
            case Schedule.DRAIN:
                return code & ~0xffffffffffL;
            case Schedule.NIC:
                return code & ~(0xfL << 40);
            default:
                return code;
        }
    }

    /** {@link Schedule#CPU}, {@link Schedule#DRAIN}, {@link Schedule#NIC} or {@link Schedule#FAULT}. */
    public int kind() {
        return kind;
    }

    /** The index of the thread the action belongs to (the poster of a NIC step), -1 for a fault. */
    public int thread() {
        return thread;
    }

    /** Words read, as {@code regionId << 32 | offset}. */
    public long[] reads() {
        return reads.clone();
    }

    /** Words written, as {@code regionId << 32 | offset}. */
    public long[] writes() {
        return writes.clone();
    }

    /** The processes this action creates: a drained post creates one per word of its operation. */
    public long[] created() {
        return created.clone();
    }

    /**
     * The code of the action that made this one possible and is not of its process, or -1: the CPU
     * call that put a drained entry into the store buffer, the drain that queued a NIC step's first
     * stage. It happens before this action in every run, so the two never race.
     */
    public long creator() {
        return creator;
    }

    /** Whether the two actions may fail to commute (the rules of the class comment). */
    public boolean dependent(Footprint o) {
        if (global || o.global) {
            return true;
        }
        boolean ownBuffer = thread == o.thread && thread >= 0
                && (kind == Schedule.CPU && o.kind == Schedule.DRAIN || kind == Schedule.DRAIN && o.kind == Schedule.CPU);
        if (ownBuffer) {
            // a thread's load and the drain of its own store commute (the load reads the same value from
            // the buffer or from memory); only the calls that need an empty buffer depend on a drain
            return kind == Schedule.CPU ? emptiesBuffer : o.emptiesBuffer;
        }
        if (intersects(writes, o.reads) || intersects(writes, o.writes) || intersects(reads, o.writes)) {
            return true;
        }
        if (thread == o.thread && thread >= 0) {
            // a completing NIC step and a call that waits for completions (of that step's operation,
            // when the call names the ones it waits for) or for a free slot of a queue pair
            if (kind == Schedule.CPU && o.kind == Schedule.NIC && completionSensitive && o.completionSensitive) {
                return awaited == null || contains(awaited, o.op);
            }
            if (kind == Schedule.NIC && o.kind == Schedule.CPU && completionSensitive && o.completionSensitive) {
                return o.awaited == null || contains(o.awaited, op);
            }
        }
        if (kind == Schedule.NIC && o.kind == Schedule.NIC) {
            if (queuePair == o.queuePair && sameQueueDependent(o)) {
                return true;
            }
            if (rao != null && rao.equals(o.rao)) {
                return true;
            }
        }
        return javaCode && o.javaCode && node == o.node && thread != o.thread;
    }

    /**
     * Whether this step must come before {@code later} in every run: a completing step of an operation
     * that the later wait, gf or poll of its thread waits for; or both are NIC steps of one queue
     * pair, this one of an earlier entry, and the later step's guard needs a guarantee
     * (operational.md §4) that this step's entry does not yet give and may give only from this step on. Each bit of
     * {@code gatedBy} is necessary for the guard, and guarantees only ever become true as entries
     * progress in order, so the later step cannot run before this one: their race is not reversible
     * (the "may be co-enabled" condition of Flanagan and Godefroid fails), though they are dependent.
     * Words of one work request under RANDOM intra-request order do not gate each other.
     */
    public boolean enables(Footprint later) {
        if (kind == Schedule.NIC && later.kind == Schedule.CPU && thread == later.thread && completionSensitive
                && later.awaited != null && contains(later.awaited, op)) {
            // the call waits for this step's operation, which is complete only once this step ran
            return true;
        }
        if (kind == Schedule.NIC && later.kind == Schedule.NIC && rao != null && rao.equals(later.rao) && writes.length > 0
                && later.writes.length == 0 && (op != later.op || thread != later.thread)) {
            // an NRW and the NAR of another RMW of its rao class: the NAR cannot run while this step's own
            // NAR holds the unit, so it never runs just before this step; it races with that NAR instead
            return true;
        }
        if (kind != Schedule.NIC || later.kind != Schedule.NIC || queuePair != later.queuePair || op < 0 || later.op < 0
                || entry >= later.entry || op == later.op && wordsUnordered) {
            return false;
        }
        int g = gates | (fences < later.fences ? fenceGates : 0);
        return (g & later.gatedBy) != 0;
    }

    /**
     * Two NIC steps of one queue pair: whether the earlier entry's step may change what the later one's
     * guard reads, or both are first steps of one operation's words (each reads a word the spin
     * detector lists in the order read).
     */
    private boolean sameQueueDependent(Footprint o) {
        if (op < 0 || o.op < 0 || op == o.op && firstStep && o.firstStep) {
            return true;
        }
        Footprint earlier = entry < o.entry ? this : o;
        Footprint later = earlier == this ? o : this;
        int g = earlier.gates | (earlier.fences < later.fences ? earlier.fenceGates : 0);
        return (g & later.gatedBy) != 0;
    }

    private static boolean contains(long[] a, long x) {
        for (long y : a) {
            if (y == x) {
                return true;
            }
        }
        return false;
    }

    private static boolean intersects(long[] a, long[] b) {
        for (long x : a) {
            for (long y : b) {
                if (x == y) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "Footprint[kind " + kind + ", thread " + thread + ", node " + node + ", reads " + Arrays.toString(reads)
                + ", writes " + Arrays.toString(writes) + (queuePair >= 0 ? ", qp " + queuePair : "")
                + (rao != null ? ", rao " + rao : "") + (completionSensitive ? ", completion" : "")
                + (global ? ", global" : "") + (op >= 0 ? ", op " + op + ", entry " + entry + ", gates " + gates + ", gatedBy " + gatedBy : "") + "]";
    }
}
