package remo.nic;

/** Selects queue pairs {@code (thread, target)}, for fault rules (nic.md §7). */
@FunctionalInterface
public interface QpSelector {
    /** Whether the rule applies to QP {@code (thread, target)}. */
    boolean test(String thread, int target);

    /** Every QP. */
    static QpSelector all() {
        return (t, n) -> true;
    }

    /** The QP of thread {@code thread} to node {@code target}. */
    static QpSelector of(String thread, int target) {
        return (t, n) -> t.equals(thread) && n == target;
    }
}
