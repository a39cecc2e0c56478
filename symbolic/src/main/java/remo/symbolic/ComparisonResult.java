package remo.symbolic;

import remo.litmus.Program;

/**
 * The answer to "is there an execution of at most N events that {@code allowing} accepts and
 * {@code forbidding} rejects?".
 *
 * @param outcome          what was found
 * @param allowing         label of the first side ({@link ModelSide#label()})
 * @param forbidding       label of the second side
 * @param events           DISTINGUISHED/UNCONFIRMED: the number of events of the execution found;
 *                         INCLUDED: the bound ({@code maxEvents}); LIMIT: the largest size
 *                         searched completely (0 if none)
 * @param threads          the thread bound used
 * @param nodes            the node bound used (1 when neither model nor any accepted instruction
 *                         can tell nodes apart, see {@link #nodesNote})
 * @param execution        the execution found, or {@code null}
 * @param test             the litmus test built from it, or {@code null}
 * @param verdictAllowing  the checker's verdict on the test under the first side ({@code Allowed},
 *                         {@code Forbidden}, {@code Undecided}), or {@code null}
 * @param verdictForbidding the checker's verdict under the second side, or {@code null}
 * @param candidates       distinguishing executions examined (CEGIS refinements and tests that
 *                         failed confirmation included)
 * @param seconds          wall-clock time of the whole comparison
 * @param note             why the search stopped early (LIMIT, UNCONFIRMED), or {@code null}
 * @param nodesNote        why the node bound was lowered, or {@code null}
 */
public record ComparisonResult(Outcome outcome, String allowing, String forbidding, int events, int threads, int nodes,
                               CandidateExecution execution, Program test, String verdictAllowing,
                               String verdictForbidding, int candidates, double seconds, String note, String nodesNote) {

    /** What a comparison found. */
    public enum Outcome {
        /** An execution and a litmus test that the checker confirms: Allowed under the first side, Forbidden under the second. */
        DISTINGUISHED,
        /** No execution of at most {@code events} events is accepted by the first side and rejected by the second. */
        INCLUDED,
        /** Distinguishing executions exist at {@code events} events, but no test built from them was confirmed. */
        UNCONFIRMED,
        /** The time limit or an interruption (Ctrl-C) stopped the search; sizes up to {@code events} are included. */
        LIMIT
    }

    /** One line summing the result up, as {@code remo compare-models} prints it. */
    public String summary() {
        // labelled as the search bound: after a one-thread witness, "(4 threads, 2 nodes)" read as the witness's size
        String bounds = " (searched up to " + threads + (threads == 1 ? " thread, " : " threads, ") + nodes
                + (nodes == 1 ? " node" : " nodes") + "; " + String.format(java.util.Locale.ROOT, "%.1f s", seconds) + ")";
        switch (outcome) {
            case DISTINGUISHED:
                return "Distinguished: " + test.name() + ", " + ModelComparator.events(events) + ", Allowed under " + allowing
                        + ", Forbidden under " + forbidding + bounds;
            case INCLUDED:
                return "Included: no execution of at most " + ModelComparator.events(events) + " is consistent under " + allowing
                        + " and not under " + forbidding + bounds;
            case UNCONFIRMED:
                return "Unconfirmed: executions of " + ModelComparator.events(events) + " are consistent under " + allowing + " and not under "
                        + forbidding + ", but no test built from them was confirmed by the checker (" + note + ")" + bounds;
            default:
                return "Limit: no execution of at most " + ModelComparator.events(events) + " is consistent under " + allowing
                        + " and not under " + forbidding + "; " + note + bounds;
        }
    }
}
