package remo.cli.playground;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import remo.checker.CheckOptions;
import remo.checker.FinalState;
import remo.checker.TestRunner;
import remo.checker.robust.Insertion;
import remo.checker.robust.LimitReachedException;
import remo.checker.robust.Notion;
import remo.checker.robust.Repair;
import remo.checker.robust.RepairResult;
import remo.checker.robust.Robustness;
import remo.checker.robust.RobustnessReport;
import remo.cli.EngineName;
import remo.cli.report.GraphBuilder;
import remo.cli.report.GraphDrawing;
import remo.cli.report.JsonResults;
import remo.cli.report.ResultDocument;
import remo.cli.report.SvgRenderer;
import remo.conformance.LitmusRunner;
import remo.conformance.LitmusSimulator;
import remo.conformance.SimulationReport;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.Position;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.nic.SchedulerPolicy;

/**
 * The playground's robustness analysis with fence repair ({@code POST /api/robust}, as
 * {@code remo robust --repair}: {@link Robustness}, {@link Repair}) and simulation
 * ({@code POST /api/simulate}, as {@code remo simulate}: {@link LitmusSimulator}). The answers
 * carry the library's results as JSON, the violating execution drawn, and the repaired program
 * with where the fences go.
 */
final class AnalysisService {
    /** Simulation runs when a request does not say. */
    static final int DEFAULT_RUNS = 200;

    private final PlaygroundLimits limits;
    private final RequestFields fields;

    AnalysisService(PlaygroundLimits limits) {
        this.limits = limits;
        this.fields = new RequestFields(limits);
    }

    /**
     * The answer to a robustness request.
     *
     * @param schema     {@value ApiMessages#SCHEMA}
     * @param name       the test's name
     * @param weak       the weak model
     * @param strong     the strong model
     * @param stateRobust whether the final states are those of the strong model (null when unknown)
     * @param traceRobust whether every weak execution is consistent under the strong model (null when unknown)
     * @param weakStates  the weak model's final states
     * @param strongStates the strong model's
     * @param stateOnlyWeak a state only the weak model reaches, or null
     * @param violation   the violating execution drawn against the strong model's check, or null
     * @param repairs     one per notion repaired for
     * @param unknown     why the analysis or the repair stopped (a limit), or null
     * @param errors      the error in the test or the models, located
     * @param seconds     the request's time on the server
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"schema", "name", "weak", "strong", "stateRobust", "traceRobust", "weakStates", "strongStates",
            "stateOnlyWeak", "violation", "repairs", "unknown", "errors", "seconds"})
    record RobustAnswer(String schema, String name, String weak, String strong, Boolean stateRobust, Boolean traceRobust,
                        List<String> weakStates, List<String> strongStates, String stateOnlyWeak, ApiMessages.Graph violation,
                        List<RepairAnswer> repairs, String unknown, List<ResultDocument.Diagnostic> errors, double seconds) {
    }

    /**
     * One repair search.
     *
     * @param notion      {@code state} or {@code trace}
     * @param description as {@code remo robust} prints it ({@code P0: rfence 2 before instruction 2}, {@code none needed})
     * @param insertions  the first repair's insertions
     * @param tried       insertion sets checked
     * @param repaired    the repaired program's text, or null when there is none (or it has no text)
     * @param marks       where the inserted fences are in {@code repaired}
     */
    record RepairAnswer(String notion, String description, List<InsertionAnswer> insertions, long tried, String repaired,
                        List<RepairMarks.Mark> marks) {
    }

    /**
     * One inserted fence.
     *
     * @param thread      the thread index
     * @param before      the 1-based original instruction it precedes
     * @param instruction its text ({@code rfence 2})
     * @param roundTrips  NIC round trips it costs
     * @param cpuFences   CPU fences it costs
     */
    record InsertionAnswer(int thread, int before, String instruction, int roundTrips, int cpuFences) {
    }

    /**
     * The answer to a simulation.
     *
     * @param schema     {@value ApiMessages#SCHEMA}
     * @param name       the test's name
     * @param model      the model of the allowed set
     * @param runs       runs made
     * @param completed  runs that reached a final state
     * @param discarded  runs a false {@code assume} discarded
     * @param stuck      runs that could never finish
     * @param failed     runs in which a thread threw
     * @param cut        runs the step budget stopped (nic.md §5.1; their last steps are in {@code report}), absent
     *                   when none was
     * @param allowedPartial whether the allowed set is partial (a limit)
     * @param rows       one per state observed or allowed
     * @param covered    allowed states observed
     * @param verdict    the model's verdict on the condition
     * @param ok         whether nothing outside the model was seen
     * @param violations problems found, as text
     * @param report     the report as {@code remo simulate} prints it
     * @param errors     the error in the test or model, located
     * @param seconds    the request's time on the server
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SimulateAnswer(String schema, String name, String model, Integer runs, Long completed, Long discarded, Long stuck,
                          Long failed, Long cut, Boolean allowedPartial, List<Row> rows, Integer covered, String verdict, Boolean ok,
                          List<String> violations, String report, List<ResultDocument.Diagnostic> errors, double seconds) {
    }

    /**
     * One state of a simulation's histogram.
     *
     * @param state     the state line
     * @param observed  runs that ended in it
     * @param model     {@code allowed}, {@code FORBIDDEN}, or {@code unknown} (the allowed set is partial)
     * @param condition whether it satisfies the condition's proposition
     */
    record Row(String state, long observed, String model, boolean condition) {
    }

    /** Validates a robustness request's fields. */
    void validate(ApiMessages.RobustRequest r) throws BadRequest {
        String name = RequestFields.name(r.name(), "playground.litmus", "name");
        fields.text(r.test(), "test", name);
        RequestFields.bundledModel(r.weak(), "weak");
        RequestFields.bundledModel(r.strong(), "strong");
        RequestFields.oneOf(r.notion(), "both", List.of("state", "trace", "both"), "notion");
        RequestFields.count(r.bound() == null ? null : r.bound() + 1, 4, 4, "bound + 1");
        RequestFields.flags(r.set());
        fields.seconds(r.timeout());
    }

    /** Analyses a test's robustness and, if asked, searches its repair. */
    RobustAnswer robust(ApiMessages.RobustRequest r) throws BadRequest {
        long t0 = System.nanoTime();
        validate(r);
        String name = RequestFields.name(r.name(), "playground.litmus", "name");
        String notion = RequestFields.oneOf(r.notion(), "both", List.of("state", "trace", "both"), "notion");
        int bound = r.bound() == null ? 3 : r.bound();
        Map<Flag, String> cliFlags = RequestFields.flags(r.set());
        ModelLibrary library = new ModelLibrary();
        String weakName = RequestFields.bundledModel(r.weak(), "weak");
        String strongName = RequestFields.bundledModel(r.strong(), "strong");
        Program p = null;
        String weak = null;
        String strong = null;
        try {
            p = LitmusParser.parseAndValidate(name, r.test());
            CatModel w = library.load(weakName != null ? weakName : TestRunner.defaultModel(p));
            String counterpart = strongName != null ? strongName : Robustness.strongCounterpart(w.name());
            if (counterpart == null) {
                throw new DiagnosticException(Diagnostic.error("E-MODEL", RequestFields.REQUEST, Position.START,
                        "no strong counterpart is known for model '" + w.name() + "'; name one in field 'strong'"));
            }
            CatModel s = library.load(counterpart);
            weak = w.name();
            strong = s.name();
            FlagValues flags = FlagValues.defaults().withAll(p.flags()).withAll(cliFlags);
            Robustness robustness = new Robustness(w, s, flags, CheckOptions.defaults().withMaxExecutions(limits.maxExecutions()))
                    .withTimeLimit(t0, java.time.Duration.ofNanos((long) (fields.seconds(r.timeout()) * 1e9)));
            RobustnessReport report = robustness.analyse(p);
            ApiMessages.Graph violation = null;
            if (report.traceViolation() != null) {
                GraphDrawing g = new GraphBuilder(s, Set.of(), List.of()).buildJudged(report.traceViolation(),
                        remo.cli.report.GraphWriter.safeName(p.name()) + "-violation");
                violation = new ApiMessages.Graph(1, g.status(), g.caption(), SvgRenderer.render(g));
            }
            List<RepairAnswer> repairs = new ArrayList<>();
            String unknown = null;
            if (r.repair() == null || r.repair()) {
                try {
                    for (Notion n : notion.equals("both") ? List.of(Notion.STATE, Notion.TRACE)
                            : List.of(notion.equals("state") ? Notion.STATE : Notion.TRACE)) {
                        repairs.add(repair(new Repair(robustness).find(p, n, bound, false)));
                    }
                } catch (LimitReachedException e) {
                    unknown = "repair unknown: " + e.getMessage();
                }
            }
            Program prog = p;
            return new RobustAnswer(ApiMessages.SCHEMA, p.name(), weak, strong, report.stateRobust(), report.traceRobust(),
                    texts(report.weakStates(), prog), texts(report.strongStates(), prog),
                    report.stateViolation() == null ? null : report.stateViolation().finalState().format(p), violation, repairs,
                    unknown, null, (System.nanoTime() - t0) / 1e9);
        } catch (DiagnosticException e) {
            return new RobustAnswer(ApiMessages.SCHEMA, p == null ? name : p.name(), weak, strong, null, null, null, null, null,
                    null, null, null, List.of(JsonResults.diagnostic(e.diagnostic())), (System.nanoTime() - t0) / 1e9);
        } catch (LimitReachedException e) {
            return new RobustAnswer(ApiMessages.SCHEMA, p.name(), weak, strong, null, null, null, null, null, null, null,
                    "robustness unknown: " + e.getMessage(), null, (System.nanoTime() - t0) / 1e9);
        }
    }

    private static List<String> texts(Set<FinalState> states, Program p) {
        Set<String> out = new TreeSet<>();
        for (FinalState s : states) {
            out.add(s.format(p));
        }
        return List.copyOf(out);
    }

    private static RepairAnswer repair(RepairResult r) {
        List<InsertionAnswer> insertions = new ArrayList<>();
        List<Insertion> first = r.found() ? r.repairs().get(0) : List.of();
        for (Insertion i : first) {
            insertions.add(new InsertionAnswer(i.thread(), i.before(), i.instruction().toString(), i.cost()[0], i.cost()[1]));
        }
        String text = null;
        List<RepairMarks.Mark> marks = List.of();
        if (r.found() && r.repaired() != null) {
            try {
                text = ProgramPrinter.print(r.repaired());
                marks = RepairMarks.locate(text, first);
            } catch (IllegalArgumentException e) {
                text = null; // a program without litmus text of its own (unrolled x86 code)
            }
        }
        return new RepairAnswer(r.notion().word(), r.describe(), insertions, r.tried(), text, marks);
    }

    /** Validates a simulation request's fields. */
    void validate(ApiMessages.SimulateRequest r) throws BadRequest {
        String name = RequestFields.name(r.name(), "playground.litmus", "name");
        fields.text(r.test(), "test", name);
        RequestFields.bundledModel(r.model(), "model");
        RequestFields.count(r.runs(), DEFAULT_RUNS, limits.maxSimulationRuns(), "runs");
        if (r.seed() != null && remo.core.SeedRange.problem(r.seed(), RequestFields.count(r.runs(), DEFAULT_RUNS,
                limits.maxSimulationRuns(), "runs"), "seed", "runs") != null) {
            throw BadRequest.of("E-REQUEST", "field 'seed': the last seed must fit in 64 bits");
        }
        policy(r);
        RequestFields.flags(r.set());
        fields.seconds(r.timeout());
    }

    private static SchedulerPolicy policy(ApiMessages.SimulateRequest r) throws BadRequest {
        try {
            return SchedulerPolicy.named(r.policy() == null ? "SWARM" : r.policy());
        } catch (IllegalArgumentException e) {
            throw BadRequest.of("E-REQUEST", "field 'policy': " + e.getMessage());
        }
    }

    /** Simulates a test on the NIC in deterministic mode and compares what it observes with the model. */
    SimulateAnswer simulate(ApiMessages.SimulateRequest r) throws BadRequest {
        long t0 = System.nanoTime();
        validate(r);
        String name = RequestFields.name(r.name(), "playground.litmus", "name");
        int runs = RequestFields.count(r.runs(), DEFAULT_RUNS, limits.maxSimulationRuns(), "runs");
        long seed = r.seed() == null ? 0 : r.seed();
        ModelLibrary library = new ModelLibrary();
        try {
            Program p = LitmusParser.parseAndValidate(name, r.test());
            FlagValues flags = FlagValues.defaults().withAll(p.flags()).withAll(RequestFields.flags(r.set()));
            String modelName = RequestFields.bundledModel(r.model(), "model");
            CatModel allowed = library.load(modelName != null ? modelName : TestRunner.defaultModel(p));
            CatModel conformance = library.load(LitmusRunner.conformanceModel(p));
            CheckOptions options = CheckOptions.defaults().withMaxExecutions(limits.maxExecutions())
                    .withTimeout(java.time.Duration.ofNanos((long) (fields.seconds(r.timeout()) * 1e9)));
            SimulationReport report = LitmusSimulator.simulate(p, flags, allowed, conformance,
                    new LitmusSimulator.Options(runs, seed, LitmusSimulator.Mode.DETERMINISTIC, false, policy(r)), options,
                    EngineName.AXIOMATIC.engine());
            List<Row> rows = new ArrayList<>();
            Set<FinalState> states = new TreeSet<>(report.allowedStates());
            states.addAll(report.observed().keySet());
            for (FinalState s : states) {
                boolean ok = report.allowedStates().contains(s);
                rows.add(new Row(s.format(p), report.observed().getOrDefault(s, 0L), ok ? "allowed"
                        : report.allowed().partial() ? "unknown" : "FORBIDDEN", p.condition().eval(s::get)));
            }
            List<String> violations = report.violations().stream()
                    .map(v -> "seed " + v.seed() + ": " + v.kind() + ": " + v.message()).toList();
            return new SimulateAnswer(ApiMessages.SCHEMA, p.name(), report.allowed().model().name(), report.runs(),
                    report.completed(), report.discarded(), report.stuck(), report.failed(),
                    report.cut() == null ? null : report.cut().runs(), report.allowed().partial(), rows,
                    report.coveredStates(), report.allowed().verdictWord(), report.ok(), violations, report.format(), null,
                    (System.nanoTime() - t0) / 1e9);
        } catch (DiagnosticException e) {
            return simulateError(name, e.diagnostic(), t0);
        } catch (IllegalArgumentException e) {
            // as remo simulate: a program the simulator cannot run
            return simulateError(name, Diagnostic.error("E-SIMULATE", name, Position.START, String.valueOf(e.getMessage())), t0);
        }
    }

    private static SimulateAnswer simulateError(String name, Diagnostic d, long t0) {
        return new SimulateAnswer(ApiMessages.SCHEMA, name, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, List.of(JsonResults.diagnostic(d)), (System.nanoTime() - t0) / 1e9);
    }
}
