package remo.conformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.checker.TestRunner;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.core.SeedRange;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.nic.FaultPlan;
import remo.nic.SchedulerPolicy;

/**
 * Simulates a litmus program {@code N} times (nic.md §6.6, the {@code simulate} command): run
 * {@code i} uses seed {@code S + i} in deterministic mode; concurrent mode runs real threads. The
 * observed final states are compared with the allowed set computed by the axiomatic checker; with
 * trace checking every recorded graph goes through {@link TraceConformance}.
 */
public final class LitmusSimulator {

    /** Execution mode of the runs. */
    public enum Mode { DETERMINISTIC, CONCURRENT }

    /**
     * @param runs        number of runs, at least 1
     * @param seed        seed of the first run; {@code seed + runs - 1} must not overflow ({@link SeedRange})
     * @param mode        deterministic or concurrent
     * @param checkTraces whether every run records its graph and the graph is checked
     * @param policy      the scheduler policy (deterministic mode)
     * @param faults      the fault plan of every run (nic.md §7; {@link FaultPlan#none()}: none)
     * @param maxSteps    the step budget of one deterministic run (nic.md §5.1): a run that takes more
     *                    scheduler steps is cut (counted, and the first one shown with its diagnosis
     *                    and last steps); default {@link LitmusRunner#STEP_LIMIT}
     */
    public record Options(int runs, long seed, Mode mode, boolean checkTraces, SchedulerPolicy policy, FaultPlan faults,
                          long maxSteps) {
        /** @throws IllegalArgumentException when the seeds do not form a {@link SeedRange} (its message), or {@code maxSteps < 1} */
        public Options {
            new SeedRange(seed, runs);
            java.util.Objects.requireNonNull(faults, "faults");
            if (maxSteps < 1) {
                throw new IllegalArgumentException("the step budget of a run must be at least 1, got " + maxSteps);
            }
        }

        /** With the default step budget, {@link LitmusRunner#STEP_LIMIT}. */
        public Options(int runs, long seed, Mode mode, boolean checkTraces, SchedulerPolicy policy, FaultPlan faults) {
            this(runs, seed, mode, checkTraces, policy, faults, LitmusRunner.STEP_LIMIT);
        }

        /** Without faults. */
        public Options(int runs, long seed, Mode mode, boolean checkTraces, SchedulerPolicy policy) {
            this(runs, seed, mode, checkTraces, policy, FaultPlan.none());
        }

        /** Deterministic, SWARM policy, trace checking on. */
        public static Options deterministic(int runs, long seed) {
            return new Options(runs, seed, Mode.DETERMINISTIC, true, SchedulerPolicy.swarm());
        }
    }

    private LitmusSimulator() {
    }

    /**
     * Simulates {@code program}.
     *
     * @param program          a validated program
     * @param flags            the model flags (file flag line and command line applied)
     * @param allowedModel     the model whose outcome set the observations are compared with
     * @param conformanceModel the model recorded graphs must satisfy (see {@link LitmusRunner#conformanceModel})
     * @param options          runs, seed, mode, trace checking
     * @return the report
     * @throws LitmusException          E-UNSUPPORTED if {@code allowedModel} rejects the program; E-SIMULATE,
     *                                  before any checking, if the simulator cannot run it
     *                                  ({@link LitmusRunner#completionModeConflict})
     */
    public static SimulationReport simulate(Program program, FlagValues flags, CatModel allowedModel,
                                            CatModel conformanceModel, Options options) throws LitmusException {
        return simulate(program, flags, allowedModel, conformanceModel, options, CheckOptions.defaults());
    }

    /**
     * As {@link #simulate(Program, FlagValues, CatModel, CatModel, Options)}, with limits for the
     * checker's computation of the allowed set. If a limit stops it, observed states outside the
     * partial allowed set are reported as warnings, not violations ({@link SimulationReport#allowed()}
     * is then partial).
     */
    public static SimulationReport simulate(Program program, FlagValues flags, CatModel allowedModel,
                                            CatModel conformanceModel, Options options, CheckOptions checkOptions)
            throws LitmusException {
        return simulate(program, flags, allowedModel, conformanceModel, options, checkOptions, AxiomaticChecker::check);
    }

    /**
     * As above, computing the allowed set with {@code engine} (the axiomatic checker or the
     * operational explorer; both return the same outcome set, operational.md §8).
     */
    public static SimulationReport simulate(Program program, FlagValues flags, CatModel allowedModel,
                                            CatModel conformanceModel, Options options, CheckOptions checkOptions,
                                            TestRunner.Engine engine) throws LitmusException {
        Optional<Diagnostic> unsupported = LitmusRunner.completionModeConflict(program);
        if (unsupported.isPresent()) {
            throw new LitmusException(unsupported.get());
        }
        long t0 = System.nanoTime();
        CheckResult allowed = engine.check(program, allowedModel, flags, checkOptions);
        LitmusRunner runner = new LitmusRunner(program, flags, options.faults(), options.maxSteps());
        TraceConformance conformance = options.checkTraces() ? new TraceConformance(program, conformanceModel, flags) : null;
        Map<FinalState, Long> observed = new HashMap<>();
        Map<FinalState, Long> observedFull = new HashMap<>();
        java.util.Set<FinalState> faultFree = new java.util.HashSet<>();
        FaultCounts faultCounts = FaultCounts.ZERO;
        List<SimulationReport.Violation> violations = new ArrayList<>();
        long completed = 0;
        long discarded = 0;
        long stuck = 0;
        long failed = 0;
        long cut = 0;
        LitmusRun firstCut = null;
        long holds = 0;
        long fails = 0;
        long checked = 0;
        var printed = program.printedItems();
        LitmusRun last = null;
        int runsDone = 0;
        for (int i = 0; i < options.runs(); i++) {
            if (remo.core.Interruption.requested()) {
                // the report covers the runs made so far (SimulationReport marks it interrupted)
                break;
            }
            runsDone++;
            long seed = options.seed() + i;
            LitmusRun run = options.mode() == Mode.DETERMINISTIC
                    ? runner.runDeterministic(seed, options.policy(), options.checkTraces())
                    : runner.runConcurrent(options.checkTraces());
            last = run;
            faultCounts = faultCounts.plus(run.faults());
            boolean faulted = run.faults().faulted();
            switch (run.status()) {
                case DISCARDED:
                    discarded++;
                    continue;
                case STUCK:
                    stuck++;
                    continue;
                case CRASHED:
                    continue;
                case CUT:
                    cut++;
                    firstCut = firstCut == null ? run : firstCut;
                    continue;
                case FAILED:
                    failed++;
                    violations.add(new SimulationReport.Violation(seed, "failure", run.problem(), schedule(run)));
                    continue;
                default:
                    completed++;
            }
            FinalState full = run.state();
            observedFull.merge(full, 1L, Long::sum);
            // a run in which a request was flushed may end outside the model (a flushed put writes nothing)
            if (!allowed.fullStates().contains(full) && !allowed.partial() && !faulted) {
                violations.add(new SimulationReport.Violation(seed, "state", "observed state not allowed by "
                        + allowedModel.name() + ": " + full.format(program), schedule(run)));
            }
            boolean inX = program.filter() == null || program.filter().eval(full::get);
            if (inX) {
                observed.merge(full.project(printed), 1L, Long::sum);
                if (!faulted) {
                    faultFree.add(full.project(printed));
                }
                if (program.condition().eval(full::get)) {
                    holds++;
                } else {
                    fails++;
                }
            }
            if (conformance != null && run.trace().isPresent() && !faulted) {
                checked++;
                TraceConformance.Verdict v = conformance.check(run.trace().get(), run.callInstructions());
                if (!v.consistent()) {
                    String msg = "graph inconsistent under " + conformance.modelName() + ": " + v.failedCheck()
                            + (v.cycle().isEmpty() ? "" : ", cycle " + String.join(" -> ", v.cycle()))
                            + (v.problems().isEmpty() ? "" : ", " + v.problems());
                    violations.add(new SimulationReport.Violation(seed, "trace", msg, schedule(run)));
                }
            }
        }
        String mode = options.mode() == Mode.DETERMINISTIC ? "deterministic" : "concurrent";
        return new SimulationReport(program, mode, options.mode() == Mode.DETERMINISTIC ? options.policy().name() : null,
                options.seed(), runsDone, allowed, observed, observedFull, completed, discarded, stuck, failed, holds,
                fails, options.faults().isEmpty() ? null : new SimulationReport.Faults(options.faults(), faultCounts,
                        faultFree), conformance == null ? null : conformance.modelName(), checked,
                conformance == null ? 0 : conformance.distinctGraphs(), violations, (System.nanoTime() - t0) / 1e9,
                last == null ? null : last.metrics(),
                cut == 0 ? null : new SimulationReport.Cut(cut, options.maxSteps(), firstCut.seed(), firstCut.problem()));
    }

    private static String schedule(LitmusRun run) {
        if (run.schedule() == null || run.schedule().size() == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder(run.schedule().size() + " actions: ");
        int n = Math.min(run.schedule().size(), 40);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(run.schedule().describe(i));
        }
        if (n < run.schedule().size()) {
            sb.append(", …");
        }
        return sb.toString();
    }
}
