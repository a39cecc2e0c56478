package remo.symbolic;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The events an instruction produces, in intra-instruction order (models.md §2.2), as the
 * skeleton distinguishes them. Values are left out: a {@code cas} whose compare succeeds and a
 * {@code faa} have the same events; the compare's outcome is a shape of its own because it decides
 * which events exist. {@code await} has the events of a load, and register arithmetic and
 * {@code assume} have none, so they add nothing an execution could show.
 */
enum InstructionShape {
    LOAD(List.of(EventType.READ)),
    STORE(List.of(EventType.WRITE)),
    MFENCE(List.of(EventType.MFENCE)),
    /** A locked RMW that writes: {@code cas} whose compare succeeds, {@code faa}, x86 {@code XCHG}. */
    LOCKED_RMW(List.of(EventType.LOCKED_READ, EventType.LOCKED_WRITE)),
    /** A {@code cas} whose compare fails: only the locked read; the write is potential (models.md §7.4). */
    FAILED_CAS(List.of(EventType.LOCKED_READ), EventType.LOCKED_WRITE),
    PUT(List.of(EventType.PUT_NLR, EventType.PUT_NRW)),
    GET(List.of(EventType.GET_NRR, EventType.GET_NLW)),
    /** An {@code rcas} with its remote write: a successful compare, or any compare under {@code FAILED_RCAS_WRITES=YES}. */
    RCAS(List.of(EventType.RCAS_NAR, EventType.RCAS_NRW, EventType.RCAS_NLW)),
    /** An {@code rcas} whose compare fails under {@code FAILED_RCAS_WRITES=NO}: no remote write. */
    FAILED_RCAS(List.of(EventType.RCAS_NAR, EventType.RCAS_NLW), EventType.RCAS_NRW),
    /**
     * An {@code rcas} whose compare fails, with the write-back that only a side with
     * {@code FAILED_RCAS_WRITES=YES} has (comparisons of the flag's two values).
     */
    FAILED_RCAS_WRITE_BACK(List.of(EventType.RCAS_NAR, EventType.RCAS_WRITE_BACK, EventType.RCAS_NLW)),
    RFAA(List.of(EventType.RFAA_NAR, EventType.RFAA_NRW, EventType.RFAA_NLW)),
    POLL(List.of(EventType.POLL)),
    RFENCE(List.of(EventType.RFENCE)),
    WAIT(List.of(EventType.WAIT)),
    GLOBAL_FENCE(List.of(EventType.GLOBAL_FENCE));

    private final List<EventType> events;
    private final EventType potential;

    InstructionShape(List<EventType> events) {
        this(events, null);
    }

    InstructionShape(List<EventType> events, EventType potential) {
        this.events = events;
        this.potential = potential;
    }

    /** The events of the shape, in step order. */
    List<EventType> events() {
        return events;
    }

    /**
     * Every event type the instruction could produce, its missing conditional write included:
     * instruction guards are evaluated on these (models.md §7.4).
     */
    Set<EventType> potentialEvents() {
        EnumSet<EventType> s = EnumSet.copyOf(events);
        if (potential != null) {
            s.add(potential);
        }
        return s;
    }

    /** The shape whose events are exactly {@code types}, or {@code null}. */
    static InstructionShape of(List<EventType> types) {
        for (InstructionShape s : values()) {
            if (s.events.equals(types)) {
                return s;
            }
        }
        return null;
    }
}
