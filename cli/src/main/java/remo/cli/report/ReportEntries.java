package remo.cli.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import remo.checker.Execution;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.checker.Verdict;
import remo.models.CatModel;

/**
 * Makes the {@link ReportEntry} of each test of an HTML report: the program text, the result, and
 * one drawing: a witness when the condition is reachable, otherwise a candidate that reaches the
 * condition with the check that rejects it highlighted ("why forbidden"), found by a second,
 * unpruned run; if no candidate reaches the condition, one allowed execution.
 */
public final class ReportEntries {
    private final TestRunner rejectedRunner;
    private final Graphviz graphviz;
    private final Set<String> skippedChecks;

    /**
     * @param rejectedRunner a runner whose options collect every candidate
     *                       ({@link ShowMode#ALL}{@code .collecting}), with an execution limit
     * @param graphviz       the SVG renderer, or {@code null} to show DOT text
     * @param skippedChecks  checks the runs ignore
     */
    public ReportEntries(TestRunner rejectedRunner, Graphviz graphviz, Set<String> skippedChecks) {
        this.rejectedRunner = rejectedRunner;
        this.graphviz = graphviz;
        this.skippedChecks = Set.copyOf(skippedChecks);
    }

    /**
     * The entry of one test.
     *
     * @param file      the file
     * @param o         its outcome from a runner collecting one witness ({@link ShowMode#WITNESS})
     * @param model     the model of the run, or {@code null} if the test did not run
     * @param expected  the expected verdict, or {@code null}
     * @return the entry; never throws for a test that cannot be drawn (the caption says why)
     */
    public ReportEntry entry(Path file, TestOutcome o, CatModel model, Verdict expected) {
        String source;
        try {
            source = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            source = null;
        }
        if (!o.ran() || model == null) {
            return new ReportEntry(o.file(), o.name(), source, null, o.error(), expected, null, null, null);
        }
        String base = GraphWriter.safeName(o.name());
        GraphBuilder builder = new GraphBuilder(model, skippedChecks, List.of());
        GraphDrawing graph = null;
        String caption;
        List<Execution> witnesses = o.result().executions();
        if (!witnesses.isEmpty()) {
            graph = builder.build(witnesses.get(0), base + "-witness");
            caption = "A witness: an execution the model allows whose final state satisfies the condition.";
        } else {
            TestOutcome all = rejectedRunner.run(o.program(), o.file());
            List<Execution> candidates = all.ran() ? all.result().executions() : List.of();
            Execution reaching = candidates.stream().filter(x -> !x.consistent() && ShowMode.satisfiesCondition(x))
                    .findFirst().orElse(null);
            Execution allowed = candidates.stream().filter(Execution::consistent).findFirst().orElse(null);
            if (reaching != null) {
                graph = builder.build(reaching, base + "-rejected");
                caption = "No witness. A candidate execution that would satisfy the condition, rejected by "
                        + (graph.violation() == null ? "the model" : "check '" + graph.violation().check() + "'")
                        + " (its cycle in bold red).";
            } else {
                String why = all.ran() && all.result().partial()
                        ? "No witness; no rejected candidate reaching the condition was found before the limit ("
                        + all.result().partialReason() + ")."
                        : "No witness: no candidate execution reaches the condition, consistent or not.";
                if (allowed != null) {
                    graph = builder.build(allowed, base + "-allowed");
                    caption = why + " One execution the model allows:";
                } else {
                    caption = why;
                }
            }
        }
        String dot = graph == null ? null : DotRenderer.render(graph);
        String svg = null;
        if (dot != null && graphviz != null) {
            try {
                svg = graphviz.inlineSvg(dot);
            } catch (IOException e) {
                caption += " (Graphviz failed: " + e.getMessage() + "; DOT shown.)";
            }
        }
        return new ReportEntry(o.file(), o.name(), source, o.result(), null, expected, caption, svg, dot);
    }
}
