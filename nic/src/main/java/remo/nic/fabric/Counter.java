package remo.nic.fabric;

import remo.core.rdma.OpKind;

/** The per-endpoint counters of nic.md §9, with their metric names. */
public enum Counter {
    OPS_POSTED_PUT("opsPosted.PUT"),
    OPS_POSTED_GET("opsPosted.GET"),
    OPS_POSTED_RCAS("opsPosted.RCAS"),
    OPS_POSTED_RFAA("opsPosted.RFAA"),
    LOOPBACK_PUT("loopbackOps.PUT"),
    LOOPBACK_GET("loopbackOps.GET"),
    LOOPBACK_RCAS("loopbackOps.RCAS"),
    LOOPBACK_RFAA("loopbackOps.RFAA"),
    PAYLOAD_BYTES("payloadBytes"),
    LOOPBACK_BYTES("loopbackBytes"),
    ROUND_TRIPS("roundTrips"),
    LOOPBACK_ROUND_TRIPS("loopbackRoundTrips"),
    WAITS("waits"),
    GFS("gfs"),
    POLLS("polls"),
    BLOCKED_STEPS("blockedSteps"),
    BLOCKED_NANOS("blockedNanos"),
    SB_DEPTH_MAX("sbDepth.max"),
    POST_STALLS("postStalls"),
    REJECTED("rejected"),
    CPU_CALLS("cpuCalls");

    private static final Counter[] VALUES = values();
    public final String metricName;

    Counter(String metricName) {
        this.metricName = metricName;
    }

    /** The counter of ops of kind {@code k} posted. */
    public static Counter posted(OpKind k) {
        return VALUES[OPS_POSTED_PUT.ordinal() + k.ordinal()];
    }

    /** The counter of loopback ops of kind {@code k} posted. */
    public static Counter loopback(OpKind k) {
        return VALUES[LOOPBACK_PUT.ordinal() + k.ordinal()];
    }

    /** Whether the counter aggregates as a maximum rather than a sum. */
    public boolean isMax() {
        return this == SB_DEPTH_MAX;
    }
}
