package remo.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.checker.TestRunner;
import remo.conformance.FaultReach;
import remo.conformance.FaultSyntax;
import remo.conformance.LitmusRunner;
import remo.conformance.LitmusSimulator;
import remo.conformance.SimulationReport;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.core.SeedRange;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.nic.FaultPlan;
import remo.nic.SchedulerPolicy;

/**
 * {@code remo simulate}: runs each litmus test given (files, directories) many times on the simulated NIC (nic.md §6.6) and prints
 * the histogram of observed final states beside the model's allowed set, the coverage, and every
 * observed state the model does not allow. Exit status: 0 nothing outside the model; 1 an observed
 * state outside the allowed set, an inconsistent recorded graph or a failed run; 2 bad input.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = "Run each litmus test N times on the simulated RDMA NIC and compare the observed final states "
                + "with the model's allowed set.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every observed state is allowed (and every checked trace consistent)",
                "1:an observed state outside the allowed set, an inconsistent trace, or a failed run",
                "2:usage error or bad input", "3:internal error (a bug; please report it)"})
final class SimulateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions modelOptions;

    @Mixin
    HerdOptions herdOptions;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR",
            description = "Litmus files (RDMA, X86 or X86_64), or directories searched for *.litmus; each is simulated in turn.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1000",
            description = "Number of runs (default ${DEFAULT-VALUE}); run i uses seed S+i.")
    int runs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "Seed of the first run (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "deterministic",
            description = "deterministic (seeded adversarial scheduler, reproducible) or concurrent (real threads).")
    String mode;

    @Option(names = "--policy", paramLabel = "POLICY", defaultValue = "SWARM",
            description = "Deterministic scheduler policy: SWARM (default: adversarial holds varied per seed), "
                    + "ADVERSARIAL (nic.md §5.1 defaults) or UNIFORM.")
    String policy;

    @Option(names = "--metrics", description = "Also print the metrics of the last run (nic.md §9).")
    boolean metrics;

    @Option(names = "--faults", paramLabel = "RULES",
            description = "Inject faults (nic.md section 7) in every run; rules separated by ';' (repeatable): "
                    + "qp-error(P0, 2, op=1), qp-error(P0, 2, step=30), crash(2, step=40), "
                    + "delay-nic(P0, 2, p=0.5, mean=20) or delay-nic(*, ...), delay-drain(P0, p=0.5, mean=20) or "
                    + "delay-drain(*, ...).")
    List<String> faults = new ArrayList<>();

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "2000000",
            description = "Step budget of one deterministic run (default ${DEFAULT-VALUE}, nic.md section 5.1): a longer "
                    + "run is cut, counted, and the first one shown with each thread's pending call and its last 50 steps.")
    long maxSteps;

    @Option(names = "--check-traces",
            description = "Record every run's execution graph and check it with the checker's fixed-graph mode.")
    boolean checkTraces;

    @Override
    public Integer call() {
        var out = System.out;
        var err = System.err;
        LitmusSimulator.Mode m;
        SchedulerPolicy p;
        ArgumentPositions cmd = ArgumentPositions.of(spec);
        ModelLibrary library;
        java.util.Map<remo.core.Flag, String> cliFlags;
        CatModel named;
        FaultPlan plan;
        try {
            library = herdOptions.library(cmd);
            if (maxSteps < 1) {
                throw ModelOptions.usage(cmd, "--max-steps", "the step budget of a run must be at least 1, got " + maxSteps);
            }
            String seeds = SeedRange.problem(seed, runs, "--seed", "--runs");
            if (seeds != null) {
                throw ModelOptions.usage(cmd, runs < 1 ? "--runs" : "--seed", seeds);
            }
            try {
                m = LitmusSimulator.Mode.valueOf(mode.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw ModelOptions.usage(cmd, "--mode", "unknown mode '" + mode + "'; expected deterministic or concurrent");
            }
            try {
                p = SchedulerPolicy.named(policy);
            } catch (IllegalArgumentException e) {
                throw ModelOptions.usage(cmd, "--policy", e.getMessage());
            }
            plan = faultPlan(cmd, m);
            cliFlags = modelOptions.flags(cmd);
            named = modelOptions.model != null ? ModelOptions.load(library, modelOptions.model, cmd.value("--model")) : null;
            if (named != null && named.declaresForeignArchitecture() && !modelOptions.force) {
                throw new DiagnosticException(ModelOptions.architectureMismatch(named, cmd.value("--model")));
            }
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        int status = 0;
        List<Inputs.Input> files = Inputs.expand(inputs);
        // tests with status 0 (nothing outside the model), 1 and 2, and those an interrupt stopped while running
        int[] counts = new int[4];
        List<String> notRun = new ArrayList<>();
        for (Inputs.Input in : files) {
            if (remo.core.Interruption.requested()) {
                // the test that was running printed its figures so far; the others are listed, not dropped
                notRun.add(in.shown());
                continue;
            }
            int s;
            if (in.missing()) {
                err.println(in.problemDiagnostic().format());
                s = 2;
            } else {
                s = simulate(in.path(), in.shown(), library, cliFlags, named, m, p, plan, out, err);
            }
            // a test the interrupt stopped while it ran has partial figures: not counted as ok
            counts[s == 0 && remo.core.Interruption.requested() ? 3 : s]++;
            status = s == 2 || status == 2 ? 2 : Math.max(status, s);
        }
        if (files.size() > 1 || !notRun.isEmpty()) {
            out.println(summary(files.size(), counts, notRun.size()));
            out.flush();
        }
        if (!notRun.isEmpty()) {
            err.println("remo: " + remo.core.Interruption.reason() + ": " + notRun.size() + " of " + files.size()
                    + " tests not run: " + remo.core.SourceText.printable(String.join(", ", notRun)));
        }
        return status;
    }

    /**
     * The last line of a run of several tests (or of an interrupted one): {@code Simulated 5 tests: 2 ok,
     * 1 outside the model or failed, 0 errors, 1 partial, 1 not run (interrupted (SIGINT or SIGTERM))}
     * ("partial": stopped by the interrupt while running, its figures cover the runs made).
     *
     * @param counts tests ok, outside the model or failed, with an error, stopped while running
     */
    static String summary(int tests, int[] counts, int notRun) {
        return "Simulated " + tests + (tests == 1 ? " test: " : " tests: ") + counts[0] + " ok, " + counts[1]
                + " outside the model or failed, " + counts[2] + (counts[2] == 1 ? " error" : " errors")
                + (counts[3] == 0 ? "" : ", " + counts[3] + " partial")
                + (notRun == 0 ? "" : ", " + notRun + " not run (" + remo.core.Interruption.reason() + ")");
    }

    /**
     * The fault plan of the {@code --faults} options (every occurrence's rules, in order); a rule that
     * does not parse is an {@code E-FAULT} at its column, a scheduler-step rule in concurrent mode an
     * {@code E-USAGE} (nic.md §5.2: timed rules need the deterministic scheduler).
     */
    private FaultPlan faultPlan(ArgumentPositions cmd, LitmusSimulator.Mode m) throws DiagnosticException {
        if (faults.isEmpty()) {
            return FaultPlan.none();
        }
        FaultPlan.Builder b = FaultPlan.builder().expectUnreported();
        for (int i = 0; i < faults.size(); i++) {
            try {
                FaultSyntax.parseInto(b, faults.get(i));
            } catch (FaultSyntax.BadFaults e) {
                throw new DiagnosticException(Diagnostic.error("E-FAULT", remo.models.ModelLibrary.COMMAND_LINE,
                        cmd.valueOffset("--faults", i, e.offset()), e.getMessage()));
            }
        }
        FaultPlan plan = b.build();
        if (m == LitmusSimulator.Mode.CONCURRENT) {
            for (FaultPlan.Rule r : plan.rules()) {
                if (r instanceof FaultPlan.QpErrorAtStep || r instanceof FaultPlan.Crash) {
                    throw ModelOptions.usage(cmd, "--faults", "the rule " + FaultSyntax.format(r) + " counts scheduler "
                            + "steps, which only --mode deterministic has; in concurrent mode use qp-error(..., op=N) "
                            + "and the delays");
                }
            }
        }
        return plan;
    }

    /** Simulates one file and prints its report: 0 ok, 1 violations, 2 bad input. */
    private int simulate(Path file, String shown, ModelLibrary library, java.util.Map<remo.core.Flag, String> cliFlags,
                         CatModel named, LitmusSimulator.Mode m, SchedulerPolicy p, FaultPlan plan,
                         java.io.PrintStream out, java.io.PrintStream err) {
        Program program;
        SimulationReport report;
        try {
            program = LitmusParser.read(file, shown, herdOptions.unroll);
            FlagValues flags = FlagValues.defaults().withAll(program.flags()).withAll(cliFlags);
            CatModel allowed = named != null ? named : library.load(TestRunner.defaultModel(program));
            CatModel conformance = library.load(LitmusRunner.conformanceModel(program));
            for (String w : FaultReach.neverFiring(program, plan)) {
                err.println(Diagnostic.warning("W-FAULT", shown, Position.START, w).format());
            }
            report = LitmusSimulator.simulate(program, flags, allowed, conformance,
                    new LitmusSimulator.Options(runs, seed, m, checkTraces, p, FaultReach.firing(program, plan), maxSteps),
                    modelOptions.checkOptions(),
                    modelOptions.engine());
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        } catch (IOException e) {
            err.println(Diagnostic.error("E-IO", shown, Position.START, "cannot read file: " + InputText.describe(e)).format());
            return 2;
        } catch (IllegalArgumentException e) {
            err.println(Diagnostic.error("E-SIMULATE", shown, Position.START, String.valueOf(e.getMessage())).format());
            return 2;
        }
        out.print(report.format());
        if (metrics && report.lastMetrics() != null) {
            out.println("Metrics of the last run (seed " + (seed + runs - 1) + "):");
            out.print(report.lastMetrics().format());
        }
        out.flush();
        return report.ok() ? 0 : 1;
    }
}
