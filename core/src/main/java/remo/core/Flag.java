package remo.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The model flags of models.md §8, with their values (default first). Names and values are used
 * verbatim by litmus flag lines, the command line ({@code --set FLAG=VALUE}), cat variant
 * conditions and the simulated NIC's configuration.
 */
public enum Flag {
    /** Poll matching per queue pair or over all of the thread's operations (models.md §3.1). */
    POLL_SCOPE("PER_QP", "PER_THREAD"),
    /** Completion event of a put: its remote write, or its local read (models.md §2.3). */
    PUT_COMPLETION("REMOTE_WRITE_DONE", "LOCAL_READ_DONE"),
    /** Q3: gets (and RMWs) of one QP read remote memory in order. */
    GG_REMOTE_ORDER("ON", "OFF"),
    /** Q5: get responses of one QP land in local memory in order. */
    GG_LOCAL_ORDER("ON", "OFF"),
    /** ON: Q4 absent, a later put may overtake an earlier get at the responder. */
    GP_RESPONDER_REORDER("ON", "OFF"),
    /** F1 (gets and atomics) or F2 (every completion) before an rfence. */
    RFENCE_SCOPE("GETS_AND_ATOMICS", "ALL"),
    /** rao classes: target nodes or target locations. */
    RAO_SCOPE("PER_NODE", "PER_LOCATION"),
    /** Whether a failed rcas writes the old value back. */
    FAILED_RCAS_WRITES("NO", "YES"),
    /**
     * Q2 between remote writes: a later put's write on one QP is placed after an earlier write of the
     * QP ({@code PER_QP}), or in order only within one work request ({@code PER_REQUEST}: the
     * guarantee ibv_query_qp_data_in_order(3) documents; models.md §8).
     */
    PLACEMENT_ORDER("PER_QP", "PER_REQUEST");

    private final List<String> allowed;

    Flag(String... values) {
        this.allowed = List.of(values);
    }

    /** The allowed values, default first. */
    public List<String> allowedValues() {
        return allowed;
    }

    /** The default value (models.md §8). */
    public String defaultValue() {
        return allowed.get(0);
    }

    /** Whether the flag is an on/off flag (usable as {@code "NAME"} in cat conditions). */
    public boolean isOnOff() {
        return allowed.equals(List.of("ON", "OFF"));
    }

    private static final Map<String, Flag> BY_NAME = new HashMap<>();

    static {
        for (Flag f : values()) {
            BY_NAME.put(f.name(), f);
        }
    }

    /** The flag named {@code name}, if any (case-sensitive). */
    public static Optional<Flag> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The E-FLAG message for an unknown value: {@code flag F has no value 'V'; expected one of V1, V2}. */
    public String unknownValueMessage(String value) {
        return "flag " + name() + " has no value '" + value + "'; expected one of " + String.join(", ", allowed);
    }
}
