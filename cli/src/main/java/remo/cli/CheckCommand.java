package remo.cli;

import java.io.PrintStream;
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
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.Position;
import remo.models.ModelLibrary;

/**
 * {@code remo check}: checks litmus tests and prints herd7's result block for each, then a
 * one-line-per-test summary when there are several. Exit status: 0 all tests ran; 1 an
 * {@code --expect} mismatch; 2 a usage or input error (the other tests still run).
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check litmus tests (RDMA, X86, X86_64) under a memory model and print herd7-style results.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every test ran (verdicts printed)", "1:some verdict differs from the --expect file",
                "2:usage error or bad input (the other tests still ran; takes precedence over 1)",
                "3:internal error (a bug; please report it)"})
final class CheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions modelOptions;

    @Mixin
    HerdOptions herdOptions;

    @Mixin
    JobsOption jobsOption;

    @Mixin
    ReportOptions reportOptions;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Litmus files, or directories searched for *.litmus.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--expect", paramLabel = "FILE.tsv",
            description = "Compare verdicts with a TSV: columns 'file' and 'verdict' (as testdata/x86/EXPECTED.tsv), or "
                    + "'id' and one column per model (Allowed/Forbidden/unsupported, as examples/suite/expected.tsv); paths "
                    + "relative to the TSV. Every mismatch is reported; a partial run without a witness is UNDECIDED.")
    Path expect;

    @Option(names = "--show-blocked",
            description = "After 'Blocked N', list where the blocked executions block (thread, instruction) and how many.")
    boolean showBlocked;

    /** The streams, directory and terminal of this run; null for the process's ({@link Invocation#process()}). */
    Invocation invocation;

    @Override
    public Integer call() {
        Invocation inv = invocation != null ? invocation : Invocation.process();
        PrintStream out = new PrintStream(inv.out(), true);
        PrintStream err = inv.err();
        ArgumentPositions originalArgs = ArgumentPositions.of(spec);
        List<Inputs.Input> files = Inputs.expand(inputs, spec.commandLine().getParseResult().originalArgs(), inv.directory());
        CheckReporting reporting;
        try {
            reporting = CheckReporting.open(reportOptions, originalArgs, files.size(), Set.copyOf(modelOptions.skipChecks),
                    inv.stderrTerminal(), inv.columns(), inv.directory(), err);
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            if (reportOptions.json) {
                out.println(remo.cli.report.JsonResults.write(remo.cli.report.JsonResults.document(
                        spec.root().version()[0], List.of(), List.of(e.diagnostic()))));
            }
            return 2;
        }
        try (reporting) {
            return run(reporting.guard(out), reporting.guard(err), originalArgs, files, reporting, inv);
        }
    }

    private int run(PrintStream out, PrintStream err, ArgumentPositions originalArgs, List<Inputs.Input> files,
                    CheckReporting reporting, Invocation inv) {
        Map<Flag, String> flags;
        ExpectationFile expectations = null;
        ModelLibrary library;
        try {
            library = herdOptions.library(originalArgs, inv.directory());
            flags = modelOptions.prepare(originalArgs, library);
            if (expect != null) {
                expectations = ExpectationFile.read(inv.resolve(expect), expect.toString());
            }
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            reporting.runError(e.diagnostic());
            reporting.finish(spec.root().version()[0], out, err);
            return 2;
        }
        int threads;
        try {
            threads = jobsOption.jobs(originalArgs);
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            reporting.runError(e.diagnostic());
            reporting.finish(spec.root().version()[0], out, err);
            return 2;
        }
        TestRunner runner = new TestRunner(library, modelOptions.model, flags,
                reporting.checkOptions(modelOptions.checkOptions()), modelOptions.engine(),
                modelOptions.skipCheckPositions(originalArgs)).unrolling(herdOptions.unroll);
        // each result block is made by the worker that checked the test: the printing thread only writes
        boolean text = !reporting.replacesText();
        try (ParallelRuns parallel = new ParallelRuns(threads)) {
            return checkAll(out, err, originalArgs, files, reporting, expectations, runner, parallel.outcomes(files, runner,
                    o -> text && o.error() == null ? ResultPrinter.block(o.result(), showBlocked) : null));
        }
    }

    private int checkAll(PrintStream out, PrintStream err, ArgumentPositions originalArgs, List<Inputs.Input> files,
                         CheckReporting reporting, ExpectationFile expectations, TestRunner runner,
                         java.util.Iterator<ParallelRuns.Finished<String>> checked) {
        // the Summary's columns of each test, not its outcome: a batch holds no finished result
        List<SummaryRow> outcomes = new ArrayList<>();
        List<String> mismatches = new ArrayList<>();
        List<String> undecided = new ArrayList<>();
        List<ExpectationFile.Judgement> judgements = new ArrayList<>();
        java.util.Set<String> uncoveredModels = new java.util.HashSet<>();
        boolean inputError = false;
        int withoutRow = 0;
        int notChecked = 0;
        List<String> notRun = new ArrayList<>();
        for (Inputs.Input in : files) {
            // after an interrupt the tests that were running give their partial outcome (printed
            // below, in input order); the ones not started give none and are listed as not run
            boolean announced = !remo.core.Interruption.requested();
            if (announced) {
                reporting.testStarted(in.shown());
            }
            ParallelRuns.Finished<String> finished = checked.next();
            if (finished == null) {
                notRun.add(in.shown());
                boolean hasRow = expectations != null && !in.missing() && expectations.hasRow(in.path());
                if (hasRow) {
                    notChecked++;
                }
                reporting.testNotRun(in.shown());
                continue;
            }
            if (!announced) {
                reporting.testStarted(in.shown());
            }
            TestOutcome o = finished.outcome();
            outcomes.add(SummaryRow.of(o));
            String model = modelName(o);
            if (expectations != null && model != null && !expectations.covers(model) && uncoveredModels.add(model)) {
                err.println(Diagnostic.warning("W-EXPECT", expect.toString(), Position.START, "no column for model "
                        + model + ": tests run under " + model + " are not compared").format());
            }
            ExpectationFile.Judgement judgement = expectations == null ? null : expectations.judge(in.path(), o, model);
            judgements.add(judgement);
            if (judgement != null && judgement.expected() == null && (model == null || expectations.covers(model))) {
                withoutRow++;
                err.println(Diagnostic.warning("W-EXPECT", expect.toString(), Position.START, "no row for "
                        + in.shown() + ": the test is not compared").format());
            }
            reporting.testFinished(o, judgement == null ? null : judgement.expectedVerdict(), err);
            for (Diagnostic w : o.warnings()) {
                err.println(modelOptions.atOption(w, originalArgs).format());
            }
            if (judgement != null && judgement.status() == ExpectationFile.Status.MISMATCH) {
                mismatches.add(in.shown() + ": expected " + judgement.expected() + ", got " + judgement.actual());
            } else if (judgement != null && judgement.status() == ExpectationFile.Status.UNDECIDED) {
                undecided.add(in.shown() + ": expected " + judgement.expected() + ", got " + judgement.actual());
            }
            if (o.error() != null) {
                boolean expectedRejection = judgement != null && judgement.status() == ExpectationFile.Status.AGREE;
                err.println(modelOptions.atOption(o.error(), originalArgs).format());
                inputError |= !expectedRejection;
                continue;
            }
            if (!reporting.replacesText()) {
                out.print(finished.rendered());
                out.println();
            }
            out.flush();
        }
        if (outcomes.size() + notRun.size() > 1 && !reporting.replacesText()) {
            // with the tests an interruption kept from starting, so that --jobs 1 and --jobs N say the same
            printSummary(out, outcomes, judgements, notRun);
        }
        if (!notRun.isEmpty()) {
            err.println("remo: " + remo.core.Interruption.reason() + ": " + notRun.size() + " of " + files.size()
                    + " tests not run: " + remo.core.SourceText.printable(String.join(", ", notRun)));
        }
        if (expectations != null) {
            for (String m : mismatches) {
                err.println("MISMATCH " + remo.core.SourceText.printable(m));
            }
            for (String m : undecided) {
                err.println("UNDECIDED " + remo.core.SourceText.printable(m) + " (a limit stopped the run before a witness was found)");
            }
        }
        reporting.finish(spec.root().version()[0], out, err);
        if (expectations != null && !reporting.replacesText()) {
            long agree = judgements.stream().filter(j -> j != null && j.status() == ExpectationFile.Status.AGREE).count();
            out.println("Expectations: " + agree + " agree, " + mismatches.size() + " mismatch"
                    + (mismatches.size() == 1 ? "" : "es") + (undecided.isEmpty() ? "" : ", " + undecided.size() + " undecided (partial)")
                    + (withoutRow == 0 ? "" : ", " + withoutRow + " without a row")
                    + (notChecked == 0 ? "" : ", " + notChecked + " not checked (" + remo.core.Interruption.reason()
                    + " before the test ran)"));
        }
        out.flush();
        if (inputError || reporting.failed()) {
            return 2;
        }
        return mismatches.isEmpty() ? 0 : 1;
    }

    /** The model a test ran (or would have run) under, for per-model expectation columns. */
    private String modelName(TestOutcome o) {
        if (o.result() != null) {
            return o.result().model().name();
        }
        if (modelOptions.model != null) {
            return java.nio.file.Path.of(modelOptions.model).getFileName().toString().replaceFirst("\\.cat$", "");
        }
        return o.program() == null ? null : TestRunner.defaultModel(o.program());
    }

    /**
     * What the Summary shows of a test: its name and file, and the error code or the verdict,
     * model, number of states, seconds and partiality.
     */
    private record SummaryRow(String name, String file, String errorCode, String verdictWord, String modelName, int states,
                              double seconds, boolean partial) {
        static SummaryRow of(TestOutcome o) {
            if (o.error() != null) {
                return new SummaryRow(o.name(), o.file(), o.error().code(), null, null, 0, 0, false);
            }
            var r = o.result();
            return new SummaryRow(o.name(), o.file(), null, r.verdictWord(), r.model().name(), r.states().size(), r.seconds(),
                    r.partial());
        }
    }

    private static void printSummary(PrintStream out, List<SummaryRow> outcomes, List<ExpectationFile.Judgement> judgements,
                                     List<String> notRun) {
        int width = 4;
        int modelWidth = 12;
        for (String shown : notRun) {
            width = Math.max(width, Math.min(40, shown.length()));
        }
        java.util.Map<String, Integer> sameName = new java.util.HashMap<>();
        for (SummaryRow o : outcomes) {
            width = Math.max(width, Math.min(40, o.name().length()));
            if (o.errorCode() == null) {
                modelWidth = Math.max(modelWidth, Math.min(40, o.modelName().length()));
            }
            sameName.merge(o.name(), 1, Integer::sum);
        }
        out.println("Summary");
        int ran = 0;
        int errors = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            SummaryRow o = outcomes.get(i);
            ExpectationFile.Judgement j = judgements.get(i);
            String name = ColumnText.left(o.name(), width);
            StringBuilder line = new StringBuilder(name).append("  ");
            if (o.errorCode() != null) {
                errors++;
                line.append("ERROR      ").append(o.errorCode());
                if (!o.file().equals(o.name())) {
                    // the name column shows the test's name: say which file it came from
                    line.append(' ').append(o.file());
                }
            } else {
                ran++;
                // "%-10s %-Ms States %-4d %6.2fs"
                line.append(ColumnText.left(o.verdictWord(), 10)).append(' ').append(ColumnText.left(o.modelName(), modelWidth))
                        .append(" States ").append(ColumnText.left(Integer.toString(o.states()), 4)).append(' ')
                        .append(ColumnText.right(ColumnText.twoDecimals(o.seconds()), 6)).append('s');
                if (o.partial()) {
                    line.append("  PARTIAL");
                }
                if (sameName.get(o.name()) > 1) {
                    // two tests of the same name from different files: tell them apart
                    line.append("  ").append(o.file());
                }
            }
            if (j != null && j.status() != ExpectationFile.Status.NONE) {
                switch (j.status()) {
                    case AGREE: line.append("  expected ").append(j.expected()); break;
                    case MISMATCH: line.append("  MISMATCH expected ").append(j.expected()); break;
                    default: line.append("  UNDECIDED expected ").append(j.expected());
                }
            }
            out.println(line);
        }
        for (String shown : notRun) {
            out.println(ColumnText.left(shown, width) + "  NOT RUN    (interrupted)");
        }
        int total = outcomes.size() + notRun.size();
        out.println(total + (total == 1 ? " test: " : " tests: ") + ran + " ran, " + errors + " error" + (errors == 1 ? "" : "s")
                + (notRun.isEmpty() ? "" : ", " + notRun.size() + " not run"));
    }
}
