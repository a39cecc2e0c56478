package remo.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.StateItem;

/**
 * Prints a {@link CheckResult} as herd7's result block (models.md §9.4): {@code Test},
 * {@code States} and one line per state, {@code Ok}/{@code No}, {@code Witnesses},
 * {@code Positive:}/{@code Negative:}, {@code Flag} lines, {@code Condition}, {@code Observation} (ending in
 * {@code (partial)} when a limit cut the run short),
 * {@code Blocked}, {@code Warning:} lines and {@code Time}.
 */
final class ResultPrinter {

    private ResultPrinter() {
    }

    /** The block for one result, each line ending with a newline. */
    static String block(CheckResult r) {
        return block(r, false);
    }

    /**
     * The block for one result.
     *
     * @param showBlocked whether to list where blocked executions block ({@code --show-blocked})
     */
    static String block(CheckResult r, boolean showBlocked) {
        Program p = r.program();
        StringBuilder sb = new StringBuilder();
        sb.append("Test ").append(p.name()).append(' ').append(p.quantifier().kind()).append('\n');
        sb.append("States ").append(r.states().size()).append('\n');
        // each item's printed name once per block, not once per state (a test can have thousands of states)
        Map<StateItem, String> names = new HashMap<>();
        Function<StateItem, String> name = item -> names.computeIfAbsent(item, p::displayName);
        for (Map.Entry<FinalState, Long> e : r.states().entrySet()) {
            sb.append(e.getKey().format(name)).append('\n');
        }
        sb.append(r.ok() ? "Ok" : "No").append('\n');
        sb.append("Witnesses\n");
        sb.append("Positive: ").append(r.printedPositive()).append(" Negative: ").append(r.printedNegative()).append('\n');
        for (String f : r.raisedFlags()) {
            sb.append("Flag ").append(f).append('\n');
        }
        sb.append("Condition ").append(conditionText(p)).append('\n');
        sb.append("Observation ").append(p.name()).append(' ').append(r.observation().word()).append(' ')
                .append(r.positive()).append(' ').append(r.negative());
        if (r.partial()) {
            // herd7's line shape, marked: a reader (or a log tool) must not take a cut-short run's word as the verdict
            sb.append(" (partial)");
        }
        sb.append('\n');
        if (r.blocked() > 0) {
            sb.append("Blocked ").append(r.blocked()).append('\n');
            if (showBlocked) {
                for (Map.Entry<String, Long> e : r.blockedAt().entrySet()) {
                    sb.append("Blocked at ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
                }
            }
        }
        if (!r.statistics().blockedExact()) {
            // also when the limit struck before any blocked candidate was counted (no Blocked line)
            sb.append("Warning: Blocked is a lower bound, every state was found: ").append(r.statistics().blockedLimit())
                    .append('\n');
        }
        if (r.partial()) {
            sb.append("Warning: partial result, states found so far: ").append(r.partialReason()).append('\n');
            if (!r.decided()) {
                sb.append("Warning: no witness among the executions explored: the verdict is undecided, not Forbidden\n");
            }
        }
        for (remo.core.Diagnostic w : r.warnings()) {
            if (w.code().equals("W-UNROLL")) {
                // a bound on the executions explored, shown where the verdict is (herd7 warns on standard error)
                sb.append("Warning: ").append(w.shownMessage()).append('\n');
            }
        }
        if (r.noCompleteExecution() && !r.partial()) {
            sb.append("Warning: no complete execution\n");
        }
        sb.append("Time ").append(p.name()).append(' ').append(ColumnText.twoDecimals(r.seconds())).append('\n');
        return sb.toString();
    }

    /** The condition as herd7 prints it: {@code exists (0:EAX=0 /\ 1:EAX=0)}. */
    static String conditionText(Program p) {
        return p.quantifier().keyword() + " (" + ProgramPrinter.printProp(p.condition(), p.dialect()) + ")";
    }
}
