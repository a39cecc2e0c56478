package remo.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.opentest4j.TestAbortedException;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.checker.robust.LimitReachedException;
import remo.checker.robust.Notion;
import remo.checker.robust.Repair;
import remo.checker.robust.RepairResult;
import remo.checker.robust.Robustness;
import remo.checker.robust.RobustnessReport;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * The checker as a property sees it: one model (the property's {@code model}), the property's flag
 * settings and candidate limit, and every other bundled model by name. Flags are those of
 * {@code remo check}: the defaults of models.md §8, then the program's {@code flags} line, then the
 * property's {@code --set} settings. Models are loaded once per handle. Thread-safe.
 *
 * <p>Limits: a check that explores more than {@link #maxExecutions()} candidates is partial. The
 * methods that need a complete answer ({@link #states}, {@link #robustness}, {@link #repair},
 * {@link #isRobust}) then throw {@link TestAbortedException}: the try is discarded and counted in the
 * property's statistics, not passed.
 */
public final class Checker {
    private final String modelName;
    private final Map<Flag, String> settings;
    private final long maxExecutions;
    private final ModelLibrary library = new ModelLibrary();
    private final Map<String, CatModel> models = new ConcurrentHashMap<>();

    /**
     * @param model         a bundled model name or a {@code .cat} file, as {@code --model}
     * @param flagSettings  {@code FLAG=VALUE} settings of models.md §8, as {@code --set}
     * @param maxExecutions the most candidates one check explores (as {@code --max-executions}; 0 = no limit)
     * @throws IllegalArgumentException for an unknown model (its E-MODEL diagnostic), a malformed setting, an
     *                                  unknown flag or value, or a negative limit
     */
    public Checker(String model, List<String> flagSettings, long maxExecutions) {
        this.modelName = Objects.requireNonNull(model, "model");
        this.settings = parseSettings(flagSettings);
        if (maxExecutions < 0) {
            throw new IllegalArgumentException("maxExecutions must be >= 0, found " + maxExecutions);
        }
        this.maxExecutions = maxExecutions;
        model(model);
    }

    /** A handle for {@code model} with the default flags and no candidate limit. */
    public static Checker of(String model) {
        return new Checker(model, List.of(), 0);
    }

    private static Map<Flag, String> parseSettings(List<String> flagSettings) {
        Map<Flag, String> out = new java.util.EnumMap<>(Flag.class);
        for (String s : flagSettings) {
            int eq = s.indexOf('=');
            Flag f = eq < 0 ? null : Flag.byName(s.substring(0, eq)).orElse(null);
            if (f == null) {
                throw new IllegalArgumentException("flag setting '" + s + "': expected FLAG=VALUE with FLAG one of "
                        + java.util.Arrays.toString(Flag.values()));
            }
            String value = s.substring(eq + 1);
            if (!f.allowedValues().contains(value)) {
                throw new IllegalArgumentException(f.unknownValueMessage(value));
            }
            out.put(f, value);
        }
        return out;
    }

    /** The property's model name (or {@code .cat} path). */
    public String modelName() {
        return modelName;
    }

    /** The candidate limit of each check (0 = none). */
    public long maxExecutions() {
        return maxExecutions;
    }

    /** The property's flag settings as {@code FLAG=VALUE}, in the order of models.md §8. */
    public List<String> flagSettings() {
        List<String> out = new ArrayList<>();
        settings.forEach((f, v) -> out.add(f.name() + "=" + v));
        return out;
    }

    /** The property's model. */
    public CatModel model() {
        return model(modelName);
    }

    /**
     * The model {@code name}, loaded once.
     *
     * @param name a bundled model name or a {@code .cat} file
     * @throws IllegalArgumentException with the E-MODEL (or cat) diagnostic if it cannot be loaded
     */
    public CatModel model(String name) {
        CatModel m = models.get(name);
        if (m != null) {
            return m;
        }
        try {
            m = library.load(name);
        } catch (DiagnosticException e) {
            throw new IllegalArgumentException(e.diagnostic().format(), e);
        }
        models.putIfAbsent(name, m);
        return m;
    }

    /** The flags {@code p} is checked under: defaults, its flag line, then the property's settings. */
    public FlagValues flags(Program p) {
        return FlagValues.defaults().withAll(p.flags()).withAll(settings);
    }

    /** The options of each check: the candidate limit. */
    public CheckOptions options() {
        return maxExecutions == 0 ? CheckOptions.defaults() : CheckOptions.defaults().withMaxExecutions(maxExecutions);
    }

    /**
     * Whether the property's model accepts every instruction of {@code p} (no E-UNSUPPORTED,
     * language.md §6.2 step 5); for filtering a directory of tests.
     */
    public boolean supports(Program p) {
        try {
            AxiomaticChecker.check(p, model(), flags(p), CheckOptions.defaults().withMaxExecutions(1));
            return true;
        } catch (LitmusException e) {
            return false;
        }
    }

    /**
     * {@code remo check --model MODEL} on {@code p}: states, counts, verdict.
     *
     * @return the result; {@link CheckResult#partial()} if the candidate limit stopped it
     * @throws LitmusException E-UNSUPPORTED if the model rejects an instruction of {@code p}
     */
    public CheckResult check(Program p) throws LitmusException {
        return check(p, modelName);
    }

    /** As {@link #check(Program)} under another model. */
    public CheckResult check(Program p, String model) throws LitmusException {
        return AxiomaticChecker.check(p, model(model), flags(p), options());
    }

    /**
     * The final states of every execution of {@code p} that {@code model} allows, over every location
     * and register ({@link CheckResult#fullStates()}).
     *
     * @throws LitmusException     E-UNSUPPORTED if the model rejects an instruction of {@code p}
     * @throws TestAbortedException if the candidate limit stopped the check (the try is discarded)
     */
    public Set<FinalState> states(Program p, String model) throws LitmusException {
        CheckResult r = check(p, model);
        if (r.partial()) {
            throw limitReached(p, model + ": " + r.partialReason());
        }
        return r.fullStates();
    }

    /** As {@link #states(Program, String)} under the property's model. */
    public Set<FinalState> states(Program p) throws LitmusException {
        return states(p, modelName);
    }

    /**
     * The robustness analysis of {@code remo robust} (models.md §10) with the property's model as the
     * weak model and its strong counterpart ({@code rdma-sc-rmw}, or {@code sc} for {@code tso}).
     *
     * @throws IllegalArgumentException if the property's model has no strong counterpart
     * @throws LitmusException          E-UNSUPPORTED if a model rejects an instruction of {@code p}
     * @throws TestAbortedException     if the candidate limit stopped an enumeration (the try is discarded)
     */
    public RobustnessReport robustness(Program p) throws LitmusException {
        try {
            return robustnessAnalysis(p).analyse(p);
        } catch (LimitReachedException e) {
            throw limitReached(p, e.getMessage());
        }
    }

    /**
     * Whether {@code p} is robust in {@code notion} against the strong counterpart of the property's
     * model; stops at the first violating execution.
     *
     * @throws IllegalArgumentException if the property's model has no strong counterpart
     * @throws LitmusException          E-UNSUPPORTED if a model rejects an instruction of {@code p}
     * @throws TestAbortedException     if the candidate limit stopped an enumeration (the try is discarded)
     */
    public boolean isRobust(Program p, Notion notion) throws LitmusException {
        Robustness r = robustnessAnalysis(p);
        try {
            return r.isRobust(p, notion, r.strongStates(p));
        } catch (LimitReachedException e) {
            throw limitReached(p, e.getMessage());
        }
    }

    /**
     * The fence-insertion repair of {@code remo robust --repair --notion NOTION --bound BOUND}
     * (models.md §10.3), the first one in the canonical order.
     *
     * @param bound the most insertions K (the command's default is 3)
     * @throws IllegalArgumentException if the property's model has no strong counterpart
     * @throws LitmusException          E-UNSUPPORTED if a model rejects an instruction of {@code p}
     * @throws TestAbortedException     if the candidate limit stopped an enumeration (the try is discarded)
     */
    public RepairResult repair(Program p, Notion notion, int bound) throws LitmusException {
        try {
            return new Repair(robustnessAnalysis(p)).find(p, notion, bound, false);
        } catch (LimitReachedException e) {
            throw limitReached(p, e.getMessage());
        }
    }

    private Robustness robustnessAnalysis(Program p) {
        String strong = Robustness.strongCounterpart(model().name());
        if (strong == null) {
            throw new IllegalArgumentException("the model " + modelName + " has no strong counterpart (models.md §10 "
                    + "names one for rdma-tso, rdma-tso-rmw, rdma-wait-rmw and tso)");
        }
        return new Robustness(model(), model(strong), flags(p), options());
    }

    private static TestAbortedException limitReached(Program p, String why) {
        return new LimitReachedAbort("discarded " + p.name() + ": a limit was reached (" + why + ")");
    }

    /** The abort of a try whose check hit the candidate limit; counted apart in the statistics. */
    static final class LimitReachedAbort extends TestAbortedException {
        private static final long serialVersionUID = 1L;

        LimitReachedAbort(String message) {
            super(message);
        }
    }
}
