package remo.nic.explore;

import java.util.List;

/**
 * The result of an exploration.
 *
 * @param executions      runs that completed and were checked, or deadlocked
 * @param stuck           of those, runs in which a thread could never finish, when that is not a
 *                        violation ({@link ExplorationOptions#deadlockIsViolation()} off)
 * @param pruned          runs stopped early because all their schedules had been run (sleep sets)
 * @param discarded       runs not checked because a thread stopped at an attempt it declared failed
 *                        ({@link remo.nic.Endpoint#attemptFailed()}) that a retry might later pass: a
 *                        run in which the attempt comes later covers each
 * @param cut             runs stopped at the bound on steps per run (not checked; each one is a
 *                        place the exploration did not cover, so the result is partial)
 * @param races           races found between dependent steps (each reversed or not reversible)
 * @param steps           scheduler steps taken over all runs
 * @param counterexamples the violations found, each with its run, shrunk when asked
 * @param limit           why the exploration stopped before it had run every schedule within its
 *                        bounds, or {@code null} when it ran them all (or stopped at a violation)
 * @param seconds         wall time of the exploration
 * @param firstCut        the first cut run's diagnosis (each thread's pending call, the words it spins on) and its
 *                        trace cut to the last steps (nic.md §5.1), or {@code null} when no run was cut
 */
public record Exploration(long executions, long stuck, long pruned, long discarded, long cut, long races, long steps, List<Counterexample> counterexamples,
                          String limit, double seconds, String firstCut) {
    public Exploration {
        counterexamples = List.copyOf(counterexamples);
    }

    /** Whether no violation was found. */
    public boolean passed() {
        return counterexamples.isEmpty();
    }

    /**
     * Whether every schedule within the bounds was run: no limit stopped it and no run was cut. A
     * passed, complete exploration means "no violation within the bounds".
     */
    public boolean complete() {
        return limit == null && cut == 0;
    }

    /** One line: the verdict, the counts and the time. */
    public String summary() {
        String verdict = !passed() ? counterexamples.size() + " violation" + (counterexamples.size() == 1 ? "" : "s")
                + " (first: " + counterexamples.get(0).violation() + ")"
                : complete() ? "no violation within the bounds" : "no violation found (partial: " + reason() + ")";
        return verdict + "; " + executions + " execution" + (executions == 1 ? "" : "s") + " explored" + (stuck > 0 ? " (" + stuck + " stuck)" : "") + ", " + pruned
                + " pruned, " + (discarded > 0 ? discarded + " discarded at a failed attempt, " : "") + cut + " cut at the step bound; " + String.format(java.util.Locale.ROOT, "%.1f s", seconds);
    }

    /**
     * {@link #summary()}, then, when a run was cut, the first one: its diagnosis and its last steps
     * ({@code trace cut: the last 50 of 5000 scheduler steps are kept, …}), indented.
     */
    public String report() {
        return summary() + cutDetails();
    }

    /**
     * When a run was cut: a new line, then the first cut run's diagnosis and last steps, indented; else
     * the empty string.
     */
    public String cutDetails() {
        return firstCut == null ? "" : "\nthe first run cut at the step bound (not checked: trace cut):\n  "
                + firstCut.replace("\n", "\n  ");
    }

    private String reason() {
        if (limit != null) {
            return limit;
        }
        return cut + " run" + (cut == 1 ? "" : "s") + " reached the step bound";
    }
}
