package remo.core.rdma;

import remo.core.FlagValues;
import remo.core.PutCompletion;
import remo.core.RfenceScope;

/**
 * The same-QP order guards of the RDMA machine (operational.md §4 and §4.1), with the predicates
 * of operational.md §1 they are made of ({@code localread}, {@code remotedone}, {@code done}, {@code complete},
 * {@code fenceclear}). This is the one place they are written: the operational explorer, the
 * deterministic NIC and (for the memory fences it needs) the concurrent NIC ask it.
 *
 * <p>An engine folds the entries of a queue pair in queue order into an {@code int} of guarantees
 * ({@link #NOTHING_EARLIER} for none), with {@link #after} for an operation record and
 * {@link #afterFence} for an rfence marker, and asks {@link #enabled} whether the next step of an
 * operation is allowed by what the entries before it guarantee. (The {@code unit} of a remote RMW's
 * {@code NAR} is the engine's: it is not a same-QP condition.) Guarantees are a bit set, so that
 * folding costs nothing and two runs of entries combine with {@link #both}.
 */
public final class SameQpOrder {
    /** Every earlier put has {@code localread} (Q1). */
    private static final int PUTS_READ = 1;
    /** Every earlier put and rcas/rfaa is {@code remotedone} (Q2). */
    private static final int PUTS_RMWS_REMOTE = 2;
    /** Every earlier get is {@code remotedone} (Q3, Q4). */
    private static final int GETS_REMOTE = 4;
    /** Every earlier get and rcas/rfaa is {@code done} (Q5). */
    private static final int GETS_RMWS_DONE = 8;
    /** Every earlier operation is {@code fenceclear} (a fence marker after them blocks nothing). */
    private static final int ALL_FENCECLEAR = 16;
    /** No fence marker follows an operation that is not {@code fenceclear}: {@code ¬blocked(b)}. */
    private static final int NOT_BLOCKED = 32;
    /** Every earlier rcas/rfaa has performed its NAR (Q2 under PLACEMENT_ORDER=PER_REQUEST). */
    private static final int RMWS_READ = 64;

    /** The guarantees of an empty prefix of a queue: every conjunct holds. */
    public static final int NOTHING_EARLIER = 127;

    private final boolean ggRemoteOrder;
    private final boolean ggLocalOrder;
    private final boolean gpResponderReorder;
    private final boolean putCompletesAtLocalRead;
    private final boolean fenceCoversAll;
    private final boolean placementPerRequest;

    /** The guards under the flags of a run (operational.md §4.1: the flags act only here and in the CPU guards). */
    public SameQpOrder(FlagValues flags) {
        this.ggRemoteOrder = flags.ggRemoteOrder();
        this.ggLocalOrder = flags.ggLocalOrder();
        this.gpResponderReorder = flags.gpResponderReorder();
        this.putCompletesAtLocalRead = flags.putCompletion() == PutCompletion.LOCAL_READ_DONE;
        this.fenceCoversAll = flags.rfenceScope() == RfenceScope.ALL;
        this.placementPerRequest = flags.placementPerRequest();
    }

    // ------------------------------------------------------------------ predicates (operational.md §1)

    /** {@code localread(a)}: a put with status READ or DONE. */
    public static boolean localread(OpKind kind, OpStage stage) {
        return kind == OpKind.PUT && (stage == OpStage.READ || stage == OpStage.DONE);
    }

    /** {@code remotedone(a)}: put DONE; get FETCHED or DONE; rcas/rfaa WRITTEN or DONE. */
    public static boolean remotedone(OpKind kind, OpStage stage) {
        return switch (kind) {
            case PUT -> stage == OpStage.DONE;
            case GET -> stage == OpStage.FETCHED || stage == OpStage.DONE;
            case RCAS, RFAA -> stage == OpStage.WRITTEN || stage == OpStage.DONE;
        };
    }

    /** {@code done(a)}: status DONE. */
    public static boolean done(OpStage stage) {
        return stage == OpStage.DONE;
    }

    /** {@code complete(a)}: {@code done(a)}, or {@code localread(a)} for a put under PUT_COMPLETION=LOCAL_READ_DONE. */
    public boolean complete(OpKind kind, OpStage stage) {
        return complete(kind, stage, false);
    }

    /**
     * {@code complete(a)} for an operation that may be an inline put: an inline put is complete when
     * {@code done(a)} under either PUT_COMPLETION (its payload travels in the work request, so its
     * only completion is its remote write: models.md §2.3, operational.md §1).
     */
    public boolean complete(OpKind kind, OpStage stage, boolean inline) {
        return kind == OpKind.PUT && putCompletesAtLocalRead && !inline ? localread(kind, stage) : done(stage);
    }

    /** {@code fenceclear(a)}: with RFENCE_SCOPE=ALL {@code complete(a)}; else a put, or {@code done(a)}. */
    public boolean fenceclear(OpKind kind, OpStage stage) {
        return fenceclear(kind, stage, false);
    }

    /** {@code fenceclear(a)} for an operation that may be an inline put ({@link #complete(OpKind, OpStage, boolean)}). */
    public boolean fenceclear(OpKind kind, OpStage stage, boolean inline) {
        return fenceCoversAll ? complete(kind, stage, inline) : kind == OpKind.PUT || done(stage);
    }

    // ------------------------------------------------------------------ guards (operational.md §4)

    /** The guarantees of a queue prefix {@code earlier} followed by an operation record of kind and status. */
    public int after(int earlier, OpKind kind, OpStage stage) {
        return after(earlier, kind, stage, false);
    }

    /**
     * The guarantees of a queue prefix {@code earlier} followed by an operation record that may be an
     * inline put (whose record enters the queue with status READ: its CPU read its source at posting).
     */
    public int after(int earlier, OpKind kind, OpStage stage, boolean inline) {
        int g = earlier;
        if (kind == OpKind.PUT) {
            if (!localread(kind, stage)) {
                g &= ~PUTS_READ;
            }
            if (!remotedone(kind, stage)) {
                g &= ~PUTS_RMWS_REMOTE;
            }
        } else if (kind == OpKind.GET) {
            if (!remotedone(kind, stage)) {
                g &= ~GETS_REMOTE;
            }
            if (!done(stage)) {
                g &= ~GETS_RMWS_DONE;
            }
        } else {
            if (!remotedone(kind, stage)) {
                g &= ~PUTS_RMWS_REMOTE;
            }
            if (!done(stage)) {
                g &= ~GETS_RMWS_DONE;
            }
            if (stage == OpStage.POSTED) {
                g &= ~RMWS_READ;
            }
        }
        if (!fenceclear(kind, stage, inline)) {
            g &= ~ALL_FENCECLEAR;
        }
        return g;
    }

    /** The guarantees of a queue prefix followed by an rfence marker: later first steps are {@code blocked} if an op before it is not {@code fenceclear}. */
    public static int afterFence(int earlier) {
        return (earlier & ALL_FENCECLEAR) == 0 ? earlier & ~NOT_BLOCKED : earlier;
    }

    /** What two runs of entries guarantee together (as if one followed the other, fences aside). */
    public static int both(int a, int b) {
        return a & b;
    }

    /**
     * Whether the next step of an operation record is enabled by the entries before it in its queue
     * pair (the guard of operational.md §4, without the {@code unit} of an NAR).
     *
     * @param earlier what the earlier entries guarantee
     * @param kind    the operation's kind
     * @param from    its status; the step is the one that leaves it
     * @return whether the same-QP guard holds; {@code false} for a DONE record
     */
    public boolean enabled(int earlier, OpKind kind, OpStage from) {
        return enabled(earlier, kind, from, false);
    }

    /**
     * {@link #enabled(int, OpKind, OpStage)} for an operation that may be an inline put. An inline
     * put's record is READ when it is queued; its NRW is the first step the NIC performs, so a fence
     * marker before it holds it back ({@code ¬blocked(b)}, operational.md §4), and Q1 does not apply
     * (its CPU read the source when it posted the put).
     */
    public boolean enabled(int earlier, OpKind kind, OpStage from, boolean inline) {
        if (inline && kind == OpKind.PUT && from == OpStage.READ) {
            return (earlier & NOT_BLOCKED) != 0 && enabled(earlier, kind, from, false);
        }
        boolean notBlocked = (earlier & NOT_BLOCKED) != 0;
        boolean putsRead = (earlier & PUTS_READ) != 0;
        boolean putsRmwsRemote = (earlier & PUTS_RMWS_REMOTE) != 0;
        boolean getsRemote = (earlier & GETS_REMOTE) != 0;
        boolean getsRmwsDone = (earlier & GETS_RMWS_DONE) != 0;
        // a put's NRW: Q2 from earlier puts' and RMWs' remote events, or under PLACEMENT_ORDER=PER_REQUEST
        // only from earlier RMWs' NARs (the write-to-write pairs of Q2 are dropped)
        boolean putWriteAllowed = placementPerRequest ? (earlier & RMWS_READ) != 0 : putsRmwsRemote;
        // NLR: Q1; NRR and NAR: Q2, Q3 (GG_REMOTE_ORDER); both NRWs: Q2 for a put (an RMW had it at its
        // NAR) and Q4 (GP_RESPONDER_REORDER=OFF); NLWs: Q5 (GG_LOCAL_ORDER)
        return switch (from) {
            case POSTED -> notBlocked && (kind == OpKind.PUT ? putsRead
                    : putsRmwsRemote && (!ggRemoteOrder || getsRemote));
            case READ -> putWriteAllowed && (gpResponderReorder || getsRemote);
            case LOCKED -> gpResponderReorder || getsRemote;
            case FETCHED, WRITTEN -> !ggLocalOrder || getsRmwsDone;
            case DONE -> false;
        };
    }

    /**
     * Whether the first step of an operation of {@code kind} (NRR, NAR) must follow the remote writes
     * of the earlier puts and RMWs of its queue pair (Q2): a load ordered after earlier stores, which
     * an engine running a queue pair's WRs in order with relaxed stores must fence.
     */
    public static boolean firstStepAwaitsEarlierRemoteWrites(OpKind kind) {
        return kind != OpKind.PUT;
    }
}
