package remo.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.checker.CheckOptions;
import remo.checker.Event;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.checker.TestRunner;
import remo.checker.robust.Insertion;
import remo.checker.robust.LimitReachedException;
import remo.checker.robust.Notion;
import remo.checker.robust.Repair;
import remo.checker.robust.RepairResult;
import remo.checker.robust.Robustness;
import remo.checker.robust.RobustnessReport;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.FlagValues;
import remo.core.Position;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.models.algebra.Relation;

/**
 * {@code remo robust}: state and trace robustness of programs against a weak model (models.md §10),
 * with a violating execution for non-robust programs and, with {@code --repair}, the fence-insertion
 * repair of models.md §10.3.
 */
@Command(name = "robust", mixinStandardHelpOptions = true,
        description = "Does the program behave as if RDMA were sequentially consistent? If not, show a violating "
                + "execution and (with --repair) the smallest set of fences that makes it so.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every program was analysed (robust or not; a limit gives robustness unknown)", "2:usage error or bad input",
                "3:internal error"})
final class RobustCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR")
    List<String> inputs = new ArrayList<>();

    @picocli.CommandLine.Mixin
    HerdOptions herdOptions;

    @Option(names = "--weak", paramLabel = "MODEL",
            description = "The weak model M (default: rdma-tso-rmw for RDMA tests, tso for X86 tests).")
    String weakModel;

    @Option(names = "--strong", paramLabel = "MODEL",
            description = "The strong model S(M) (default: rdma-sc-rmw for the RDMA models, sc for tso).")
    String strongModel;

    @Option(names = "--notion", paramLabel = "state|trace|both", defaultValue = "both",
            description = "Which robustness to repair for with --repair (default ${DEFAULT-VALUE}).")
    String notion;

    @Option(names = "--repair", description = "Search the fence-insertion repair of models.md §10.3.")
    boolean repair;

    @Option(names = "--bound", paramLabel = "K", defaultValue = "3",
            description = "Largest number of insertions to try (default ${DEFAULT-VALUE}).")
    int bound;

    @Option(names = "--all-minimal", description = "List every repair of the minimal size, not only the first.")
    boolean allMinimal;

    @Option(names = "--set", paramLabel = "FLAG=VALUE", description = "Set a model flag (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0",
            description = "Give up on a test (analysis and repair search) after this many seconds; its robustness is "
                    + "then reported unknown (0 = no limit; default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--max-executions", paramLabel = "N", defaultValue = "0",
            description = "Give up when one enumeration explores more than N candidates (0 = no limit).")
    long maxExecutions;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ArgumentPositions args = ArgumentPositions.of(spec);
        List<Notion> notions;
        switch (notion) {
            case "state": notions = List.of(Notion.STATE); break;
            case "trace": notions = List.of(Notion.TRACE); break;
            case "both": notions = List.of(Notion.STATE, Notion.TRACE); break;
            default:
                err.println(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE, args.value("--notion"),
                        "--notion must be state, trace or both, not '" + notion + "'").format());
                return 2;
        }
        if (bound < 0) {
            err.println(ModelOptions.usage(args, "--bound",
                    "--bound must be 0 or more, not " + bound).diagnostic().format());
            return 2;
        }
        ModelOptions flagsOnly = new ModelOptions();
        flagsOnly.sets = sets;
        flagsOnly.timeoutSeconds = timeoutSeconds;
        flagsOnly.maxExecutions = maxExecutions;
        java.util.Map<remo.core.Flag, String> cliFlags;
        try {
            cliFlags = flagsOnly.flags(args);
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        ModelLibrary library;
        try {
            library = herdOptions.library(args);
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        try {
            // usage errors before any test: nothing on standard output
            if (weakModel != null) {
                CatModel weak = ModelOptions.load(library, weakModel, args.value("--weak"));
                if (strongModel == null && Robustness.strongCounterpart(weak.name()) == null) {
                    throw new DiagnosticException(Diagnostic.error("E-MODEL", ModelLibrary.COMMAND_LINE,
                            args.value("--weak"),
                            "no strong counterpart is known for model '" + weakModel + "'; name one with --strong"));
                }
            }
            if (strongModel != null) {
                ModelOptions.load(library, strongModel, args.value("--strong"));
            }
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        boolean error = false;
        long t0 = System.nanoTime();
        List<Inputs.Input> files = Inputs.expand(inputs);
        int analysed = 0;
        int unknown = 0;
        int errors = 0;
        List<String> notRun = new ArrayList<>();
        for (Inputs.Input in : files) {
            if (remo.core.Interruption.requested()) {
                // the test that was running reported "unknown: interrupted"; the others are listed as not run
                notRun.add(in.shown());
                continue;
            }
            // one deadline for the whole test: parsing, both models' enumerations and the repair search
            long testStart = System.nanoTime();
            String testName = in.shown();
            String phase = "Robustness";
            try {
                if (in.missing()) {
                    throw new DiagnosticException(in.problemDiagnostic());
                }
                Program p = LitmusParser.read(in.path(), in.shown(), herdOptions.unroll);
                testName = p.name();
                CatModel weak = library.load(weakModel != null ? weakModel : TestRunner.defaultModel(p));
                CatModel strong = library.load(strongModel != null ? strongModel : Robustness.strongCounterpart(weak.name()));
                FlagValues flags = FlagValues.defaults().withAll(p.flags()).withAll(cliFlags);
                CheckOptions limits = CheckOptions.defaults().withMaxExecutions(maxExecutions);
                Robustness robustness = new Robustness(weak, strong, flags, limits);
                if (timeoutSeconds > 0) {
                    robustness = robustness.withTimeLimit(testStart,
                            java.time.Duration.ofNanos((long) Math.min(timeoutSeconds * 1e9, Long.MAX_VALUE / 2)));
                }
                RobustnessReport report = robustness.analyse(p);
                print(out, report);
                if (!report.strongOnlyStates().isEmpty()) {
                    int k = report.strongOnlyStates().size();
                    err.println(Diagnostic.warning("W-MODEL-ORDER", in.shown(), Position.START, "the weak model "
                            + report.weak() + " is stronger than the strong model " + report.strong() + " on this test: "
                            + k + " final state" + (k == 1 ? "" : "s") + " under " + report.strong() + " "
                            + (k == 1 ? "is" : "are") + " not allowed by " + report.weak()
                            + " (were --weak and --strong swapped?); the test is not state-robust").format());
                }
                if (repair) {
                    phase = "Repair";
                    for (Notion n : notions) {
                        RepairResult r = new Repair(robustness).find(p, n, bound, allMinimal);
                        printRepair(out, r);
                    }
                }
                out.println();
                analysed++;
            } catch (DiagnosticException e) {
                err.println(e.diagnostic().format());
                error = true;
                errors++;
            } catch (LimitReachedException e) {
                // like a partial check result: reported, not an input error
                out.println(phase + " " + testName + " unknown: " + e.getMessage());
                out.println();
                err.println(Diagnostic.warning("W-LIMIT", in.shown(), Position.START, phase.toLowerCase(Locale.ROOT)
                        + " unknown: " + e.getMessage()).format());
                unknown++;
            } catch (java.io.IOException e) {
                err.println(Diagnostic.error("E-IO", in.shown(), Position.START, "cannot read file: " + e.getMessage()).format());
                error = true;
                errors++;
            }
        }
        if (files.size() > 1 || !notRun.isEmpty()) {
            out.println("Analysed " + files.size() + (files.size() == 1 ? " test: " : " tests: ") + analysed + " decided, "
                    + unknown + " unknown (a limit or an interrupt), " + errors + (errors == 1 ? " error" : " errors")
                    + (notRun.isEmpty() ? "" : ", " + notRun.size() + " not run (" + remo.core.Interruption.reason() + ")"));
        }
        if (!notRun.isEmpty()) {
            err.println("remo: " + remo.core.Interruption.reason() + ": " + notRun.size() + " of " + files.size()
                    + " tests not run: " + remo.core.SourceText.printable(String.join(", ", notRun)));
        }
        out.printf(Locale.ROOT, "Time %.2f s%n", (System.nanoTime() - t0) / 1e9);
        return error ? 2 : 0;
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    private static void print(PrintStream out, RobustnessReport r) {
        Program p = r.program();
        out.println("Robustness " + p.name() + " against " + r.weak() + " (strong model " + r.strong() + ")");
        out.println("State-robust: " + yesNo(r.stateRobust()) + " (" + r.weakStates().size() + " final state"
                + (r.weakStates().size() == 1 ? "" : "s") + " under "
                + r.weak() + ", " + r.strongStates().size() + " under " + r.strong() + ")");
        out.println("Trace-robust: " + yesNo(r.traceRobust()));
        if (r.stateViolation() != null) {
            out.println("State only " + r.weak() + " reaches: " + r.stateViolation().finalState().format(p));
        }
        if (!r.strongOnlyStates().isEmpty()) {
            out.println("State only " + r.strong() + " reaches: " + r.strongOnlyStates().iterator().next().format(p));
        }
        if (r.traceViolation() != null) {
            Execution x = r.traceViolation();
            out.println("Violating execution (rejected by " + r.strong() + "'s check '" + r.traceCheck() + "'):");
            out.println("  final state: " + x.finalState().format(p));
            out.println("  events: " + describeEvents(x));
            out.println("  rf: " + edges(x, x.rf()));
            out.println("  co: " + edges(x, x.co()));
            if (!x.rao().isEmpty()) {
                out.println("  rao: " + edges(x, x.rao()));
            }
            StringBuilder cycle = new StringBuilder();
            for (int e : r.traceCycle()) {
                cycle.append(label(x, e)).append(" -> ");
            }
            if (!r.traceCycle().isEmpty()) {
                cycle.append(label(x, r.traceCycle().get(0)));
            }
            out.println("  cycle: " + cycle);
        }
    }

    private static String label(Execution x, int id) {
        EventStructure s = x.structure();
        Event e = s.event(id);
        String loc = e.location() >= 0 ? s.program().locations().get(e.location()).name() : null;
        String where = e.thread() >= 0 ? "P" + e.thread() + "." + (e.instruction() + 1) + ":" : "";
        String value = e.kind().isMemory() ? "=" + x.values()[id] : "";
        return where + e.label(loc) + value;
    }

    private static String describeEvents(Execution x) {
        List<String> parts = new ArrayList<>();
        for (Event e : x.structure().events()) {
            if (x.exists()[e.id()] && e.thread() >= 0) {
                parts.add(label(x, e.id()));
            }
        }
        return String.join(" ", parts);
    }

    private static String edges(Execution x, Relation r) {
        List<String> parts = new ArrayList<>();
        for (int[] pair : r.pairs()) {
            parts.add(label(x, pair[0]) + " -> " + label(x, pair[1]));
        }
        return parts.isEmpty() ? "(none)" : String.join(", ", parts);
    }

    private static void printRepair(PrintStream out, RepairResult r) {
        out.println("Repair (" + r.notion().word() + ", at most " + r.bound() + " insertions, " + r.tried()
                + " insertion sets checked): " + r.describe());
        if (!r.found() || r.repairs().get(0).isEmpty()) {
            return;
        }
        for (List<Insertion> rep : r.repairs()) {
            int rt = 0;
            int fences = 0;
            for (Insertion i : rep) {
                rt += i.cost()[0];
                fences += i.cost()[1];
            }
            out.println("  " + (r.repairs().size() > 1 ? RepairResult.describe(rep) + " -- " : "") + "cost: " + rt
                    + " NIC round trip" + (rt == 1 ? "" : "s") + ", " + fences + " CPU fence" + (fences == 1 ? "" : "s"));
        }
        String text;
        try {
            text = ProgramPrinter.print(r.repaired());
        } catch (IllegalArgumentException e) {
            out.println("  (the repaired program is not printed: " + e.getMessage() + ")");
            return;
        }
        out.println("  repaired program:");
        for (String line : text.split("\n")) {
            out.println("    " + line);
        }
    }
}
