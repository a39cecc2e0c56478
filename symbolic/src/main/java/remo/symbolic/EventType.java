package remo.symbolic;

import remo.core.PutCompletion;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.models.Builtin;

/**
 * The label of one event of the execution skeleton: its kind (models.md §2.2), whether it belongs
 * to a locked CPU RMW, and the NIC operation it belongs to. Each real event of a skeleton has
 * exactly one type; initial writes are the location atoms ({@link #INITIAL_WRITE}).
 */
enum EventType {
    INITIAL_WRITE(EventLabel.IW, false, null),
    READ(EventLabel.R, false, null),
    LOCKED_READ(EventLabel.R, true, null),
    WRITE(EventLabel.W, false, null),
    LOCKED_WRITE(EventLabel.W, true, null),
    MFENCE(EventLabel.F, false, null),
    POLL(EventLabel.P, false, null),
    RFENCE(EventLabel.RF, false, null),
    WAIT(EventLabel.WT, false, null),
    GLOBAL_FENCE(EventLabel.GF, false, null),
    PUT_NLR(EventLabel.NLR, false, OpKind.PUT),
    PUT_NRW(EventLabel.NRW, false, OpKind.PUT),
    GET_NRR(EventLabel.NRR, false, OpKind.GET),
    GET_NLW(EventLabel.NLW, false, OpKind.GET),
    RCAS_NAR(EventLabel.NAR, false, OpKind.RCAS),
    RCAS_NRW(EventLabel.NRW, false, OpKind.RCAS),
    RCAS_NLW(EventLabel.NLW, false, OpKind.RCAS),
    /**
     * The write-back of a failed {@code rcas} (the old value), when one side of a comparison has
     * {@code FAILED_RCAS_WRITES=YES} and the other {@code NO}: an event of the first side only.
     * Declared after {@link #RCAS_NRW} so that {@link #of} never gives it.
     */
    RCAS_WRITE_BACK(EventLabel.NRW, false, OpKind.RCAS),
    RFAA_NAR(EventLabel.NAR, false, OpKind.RFAA),
    RFAA_NRW(EventLabel.NRW, false, OpKind.RFAA),
    RFAA_NLW(EventLabel.NLW, false, OpKind.RFAA);

    private final EventLabel kind;
    private final boolean locked;
    private final OpKind op;

    EventType(EventLabel kind, boolean locked, OpKind op) {
        this.kind = kind;
        this.locked = locked;
        this.op = op;
    }

    /** The event kind of models.md §2.2. */
    EventLabel kind() {
        return kind;
    }

    /** Whether the event belongs to a locked CPU RMW ({@code LOCK}). */
    boolean locked() {
        return locked;
    }

    /** The NIC operation, or {@code null} for CPU events and initial writes. */
    OpKind op() {
        return op;
    }

    /** The type of an event of the checker's event structure with these attributes. */
    static EventType of(EventLabel kind, boolean locked, OpKind op) {
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
     * under {@code flags} ({@code CMP} depends on {@code PUT_COMPLETION}, models.md §2.3).
     *
     * @throws IllegalArgumentException if {@code set} is a relation
     */
    boolean in(Builtin set, FlagValues flags) {
        switch (set) {
            case ALL: return true;
            case IW: return kind == EventLabel.IW;
            case R: return kind == EventLabel.R;
            case W: return kind == EventLabel.W;
            case M: return kind.isMemory();
            case F: return kind == EventLabel.F;
            case LOCK: return locked;
            case P: return kind == EventLabel.P;
            case RF: return kind == EventLabel.RF;
            case WT: return kind == EventLabel.WT;
            case GF: return kind == EventLabel.GF;
            case NLR: return kind == EventLabel.NLR;
            case NRW: return kind == EventLabel.NRW;
            case NRR: return kind == EventLabel.NRR;
            case NLW: return kind == EventLabel.NLW;
            case NAR: return kind == EventLabel.NAR;
            case PUT: return op == OpKind.PUT;
            case GET: return op == OpKind.GET;
            case RCAS: return op == OpKind.RCAS;
            case RFAA: return op == OpKind.RFAA;
            case CMP: return isCompletion(flags);
            // the symbolic encoding has no inline puts (its event types are those of plain puts)
            case INLINE: return false;
            default: throw new IllegalArgumentException("not an event set: " + set.catName());
        }
    }

    /** Whether the event is the completion event of its operation (models.md §2.3). */
    boolean isCompletion(FlagValues flags) {
        if (op == null) {
            return false;
        }
        if (op == OpKind.PUT) {
            boolean localRead = flags.putCompletion() == PutCompletion.LOCAL_READ_DONE;
            return kind == (localRead ? EventLabel.NLR : EventLabel.NRW);
        }
        return kind == EventLabel.NLW;
    }

    /** Whether the event is performed at the target node of its NIC operation ({@code NRW NRR NAR}). */
    boolean remote() {
        return kind == EventLabel.NRW || kind == EventLabel.NRR || kind == EventLabel.NAR;
    }

    /** Whether the event has a queue pair (NIC events, polls and rfences, models.md §2.1). */
    boolean hasQueuePair() {
        return op != null || kind == EventLabel.P || kind == EventLabel.RF;
    }
}
