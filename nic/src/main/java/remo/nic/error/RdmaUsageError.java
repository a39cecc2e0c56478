package remo.nic.error;

/**
 * Marker of every rejection of bad use of the fabric API (nic.md §8). A rejected call creates no
 * op, no event and no store-buffer entry, and increments the {@code rejected} metric.
 */
public interface RdmaUsageError {
}
