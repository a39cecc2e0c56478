package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import remo.checker.CheckOptions;
import remo.checker.TestOutcome;
import remo.checker.Verdict;
import remo.cli.report.GraphBuilder;
import remo.cli.report.GraphWriter;
import remo.cli.report.Graphviz;
import remo.cli.report.JsonResults;
import remo.cli.report.Progress;
import remo.cli.report.ResultDocument;
import remo.cli.report.ShowRequest;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * The output side of one {@code remo check} run beyond the herd7 text blocks: execution graphs,
 * the JSON document and the progress display ({@link ReportOptions}). Rendering only: it asks the
 * engine to keep executions but never changes verdicts or the text blocks.
 */
final class CheckReporting implements AutoCloseable {
    private final ReportOptions options;
    private final ShowRequest show;
    private final Set<String> skippedChecks;
    private final GraphWriter graphs;
    private final Progress progress;
    private final List<ResultDocument.Test> jsonTests = new ArrayList<>();
    private final Set<String> warned = new HashSet<>();
    private int graphsWritten;
    /** Tests whose graphs could not be written (each reported as E-IO). */
    private int graphFailures;
    private boolean failed;

    /** Where the command line's options are, to locate warnings about arguments. */
    private ArgumentPositions args = ArgumentPositions.none();

    private CheckReporting(ReportOptions options, ShowRequest show, Set<String> skippedChecks, GraphWriter graphs,
                           Progress progress) {
        this.options = options;
        this.show = show;
        this.skippedChecks = skippedChecks;
        this.graphs = graphs;
        this.progress = progress;
    }

    /**
     * Validates the options and prepares the run.
     *
     * @param options       the options
     * @param originalArgs  the command line, to locate a bad argument
     * @param totalTests    number of input files (for progress)
     * @param skippedChecks {@code --skipcheck} names
     * @param interactive   whether standard error is a terminal
     * @param err           standard error
     * @throws DiagnosticException E-OPTION for a bad {@code --format}, {@code --show}, {@code --max-graphs}
     *                         or {@code --json-executions} without {@code --json}; E-USAGE for an empty
     *                         {@code --graph}; E-IO for a {@code --graph} that names an existing non-directory
     */
    static CheckReporting open(ReportOptions options, ArgumentPositions originalArgs, int totalTests, Set<String> skippedChecks,
                               boolean interactive, PrintStream err) throws DiagnosticException {
        return open(options, originalArgs, totalTests, skippedChecks, interactive, System.getenv("COLUMNS"), null, err);
    }

    /**
     * As {@link #open(ReportOptions, ArgumentPositions, int, Set, boolean, PrintStream)}, with the
     * terminal width a run's client gave ({@code COLUMNS}, or null) and the directory its relative
     * names are read from ({@code --graph DIR}; null for the process's working directory).
     *
     * @throws DiagnosticException as the other
     */
    static CheckReporting open(ReportOptions options, ArgumentPositions originalArgs, int totalTests, Set<String> skippedChecks,
                               boolean interactive, String columns, Path directory, PrintStream err) throws DiagnosticException {
        OutputPath.requireNonEmpty(originalArgs, "--graph", options.graphDir);
        ShowRequest show;
        try {
            show = ShowRequest.parse(options.show);
        } catch (IllegalArgumentException e) {
            throw usage(originalArgs.option("--show"), e.getMessage());
        }
        String format = options.format.toLowerCase(Locale.ROOT);
        if (!List.of("dot", "svg", "png").contains(format)) {
            throw usage(originalArgs.value("--format"), "--format must be dot, svg or png, not '" + options.format + "'");
        }
        if (options.maxGraphs < 1) {
            throw new DiagnosticException(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE,
                    originalArgs.value("--max-graphs"), "--max-graphs must be at least 1"));
        }
        if (options.jsonExecutions && !options.json) {
            throw usage(originalArgs.option("--json-executions"), "--json-executions needs --json");
        }
        if (options.graphDir == null && originalArgs.has("--format")) {
            // a warning about the command line: printed even with --quiet, like every diagnostic
            err.println(Diagnostic.warning("W-FORMAT-WITHOUT-GRAPH", ModelLibrary.COMMAND_LINE,
                    originalArgs.value("--format"),
                    "--format " + options.format + " has no effect without --graph DIR; no graphs are drawn").format());
        }
        if (!options.show.isEmpty() && options.graphDir == null && !options.jsonExecutions) {
            // --show chooses what --graph draws and what --json-executions lists; alone it did nothing, silently
            err.println(Diagnostic.warning("W-SHOW-WITHOUT-GRAPH", ModelLibrary.COMMAND_LINE,
                    originalArgs.value("--show"),
                    "--show " + String.join(",", options.show) + " has no effect without --graph DIR or "
                            + "--json --json-executions; nothing is drawn or listed").format());
        }
        GraphWriter graphs = null;
        if (options.graphDir != null) {
            // a served run's relative --graph is the client's directory's, not the server's (docs/daemon.md)
            Path graphDir = directory == null || options.graphDir.isAbsolute() ? options.graphDir
                    : directory.resolve(options.graphDir);
            if (java.nio.file.Files.exists(graphDir) && !java.nio.file.Files.isDirectory(graphDir)) {
                // said before any test runs, not after the run whose graphs it was to hold
                throw new DiagnosticException(Diagnostic.error("E-IO", options.graphDir.toString(), Position.START,
                        options.graphDir + " exists and is not a directory (--graph: the directory for graphs)"));
            }
            graphs = new GraphWriter(graphDir, format, Graphviz.find().orElse(null), show, options.maxGraphs,
                    skippedChecks);
        }
        Progress progress = Progress.create(totalTests, interactive, options.quiet, columns, err);
        CheckReporting r = new CheckReporting(options, show, Set.copyOf(skippedChecks), graphs, progress);
        r.args = originalArgs;
        return r;
    }

    private static DiagnosticException usage(Position at, String message) {
        return new DiagnosticException(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE, at, message));
    }

    /** Where {@code element} is in the {@code --show} list on the command line ({@code 1:1} if it is not). */
    private Position shownAt(String element) {
        for (int n = 0; n < options.show.size(); n++) {
            int offset = 0;
            for (String part : options.show.get(n).split(",", -1)) {
                if (part.equals(element)) {
                    return args.valueOffset("--show", n, offset);
                }
                offset += part.length() + 1;
            }
        }
        return Position.START;
    }

    /** {@code stream} guarded against the progress line. */
    PrintStream guard(PrintStream stream) {
        return progress.guard(stream);
    }

    /** The engine options: {@code base} collecting the executions to draw or list, reporting progress. */
    CheckOptions checkOptions(CheckOptions base) {
        CheckOptions o = base;
        if (options.collectsExecutions()) {
            o = show.mode().collecting(o, options.maxGraphs);
        }
        return progress.listener() == null ? o : o.withProgress(progress.listener());
    }

    /** Whether the JSON document replaces the text blocks on standard output. */
    boolean replacesText() {
        return options.json;
    }

    /** A test starts. */
    void testStarted(String name) {
        progress.testStarted(name);
    }

    /**
     * A test finished: draws its graphs and records its JSON entry.
     *
     * @param o        the outcome (its result holds the model it was checked under)
     * @param expected the expected verdict, or {@code null}
     * @param err      standard error (guarded)
     */
    void testFinished(TestOutcome o, Verdict expected, PrintStream err) {
        progress.testFinished();
        CatModel model = o.ran() && options.collectsExecutions() ? o.result().model() : null;
        if (model != null) {
            for (String name : new GraphBuilder(model, skippedChecks, show.relations()).unknownRelations()) {
                if (warned.add(model.name() + "/" + name)) {
                    // a warning about the command line: printed even with --quiet, like every diagnostic
                    err.println(Diagnostic.warning("W-SHOW", remo.models.ModelLibrary.COMMAND_LINE, shownAt(name),
                            "model " + model.name() + " defines no relation '" + name
                            + "' (--show); not drawn").format());
                }
            }
        }
        if (graphs != null && model != null) {
            List<java.nio.file.Path> written = new ArrayList<>();
            try {
                graphs.write(o.result(), model, written);
                if (written.isEmpty() && !options.quiet) {
                    err.println("remo: " + o.name() + ": no " + show.mode().word() + " execution to draw"
                            + (show.mode() == remo.cli.report.ShowMode.WITNESS
                            ? " (verdict " + o.result().verdict().word() + "); --show forbidden draws rejected candidates"
                            : ""));
                }
            } catch (IOException | RuntimeException e) {
                // the message names the file that failed; the files written before it are whole and counted
                err.println(Diagnostic.error("E-IO", options.graphDir.toString(), Position.START,
                        "cannot write graphs of " + o.name() + ": " + OutputPath.describeWriteFailure(e)).format());
                failed = true;
                graphFailures++;
            }
            graphsWritten += (int) written.stream().filter(p -> p.toString().endsWith(".dot")).count();
        }
        if (options.json) {
            List<ResultDocument.ExecutionEntry> executions = null;
            if (options.jsonExecutions && model != null) {
                executions = JsonResults.executions(show.mode().select(o.result().executions(), options.maxGraphs), model,
                        skippedChecks);
            } else if (options.jsonExecutions) {
                executions = List.of();
            }
            jsonTests.add(JsonResults.test(o, expected, executions));
        }
    }

    /** A test an interrupt kept from starting: a {@code not_run} entry of the JSON document, in input order. */
    void testNotRun(String shown) {
        if (options.json) {
            jsonTests.add(JsonResults.notRun(shown));
        }
    }

    /** Records an error that stops the whole run before any test (it goes into the JSON document too). */
    void runError(remo.core.Diagnostic d) {
        runErrors.add(d);
    }

    private final List<remo.core.Diagnostic> runErrors = new java.util.ArrayList<>();

    /**
     * Ends the run: prints the JSON document (if asked for; with the {@code interrupted} flag after
     * Ctrl-C or SIGTERM) and the Graphviz hint or graph count on standard error.
     *
     * @param tool the program's name and version
     */
    void finish(String tool, PrintStream out, PrintStream err) {
        progress.close();
        if (options.json) {
            out.println(JsonResults.write(JsonResults.document(tool, jsonTests, runErrors,
                    remo.core.Interruption.requested())));
        }
        if (graphs != null && !options.quiet) {
            // after a write error the count says what did get written, and that some did not
            err.println("remo: wrote " + graphsWritten + " graph" + (graphsWritten == 1 ? "" : "s") + " to "
                    + options.graphDir + (graphFailures == 0 ? "" : "; the graphs of " + graphFailures
                    + (graphFailures == 1 ? " test" : " tests") + " could not be written (error[E-IO] above)"));
        }
        if (graphs != null && graphs.missingRenderer()) {
            err.println("remo: " + Graphviz.INSTALL_HINT);
        }
        out.flush();
    }

    /** Whether writing graphs failed (the run then exits with status 2). */
    boolean failed() {
        return failed;
    }

    @Override
    public void close() {
        progress.close();
    }

}
