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
 * every {@link #EVERY_STEPS} steps.
 */
final class HeapBudget {
    /** How full (percent of its maximum) the long-lived heap may be before a run is stopped. */
    static final int FULL_PERCENT = 80;
    /** The steps between two checks (a power of two). */
    static final long EVERY_STEPS = 1 << 16;
    private static final List<MemoryPoolMXBean> LONG_LIVED = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP && p.isUsageThresholdSupported()).toList();

    private HeapBudget() {
    }

    /**
     * Whether a long-lived heap pool is more than {@link #FULL_PERCENT} % full; if so, the words saying so
     * ({@code "the heap's G1 Old Gen was 83 % full (212 of 256 MiB)"}), else {@code null}.
     */
    static String exceeded() {
        for (MemoryPoolMXBean p : LONG_LIVED) {
            MemoryUsage u = p.getUsage();
            long max = u.getMax() > 0 ? u.getMax() : Runtime.getRuntime().maxMemory();
            if (u.getUsed() * 100 > max * FULL_PERCENT) {
                return "the heap's " + p.getName() + " was " + u.getUsed() * 100 / max + " % full (" + (u.getUsed() >> 20)
                        + " of " + (max >> 20) + " MiB)";
            }
        }
        return null;
    }
}
