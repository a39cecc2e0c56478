package remo.nic;

import java.util.List;

/**
 * The last part of a deterministic run that a bound stopped (its step budget or the recorder's event
 * bound, nic.md §5.1): the last {@link #KEPT_STEPS} scheduler steps in words, and how many steps came
 * before them and were left out. A run stopped that way is not a whole execution, so its execution
 * graph is not built ({@link RunResult#trace()} is empty) and no conformance check judges it; this
 * cut is what is kept instead, in memory bounded by {@link #KEPT_STEPS} whatever the run's length.
 *
 * @param lastSteps the last steps, oldest first, one line each ({@code step 4999: CPU(waiter@2:
 *                  Load[region=flag@2, offset=0]) → 0}); at most {@link #KEPT_STEPS}
 * @param cutSteps  the steps before {@code lastSteps} that were left out (the run's steps are
 *                  {@code cutSteps + lastSteps.size()})
 */
public record TraceCut(List<String> lastSteps, long cutSteps) {
    /** How many of the last steps a stopped run keeps (and every report shows). */
    public static final int KEPT_STEPS = 50;

    /** Copies the lines; rejects a negative count or more lines than {@link #KEPT_STEPS}. */
    public TraceCut {
        lastSteps = List.copyOf(lastSteps);
        if (cutSteps < 0 || lastSteps.size() > KEPT_STEPS) {
            throw new IllegalArgumentException("a trace cut keeps at most " + KEPT_STEPS + " steps and cuts a count >= 0, got "
                    + lastSteps.size() + " and " + cutSteps);
        }
    }

    /** The steps the run took: those left out and those kept. */
    public long totalSteps() {
        return cutSteps + lastSteps.size();
    }

    /**
     * The first line of every report of a cut run: {@code trace cut: the last 50 of 5000 scheduler
     * steps are kept, 4950 earlier steps left out (not checked: trace cut)}.
     */
    public String headline() {
        return "trace cut: the last " + lastSteps.size() + " of " + totalSteps() + " scheduler steps are kept, " + cutSteps
                + " earlier step" + (cutSteps == 1 ? "" : "s") + " left out (not checked: trace cut)";
    }

    /** {@link #headline()}, then the kept steps, one per line indented by {@code indent}. */
    public String format(String indent) {
        StringBuilder sb = new StringBuilder(headline());
        for (String s : lastSteps) {
            sb.append('\n').append(indent).append(s);
        }
        return sb.toString();
    }
}
