package remo.cli.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import remo.checker.CheckOptions;
import remo.checker.Execution;
import remo.litmus.Program;

/**
 * Which executions to draw or list ({@code --show witness|allowed|forbidden|all}), and how to ask
 * the engine for them ({@link CheckOptions#collecting}).
 */
public enum ShowMode {
    /** Consistent executions whose final state satisfies the condition (herd7's default). */
    WITNESS(CheckOptions.Collect.WITNESS),
    /** Every consistent execution. */
    ALLOWED(CheckOptions.Collect.ALLOWED),
    /**
     * Candidates the model rejects, those whose final state satisfies the condition first: they
     * show why the condition is unreachable. Disables pruning in the engine.
     */
    FORBIDDEN(CheckOptions.Collect.FORBIDDEN),
    /** Every candidate, consistent or not. Disables pruning in the engine. */
    ALL(CheckOptions.Collect.ALL);

    /** How many candidates {@link #FORBIDDEN} keeps at most to pick from (the HTML report uses it too). */
    public static final int CANDIDATE_POOL = 4096;

    private final CheckOptions.Collect collect;

    ShowMode(CheckOptions.Collect collect) {
        this.collect = collect;
    }

    /** The lower-case word used on the command line. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code word} (case-insensitive), or {@code null}. */
    public static ShowMode byWord(String word) {
        for (ShowMode m : values()) {
            if (m.word().equalsIgnoreCase(word)) {
                return m;
            }
        }
        return null;
    }

    /**
     * Engine options that collect the executions this mode needs.
     *
     * @param base the run's options
     * @param max  how many executions will be drawn at most (&ge; 1)
     * @return {@code base} collecting this mode's executions
     */
    public CheckOptions collecting(CheckOptions base, int max) {
        int keep = this == FORBIDDEN ? Math.max(max, CANDIDATE_POOL) : max;
        return base.collecting(collect, keep);
    }

    /**
     * Picks the executions to draw from those an engine collected in this mode: at most
     * {@code max}, in enumeration order, except that {@link #FORBIDDEN} puts the candidates whose
     * final state satisfies the condition first.
     */
    public List<Execution> select(List<Execution> collected, int max) {
        List<Execution> out = new ArrayList<>(collected);
        if (this == FORBIDDEN) {
            out.sort(Comparator.comparing(x -> !satisfiesCondition(x)));
        }
        return out.subList(0, Math.min(max, out.size()));
    }

    /** Whether an execution's final state passes the filter and satisfies the condition's proposition. */
    public static boolean satisfiesCondition(Execution x) {
        Program p = x.structure().program();
        boolean inFilter = p.filter() == null || p.filter().eval(x.finalState()::get);
        return inFilter && p.condition().eval(x.finalState()::get);
    }
}
