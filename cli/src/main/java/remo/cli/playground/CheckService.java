package remo.cli.playground;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.checker.CheckOptions;
import remo.checker.Execution;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.cli.EngineName;
import remo.cli.report.GraphBuilder;
import remo.cli.report.GraphDrawing;
import remo.cli.report.JsonResults;
import remo.cli.report.ResultDocument;
import remo.cli.report.ShowRequest;
import remo.cli.report.SvgRenderer;
import remo.core.Flag;
import remo.models.CatModel;
import remo.models.ModelLibrary;


/**
 * The playground's checks ({@code POST /api/check}) and comparisons under two models
 * ({@code POST /api/compare}): the test runs through the checker's {@link TestRunner} and its
 * result becomes the {@code remo-result/1} document exactly as {@code remo check --json
 * --json-executions} makes it ({@link JsonResults}), with each listed execution drawn by
 * {@link GraphBuilder} and {@link SvgRenderer}. Nothing here decides a verdict.
 */
final class CheckService {
    /** Executions listed when a request does not say. */
    static final int DEFAULT_GRAPHS = 50;

    private final PlaygroundLimits limits;
    private final RequestFields fields;
    private final String tool;

    /**
     * @param limits the server's limits
     * @param tool   the program and version, as the document's {@code tool}
     */
    CheckService(PlaygroundLimits limits, String tool) {
        this.limits = limits;
        this.fields = new RequestFields(limits);
        this.tool = tool;
    }

    /** The options of one check request, validated. */
    private record Options(String test, String name, Map<Flag, String> flags, EngineName engine, ShowRequest show,
                           int maxGraphs, double timeout, long maxExecutions, Set<String> skipped) {
    }

    /** A model choice of a request, validated: a bundled name or a cat text (or neither: the default). */
    private record ModelChoice(String model, String cat, String catName) {
    }

    /**
     * Validates a request's fields (before it waits for a slot).
     *
     * @throws BadRequest for a missing or bad field
     */
    void validate(ApiMessages.CheckRequest r, boolean compare) throws BadRequest {
        options(r);
        first(r);
        if (compare) {
            second(r);
        }
    }

    private Options options(ApiMessages.CheckRequest r) throws BadRequest {
        String name = RequestFields.name(r.name(), "playground.litmus", "name");
        String test = fields.text(r.test(), "test", name);
        EngineName engine = EngineName.byName(RequestFields.oneOf(r.engine(), "axiomatic", List.of("axiomatic", "operational"),
                "engine"));
        List<String> words = new ArrayList<>();
        words.add(RequestFields.oneOf(r.show(), "allowed", List.of("witness", "allowed", "forbidden", "all"), "show"));
        if (r.relations() != null) {
            for (String rel : r.relations()) {
                if (rel == null || !rel.matches("[A-Za-z_][A-Za-z0-9_.\\-]{0,63}")) {
                    throw BadRequest.of("E-REQUEST", "field 'relations' must list relation names");
                }
                words.add(rel);
            }
        }
        ShowRequest show;
        try {
            show = ShowRequest.parse(List.of(String.join(",", words)));
        } catch (IllegalArgumentException e) {
            throw BadRequest.of("E-REQUEST", e.getMessage());
        }
        int graphs = RequestFields.count(r.maxGraphs(), Math.min(DEFAULT_GRAPHS, limits.maxGraphs()), limits.maxGraphs(),
                "maxGraphs");
        long maxExecutions = r.maxExecutions() == null ? limits.maxExecutions() : r.maxExecutions();
        if (maxExecutions < 1 || maxExecutions > limits.maxExecutions()) {
            throw BadRequest.of("E-REQUEST", "field 'maxExecutions' must be between 1 and " + limits.maxExecutions());
        }
        Set<String> skipped = new LinkedHashSet<>(r.skipcheck() == null ? List.of() : r.skipcheck());
        return new Options(test, name, RequestFields.flags(r.set()), engine, show, graphs, fields.seconds(r.timeout()),
                maxExecutions, skipped);
    }

    private ModelChoice first(ApiMessages.CheckRequest r) throws BadRequest {
        return choice(r.model(), r.cat(), r.catName(), "model", "cat", "catName", "model.cat");
    }

    private ModelChoice second(ApiMessages.CheckRequest r) throws BadRequest {
        if (r.model2() == null && r.cat2() == null) {
            throw BadRequest.of("E-REQUEST", "a comparison needs a second model: field 'model2' or 'cat2'");
        }
        return choice(r.model2(), r.cat2(), r.catName2(), "model2", "cat2", "catName2", "model2.cat");
    }

    private ModelChoice choice(String model, String cat, String catName, String modelField, String catField, String nameField,
                               String fallback) throws BadRequest {
        String shown = RequestFields.name(catName, fallback, nameField);
        if (cat != null) {
            return new ModelChoice(null, fields.text(cat, catField, shown), shown);
        }
        return new ModelChoice(RequestFields.bundledModel(model, modelField), null, shown);
    }

    /**
     * Checks the request's test under its model.
     *
     * @throws BadRequest for a missing or bad field
     */
    ApiMessages.CheckAnswer check(ApiMessages.CheckRequest r) throws BadRequest {
        long t0 = System.nanoTime();
        return run(options(r), first(r), t0);
    }

    /**
     * Checks the request's test under its two models, one after the other, each with the request's
     * limits, and lists the states only one of them allows.
     *
     * @throws BadRequest for a missing or bad field
     */
    ApiMessages.CompareAnswer compare(ApiMessages.CheckRequest r) throws BadRequest {
        long t0 = System.nanoTime();
        Options o = options(r);
        ModelChoice second = second(r);
        ApiMessages.CheckAnswer a = run(o, first(r), t0);
        ApiMessages.CheckAnswer b = run(o, second, System.nanoTime());
        Set<String> sa = states(a.result());
        Set<String> sb = states(b.result());
        List<String> onlyA = sa.stream().filter(s -> !sb.contains(s)).toList();
        List<String> onlyB = sb.stream().filter(s -> !sa.contains(s)).toList();
        return new ApiMessages.CompareAnswer(ApiMessages.SCHEMA, a, b, onlyA, onlyB, (System.nanoTime() - t0) / 1e9);
    }

    private static Set<String> states(ResultDocument d) {
        Set<String> out = new LinkedHashSet<>();
        for (ResultDocument.Test t : d.tests()) {
            if (t.states() != null) {
                t.states().forEach(s -> out.add(s.text()));
            }
        }
        return out;
    }

    private ApiMessages.CheckAnswer run(Options o, ModelChoice m, long t0) {
        ModelLibrary library = new ModelLibrary();
        CatModel model;
        try {
            model = RequestFields.model(library, m.model(), m.cat(), m.catName());
        } catch (remo.core.DiagnosticException e) {
            // as remo check --json with a bad --model: no test, the run's error
            ResultDocument d = JsonResults.document(tool, List.of(), List.of(e.diagnostic()));
            return new ApiMessages.CheckAnswer(ApiMessages.SCHEMA, d, List.of(), 0, (System.nanoTime() - t0) / 1e9);
        }
        CheckOptions options = CheckOptions.defaults().withMaxExecutions(o.maxExecutions())
                .withTimeout(Duration.ofNanos((long) (o.timeout() * 1e9))).skipping(o.skipped());
        options = o.show().mode().collecting(options, o.maxGraphs());
        String modelArg = m.cat() != null ? m.catName() : m.model();
        TestRunner runner = new TestRunner(library, modelArg, o.flags(), options, o.engine().engine(), Map.of());
        if (model != null && m.cat() != null) {
            runner.preloaded(modelArg, model);
        }
        TestOutcome outcome = runner.runText(o.test(), o.name());
        List<ApiMessages.Graph> graphs = new ArrayList<>();
        List<ResultDocument.ExecutionEntry> executions = List.of();
        int undrawn = 0;
        if (outcome.ran()) {
            CatModel used = outcome.result().model();
            List<Execution> chosen = o.show().mode().select(outcome.result().executions(), o.maxGraphs());
            executions = JsonResults.executions(chosen, used, o.skipped());
            GraphBuilder builder = new GraphBuilder(used, o.skipped(), o.show().relations());
            String base = remo.cli.report.GraphWriter.safeName(outcome.result().program().name());
            for (int k = 0; k < chosen.size(); k++) {
                if (remo.core.Interruption.requested()) {
                    // stopped (time limit, memory budget, cancel) while drawing: the rest stays undrawn
                    undrawn = chosen.size() - k;
                    break;
                }
                GraphDrawing g = builder.build(chosen.get(k), base + "-" + (k + 1));
                graphs.add(new ApiMessages.Graph(k + 1, g.status(), g.caption(), SvgRenderer.render(g)));
            }
        }
        ResultDocument d = JsonResults.document(tool, List.of(JsonResults.test(outcome, null, executions)));
        return new ApiMessages.CheckAnswer(ApiMessages.SCHEMA, d, graphs, undrawn, (System.nanoTime() - t0) / 1e9);
    }
}
