package remo.cli.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/** Test helper: checks a file under a model and builds the graphs of the executions a mode selects. */
final class Graphs {
    private Graphs() {
    }

    /** The outcome of {@code file} under {@code model} (null = per-dialect default), collecting for {@code mode}. */
    static TestOutcome run(Path file, String model, ShowMode mode, int max) {
        TestRunner runner = new TestRunner(new ModelLibrary(), model, Map.of(),
                mode.collecting(CheckOptions.defaults(), max), AxiomaticChecker::check);
        TestOutcome o = runner.run(file, file.getFileName().toString());
        if (!o.ran()) {
            throw new AssertionError("test did not run: " + o.error());
        }
        return o;
    }

    /** The model of an outcome. */
    static CatModel model(TestOutcome o) {
        return o.result().model();
    }

    /** The graphs of {@code file} under {@code model} in {@code mode}, drawing {@code relations} too. */
    static List<GraphDrawing> graphs(Path file, String model, ShowMode mode, int max, List<String> relations) {
        TestOutcome o = run(file, model, mode, max);
        CatModel m = model(o);
        GraphWriter w = new GraphWriter(Path.of("unused"), "dot", null, new ShowRequest(mode, relations), max, Set.of());
        return w.graphs(o.result(), m, GraphWriter.safeName(o.program().name()));
    }
}
