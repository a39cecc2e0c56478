package remo.nic.explore;

import java.util.List;

/**
 * What every explored execution is checked against, besides what the explorer checks itself
 * (thread bodies that throw, deadlocks and spins that never end).
 */
@FunctionalInterface
public interface ExecutionCheck {

    /** No check. */
    ExecutionCheck NONE = run -> List.of();

    /**
     * The violations of one completed execution; empty when it is correct.
     *
     * @throws RuntimeException an exception is reported as a failure of the check itself, with the schedule
     */
    List<Violation> check(ExploredRun run);

    /** This check, then {@code other}. */
    default ExecutionCheck and(ExecutionCheck other) {
        return run -> {
            List<Violation> a = check(run);
            List<Violation> b = other.check(run);
            if (a.isEmpty()) {
                return b;
            }
            if (b.isEmpty()) {
                return a;
            }
            List<Violation> all = new java.util.ArrayList<>(a);
            all.addAll(b);
            return all;
        };
    }
}
