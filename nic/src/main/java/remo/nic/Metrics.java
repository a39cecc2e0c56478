package remo.nic;

/**
 * The live metrics of a cluster (nic.md §9). Reading them is not a memory event and never affects
 * scheduling.
 */
public interface Metrics {
    /** An immutable copy of every counter now (exact after {@code run()} returned). */
    MetricsSnapshot snapshot();

    /** Zeroes every counter; intended between setup and measurement. */
    void reset();
}
