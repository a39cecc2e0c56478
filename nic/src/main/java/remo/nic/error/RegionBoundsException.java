package remo.nic.error;

/** Offset below 0, fewer than one word, or {@code offset + words > region.words()} (nic.md §8). */
public class RegionBoundsException extends RdmaArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public RegionBoundsException(String message) {
        super(message);
    }
}
