package remo.symbolic;

import remo.checker.EventKind;
import remo.checker.NicOpKind;
import remo.litmus.Flag;
import remo.litmus.FlagValues;
import remo.models.Builtin;

/**
 * The label of one event of the execution skeleton: its kind (models.md §2.2), whether it belongs
 * to a locked CPU RMW, and the NIC operation it belongs to. Each real event of a skeleton has
 * exactly one type; initial writes are the location atoms ({@link #INITIAL_WRITE}).
 */
enum EventType {
    INITIAL_WRITE(EventKind.IW, false, null),
    READ(EventKind.R, false, null),
    LOCKED_READ(EventKind.R, true, null),
    WRITE(EventKind.W, false, null),
    LOCKED_WRITE(EventKind.W, true, null),
    MFENCE(EventKind.F, false, null),
    POLL(EventKind.P, false, null),
    RFENCE(EventKind.RF, false, null),
    WAIT(EventKind.WT, false, null),
    GLOBAL_FENCE(EventKind.GF, false, null),
    PUT_NLR(EventKind.NLR, false, NicOpKind.PUT),
    PUT_NRW(EventKind.NRW, false, NicOpKind.PUT),
    GET_NRR(EventKind.NRR, false, NicOpKind.GET),
    GET_NLW(EventKind.NLW, false, NicOpKind.GET),
    RCAS_NAR(EventKind.NAR, false, NicOpKind.RCAS),
    RCAS_NRW(EventKind.NRW, false, NicOpKind.RCAS),
    RCAS_NLW(EventKind.NLW, false, NicOpKind.RCAS),
    /**
     * The write-back of a failed {@code rcas} (the old value), when one side of a comparison has
     * {@code FAILED_RCAS_WRITES=YES} and the other {@code NO}: an event of the first side only.
     * Declared after {@link #RCAS_NRW} so that {@link #of} never gives it.
     */
    RCAS_WRITE_BACK(EventKind.NRW, false, NicOpKind.RCAS),
    RFAA_NAR(EventKind.NAR, false, NicOpKind.RFAA),
    RFAA_NRW(EventKind.NRW, false, NicOpKind.RFAA),
    RFAA_NLW(EventKind.NLW, false, NicOpKind.RFAA);

    private final EventKind kind;
    private final boolean locked;
    private final NicOpKind op;

    EventType(EventKind kind, boolean locked, NicOpKind op) {
        this.kind = kind;
        this.locked = locked;
        this.op = op;
    }

    /** The event kind of models.md §2.2. */
    EventKind kind() {
        return kind;
    }

    /** Whether the event belongs to a locked CPU RMW ({@code LOCK}). */
    boolean locked() {
        return locked;
    }

    /** The NIC operation, or {@code null} for CPU events and initial writes. */
    NicOpKind op() {
        return op;
    }

    /** The type of an event of the checker's event structure with these attributes. */
    static EventType of(EventKind kind, boolean locked, NicOpKind op) {
        for (EventType t : values()) {
            if (t.kind == kind && t.locked == locked && t.op == op) {
                return t;
            }
        }
        throw new IllegalArgumentException("no event type " + kind + (locked ? " locked" : "") + (op == null ? "" : " of " + op));
    }

    /** The real event types (all but {@link #INITIAL_WRITE}). */
    static EventType[] real() {
        EventType[] all = values();
        return java.util.Arrays.copyOfRange(all, 1, all.length);
    }

    /**
     * Whether an event of this type is in the built-in event set {@code set} (models.md §2.4)
     * under {@code flags} ({@code CMP} depends on {@code PUT_COMPLETION}, §2.3).
     *
     * @throws IllegalArgumentException if {@code set} is a relation
     */
    boolean in(Builtin set, FlagValues flags) {
        switch (set) {
            case ALL: return true;
            case IW: return kind == EventKind.IW;
            case R: return kind == EventKind.R;
            case W: return kind == EventKind.W;
            case M: return kind.isMemory();
            case F: return kind == EventKind.F;
            case LOCK: return locked;
            case P: return kind == EventKind.P;
            case RF: return kind == EventKind.RF;
            case WT: return kind == EventKind.WT;
            case GF: return kind == EventKind.GF;
            case NLR: return kind == EventKind.NLR;
            case NRW: return kind == EventKind.NRW;
            case NRR: return kind == EventKind.NRR;
            case NLW: return kind == EventKind.NLW;
            case NAR: return kind == EventKind.NAR;
            case PUT: return op == NicOpKind.PUT;
            case GET: return op == NicOpKind.GET;
            case RCAS: return op == NicOpKind.RCAS;
            case RFAA: return op == NicOpKind.RFAA;
            case CMP: return isCompletion(flags);
            default: throw new IllegalArgumentException("not an event set: " + set.catName());
        }
    }

    /** Whether the event is the completion event of its operation (models.md §2.3). */
    boolean isCompletion(FlagValues flags) {
        if (op == null) {
            return false;
        }
        if (op == NicOpKind.PUT) {
            boolean localRead = flags.is(Flag.PUT_COMPLETION, "LOCAL_READ_DONE");
            return kind == (localRead ? EventKind.NLR : EventKind.NRW);
        }
        return kind == EventKind.NLW;
    }

    /** Whether the event is performed at the target node of its NIC operation ({@code NRW NRR NAR}). */
    boolean remote() {
        return kind == EventKind.NRW || kind == EventKind.NRR || kind == EventKind.NAR;
    }

    /** Whether the event has a queue pair (NIC events, polls and rfences, models.md §2.1). */
    boolean hasQueuePair() {
        return op != null || kind == EventKind.P || kind == EventKind.RF;
    }
}
