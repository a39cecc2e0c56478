package remo.nic;

/** Selects simulated threads by name, for fault rules (nic.md §7). */
@FunctionalInterface
public interface ThreadSelector {
    /** Whether the rule applies to thread {@code thread}. */
    boolean test(String thread);

    /** Every thread. */
    static ThreadSelector all() {
        return t -> true;
    }

    /** The thread named {@code name}. */
    static ThreadSelector named(String name) {
        return name::equals;
    }
}
