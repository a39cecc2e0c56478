package remo.nic.error;

/** A region handle of another cluster, or a region name that is not and can no longer be registered (nic.md §8). */
public class RegionNotFoundException extends RdmaArgumentException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (operation, endpoint, region, offset, bound or right) */
    public RegionNotFoundException(String message) {
        super(message);
    }
}
