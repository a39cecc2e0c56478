package remo.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.checker.CheckResult;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.checker.TestOutcome;
import remo.checker.Verdict;
import remo.core.Diagnostic;
import remo.core.Flag;
import remo.core.graph.ExecutionGraph;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.StateItem;
import remo.models.CatModel;
import remo.models.algebra.Relation;

/**
 * Builds and (de)serialises {@link ResultDocument}s: JSON output of {@code remo check --json},
 * schema {@value ResultDocument#SCHEMA} (docs/json-output.md).
 */
public final class JsonResults {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonResults() {
    }

    /**
     * The JSON entry of one test.
     *
     * @param o          the outcome
     * @param expected   the expected verdict ({@code --expect}), or {@code null}
     * @param executions the listed executions ({@code --json-executions}), or {@code null} if not asked for
     * @return the entry
     */
    public static ResultDocument.Test test(TestOutcome o, Verdict expected, List<ResultDocument.ExecutionEntry> executions) {
        List<ResultDocument.Diagnostic> warnings = o.warnings().stream().map(JsonResults::diagnostic).toList();
        if (!o.ran()) {
            List<ResultDocument.Diagnostic> errors = o.error() == null ? List.of() : List.of(diagnostic(o.error()));
            return new ResultDocument.Test(o.file(), o.name(), "error", null, null, null, null, null, null, null, null, null,
                    null, null, null, null, null, null, null, null, null, false, null, expected == null ? null : expected.word(), null,
                    warnings, errors, null);
        }
        CheckResult r = o.result();
        Program p = r.program();
        boolean axiomatic = r.engine().equals("axiomatic");
        Map<String, String> flags = new LinkedHashMap<>();
        // the RDMA flags do not concern an X86 test under a bundled model (W-FLAG-IGNORED): none listed
        if (!(p.dialect().isX86() && r.model().isBundled())) {
            for (Flag f : Flag.values()) {
                flags.put(f.name(), r.flags().get(f));
            }
        }
        List<ResultDocument.State> states = new ArrayList<>();
        for (Map.Entry<FinalState, Long> e : r.states().entrySet()) {
            states.add(new ResultDocument.State(values(e.getKey(), p), e.getKey().format(p), e.getValue()));
        }
        String condition = p.quantifier().keyword() + " (" + ProgramPrinter.printProp(p.condition(), p.dialect()) + ")";
        return new ResultDocument.Test(o.file(), p.name(), "ok", r.model().name(), r.engine(), flags, r.raisedFlags(),
                p.quantifier().kind(), condition, r.verdictWord(), r.ok(), r.observation().word(), states, r.positive(),
                r.negative(), r.blocked(), r.statistics().blockedLimit(), r.explored(), axiomatic ? r.statistics().complete() : null,
                axiomatic ? r.statistics().pruned() : null, r.seconds(), r.partial(), r.partialReason(),
                expected == null ? null : expected.word(), expected == null ? null : r.decided() && expected != r.verdict(), warnings,
                List.of(), executions);
    }

    /**
     * The JSON form of executions to list.
     *
     * @param executions    the executions (e.g. {@link ShowMode#select})
     * @param model         the model of the run
     * @param skippedChecks checks the run ignored
     */
    public static List<ResultDocument.ExecutionEntry> executions(List<Execution> executions, CatModel model,
                                                            Set<String> skippedChecks) {
        GraphBuilder builder = new GraphBuilder(model, skippedChecks, List.of());
        List<ResultDocument.ExecutionEntry> out = new ArrayList<>();
        int index = 1;
        for (Execution x : executions) {
            Program p = x.structure().program();
            ExecutionGraph graph = x.graph();
            List<ResultDocument.Event> events = new ArrayList<>();
            for (ExecutionGraph.Event e : graph.events()) {
                if (!e.exists()) {
                    continue;
                }
                String loc = e.location() >= 0 ? graph.locations().get(e.location()).region() : null;
                int instr = (int) e.po();
                String source = e.thread() >= 0 ? p.thread(e.thread()).sourceTexts().get(instr).trim() : null;
                events.add(new ResultDocument.Event(e.id(), e.label().name(), e.thread(), instr, e.ii(), e.node(),
                        loc, e.label().isMemory() ? e.value() : null, source));
            }
            GraphDrawing g = builder.build(x, "x" + index);
            ResultDocument.FailedCheck failed = null;
            if (g.violation() != null) {
                GraphDrawing.Violation v = g.violation();
                failed = new ResultDocument.FailedCheck(v.check(), v.checkKind(), v.expression(), v.cycle());
            }
            out.add(new ResultDocument.ExecutionEntry(index++, g.status(), x.consistent(), x.blocked(), values(x.finalState(), p),
                    events, new ResultDocument.Relations(pairs(x.rf()), pairs(x.co().transitiveClosure()),
                    pairs(x.rao().transitiveClosure())), failed, x.flags()));
        }
        return out;
    }

    /** A document over the given tests, with the summary computed from them. */
    public static ResultDocument document(String tool, List<ResultDocument.Test> tests) {
        return document(tool, tests, List.of());
    }

    /**
     * A document over the given tests and run-level errors (a bad option, model or expectation
     * file that stopped the run before any test).
     */
    public static ResultDocument document(String tool, List<ResultDocument.Test> tests, List<Diagnostic> runErrors) {
        int ran = (int) tests.stream().filter(t -> "ok".equals(t.status())).count();
        boolean expect = tests.stream().anyMatch(t -> t.expected() != null);
        Integer mismatches = expect ? (int) tests.stream().filter(t -> Boolean.TRUE.equals(t.mismatch())).count() : null;
        return new ResultDocument(ResultDocument.SCHEMA, tool, tests,
                new ResultDocument.Summary(tests.size(), ran, tests.size() - ran, mismatches),
                runErrors.stream().map(JsonResults::diagnostic).toList());
    }

    /** The document as indented JSON text (ending without a newline). */
    public static String write(ResultDocument d) {
        try {
            return MAPPER.writeValueAsString(d);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a result document", e);
        }
    }

    /**
     * Reads a document written by {@link #write}.
     *
     * @throws JsonProcessingException if the text is not such a document
     */
    public static ResultDocument read(String json) throws JsonProcessingException {
        return MAPPER.readValue(json, ResultDocument.class);
    }

    /** The JSON form of a diagnostic (its file, line and column, its printable message). */
    public static ResultDocument.Diagnostic diagnostic(Diagnostic d) {
        return new ResultDocument.Diagnostic(d.severity().name().toLowerCase(java.util.Locale.ROOT), d.code(), d.shownFile(), d.position().line(),
                d.position().column(), d.shownMessage());
    }

    private static Map<String, Long> values(FinalState s, Program p) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Map.Entry<StateItem, Long> e : s.values().entrySet()) {
            m.put(p.displayName(e.getKey()), e.getValue());
        }
        return m;
    }

    private static List<List<Integer>> pairs(Relation r) {
        List<List<Integer>> out = new ArrayList<>();
        for (int[] p : r.pairs()) {
            out.add(List.of(p[0], p[1]));
        }
        return out;
    }
}
