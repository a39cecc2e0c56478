package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.cli.report.Graphviz;
import remo.cli.report.HtmlReport;
import remo.cli.report.Progress;
import remo.cli.report.ReportEntries;
import remo.cli.report.ReportEntry;
import remo.cli.report.ShowMode;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.Position;
import remo.models.ModelLibrary;

/**
 * {@code remo report}: checks tests and writes one self-contained HTML page with a sortable table
 * of verdicts and, per test, the program, its states and a witness graph. Exit status as
 * {@code check}: 0 all tests ran, 1 an {@code --expect} mismatch, 2 a usage or input error.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Check litmus tests and write a self-contained HTML report (verdicts, states, witness graphs).",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every test ran and the report was written", "1:some verdict differs from the --expect file",
                "2:usage error, bad input, or the report cannot be written", "3:internal error (a bug; please report it)"})
final class ReportCommand implements Callable<Integer> {

    /** Candidates the second, unpruned run explores at most when looking for a candidate to draw. */
    static final long REJECTED_SEARCH_LIMIT = 200_000;

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions modelOptions;

    @Mixin
    HerdOptions herdOptions;

    @Mixin
    JobsOption jobsOption;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Litmus files, or directories searched for *.litmus.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE.html", defaultValue = "report.html",
            description = "The HTML file to write (default ${DEFAULT-VALUE}); its directory must exist.")
    Path out;

    @Option(names = "--expect", paramLabel = "FILE.tsv",
            description = "Show the expected verdicts of a TSV (columns 'file' and 'verdict') and highlight mismatches.")
    Path expect;

    @Option(names = {"-q", "--quiet"}, description = "No progress display and no notes on standard error.")
    boolean quiet;

    @Override
    public Integer call() {
        PrintStream err = System.err;
        ArgumentPositions originalArgs = ArgumentPositions.of(spec);
        Map<Flag, String> flags;
        int threads;
        ExpectationFile expectations = null;
        ModelLibrary library;
        try {
            OutputPath.requireNonEmpty(originalArgs, "--out", out);
            OutputPath.requireDirectoryOf(out);
            OutputPath.requireNotDirectory(out, "--out names the report's file", "report.html");
            library = herdOptions.library(originalArgs);
            flags = modelOptions.prepare(originalArgs, library);
            threads = jobsOption.jobs(originalArgs);
            if (expect != null) {
                expectations = ExpectationFile.read(expect, expect.toString());
            }
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        List<Inputs.Input> files = Inputs.expand(inputs);
        Set<String> skipped = Set.copyOf(modelOptions.skipChecks);
        Graphviz graphviz = Graphviz.find().orElse(null);
        int mismatches = 0;
        boolean inputError = false;
        List<ReportEntry> entries = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        try (Progress progress = Progress.create(files.size(), remo.cli.report.Terminal.stderrIsTerminal(), quiet, err)) {
            PrintStream guardedErr = progress.guard(err);
            CheckOptions base = modelOptions.checkOptions();
            if (progress.listener() != null) {
                base = base.withProgress(progress.listener());
            }
            TestRunner runner = new TestRunner(library, modelOptions.model, flags,
                    ShowMode.WITNESS.collecting(base, 1), modelOptions.engine()).unrolling(herdOptions.unroll);
            // rejected candidates exist only in the axiomatic engine (the machines produce consistent runs)
            long limit = base.maxExecutions() > 0 ? base.maxExecutions() : REJECTED_SEARCH_LIMIT;
            TestRunner rejectedRunner = new TestRunner(library, modelOptions.model, flags,
                    ShowMode.ALL.collecting(base.withMaxExecutions(limit), ShowMode.CANDIDATE_POOL), AxiomaticChecker::check)
                    .unrolling(herdOptions.unroll);
            ReportEntries maker = new ReportEntries(rejectedRunner, graphviz, skipped);
            ParallelRuns parallel = new ParallelRuns(threads);
            java.util.Iterator<TestOutcome> checked = parallel.outcomes(files, runner);
            for (Inputs.Input in : files) {
                progress.testStarted(in.shown());
                TestOutcome o = checked.next();
                if (o == null) {
                    // an interrupt came before this test started: listed on the page, not lost
                    notRun.add(in.shown());
                    progress.testFinished();
                    continue;
                }
                for (Diagnostic w : o.warnings()) {
                    guardedErr.println(w.format());
                }
                if (o.error() != null) {
                    guardedErr.println(o.error().format());
                    inputError = true;
                }
                ReportEntry e = maker.entry(in.path(), o, o.ran() ? o.result().model() : null,
                        expectations == null ? null : expectations.judge(in.path(), o, o.result() != null ? o.result().model().name()
                                : o.program() == null ? null : TestRunner.defaultModel(o.program())).expectedVerdict());
                if (e.mismatch()) {
                    mismatches++;
                    guardedErr.println("MISMATCH " + in.shown() + ": expected " + e.expected().word() + ", got "
                            + e.result().verdict().word());
                }
                entries.add(e);
                progress.testFinished();
            }
            parallel.close();
        }
        String context = "remo report · model " + (modelOptions.model == null ? "per dialect (rdma-tso-rmw for RDMA, tso for X86)"
                : modelOptions.model) + " · " + String.join(" ", inputs);
        HtmlReport.Interruption interruption = remo.core.Interruption.requested()
                ? new HtmlReport.Interruption(remo.core.Interruption.reason(), notRun) : null;
        if (!notRun.isEmpty()) {
            err.println("remo: " + remo.core.Interruption.reason() + ": " + notRun.size() + " of " + files.size()
                    + " tests not run: " + remo.core.SourceText.printable(String.join(", ", notRun)));
        }
        try {
            OutputPath.writeAtomically(out, HtmlReport.render("remo report", context, entries, interruption));
        } catch (IOException | RuntimeException e) {
            err.println(Diagnostic.error("E-IO", out.toString(), Position.START, OutputPath.describeWriteFailure(e)).format());
            return 2;
        }
        if (!quiet) {
            err.println("remo: wrote " + out + " (" + entries.size() + (entries.size() == 1 ? " test" : " tests")
                    + (interruption == null ? "" : "; partial: " + interruption.reason() + ", " + notRun.size() + " not run")
                    + (graphviz == null
                    ? "; Graphviz 'dot' not found, graphs shown as DOT text — install graphviz for pictures" : "") + ")");
        }
        if (inputError) {
            return 2;
        }
        return mismatches == 0 ? 0 : 1;
    }
}
