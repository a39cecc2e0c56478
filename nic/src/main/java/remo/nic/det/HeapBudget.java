package remo.nic.det;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * The heap a deterministic run may fill (nic.md §5.1): a run whose state keeps growing (a store buffer
 * its thread fills faster than it drains, the operations a loop posts) is stopped, with the step
 * budget's diagnosis, once the heap's long-lived part is {@link #FULL_PERCENT} % full, instead of
 * exhausting the heap. The long-lived part is read from the heap pools that have a usage threshold
 * (the old generation of the JVM's collectors, or ZGC's whole heap); the young pools hold mostly
 * garbage and are not counted. The check costs a few calls into the JVM, so the engine makes it only
 * every {@link #EVERY_STEPS} steps. An old generation may also be full of garbage not yet collected:
 * a pool found over the bound is measured again after a full collection ({@code System.gc()}, once,
 * a rare event: the heap is nearly full either way), and only a pool still over it stops the run.
 * After a collection that freed it, the checks that the run cannot need are skipped: one for every
 * {@link #GROWTH_PERCENT} % of the pool left free below the bound (a run is assumed to grow by less
 * than that, about 230 bytes per step in a 96 MiB heap, between two checks).
 */
final class HeapBudget {
    /** How full (percent of its maximum) the long-lived heap may be before a run is stopped. */
    static final int FULL_PERCENT = 80;
    /** The steps between two checks (a power of two). */
    static final long EVERY_STEPS = 1 << 14;
    /** The most a run is assumed to grow between two checks, percent of the pool's maximum. */
    static final int GROWTH_PERCENT = 4;
    private static final List<MemoryPoolMXBean> LONG_LIVED = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isUsageThresholdSupported()).toList();
    private int skip;

    /**
     * Whether a long-lived heap pool is more than {@link #FULL_PERCENT} % full, after a full collection;
     * if so, the words saying so ({@code "the heap's G1 Old Gen was 83 % full (212 of 256 MiB)"}), else
     * {@code null}.
     */
    String exceeded() {
        if (skip > 0) {
            skip--;
            return null;
        }
        if (fullest() <= FULL_PERCENT) {
            return null;
        }
        System.gc();
        int percent = fullest();
        if (percent <= FULL_PERCENT) {
            skip = (FULL_PERCENT - percent) / GROWTH_PERCENT;
            return null;
        }
        for (MemoryPoolMXBean p : LONG_LIVED) {
            MemoryUsage u = p.getUsage();
            if (percent(u) == percent) {
                return "the heap's " + p.getName() + " was " + percent + " % full (" + (u.getUsed() >> 20) + " of "
                        + (max(u) >> 20) + " MiB)";
            }
        }
        return "the heap was " + percent + " % full";
    }

    /** The highest occupancy of a long-lived pool, percent of its maximum. */
    private static int fullest() {
        int most = 0;
        for (MemoryPoolMXBean p : LONG_LIVED) {
            most = Math.max(most, percent(p.getUsage()));
        }
        return most;
    }

    private static int percent(MemoryUsage u) {
        return (int) (u.getUsed() * 100 / max(u));
    }

    private static long max(MemoryUsage u) {
        return u.getMax() > 0 ? u.getMax() : Runtime.getRuntime().maxMemory();
    }
}
