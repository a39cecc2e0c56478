package remo.nic.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SimCluster;
import remo.nic.det.Action;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;
import remo.nic.error.DiscardedRunException;
import remo.nic.error.FailedAttemptMisuseException;
import remo.nic.error.ReplayDivergenceException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.error.UnreportedFailureException;

/**
 * The model checker for Java programs on the simulated NIC (nic.md §5.3). It runs the program of
 * an {@link ExplorationTarget} on the deterministic engine once per schedule that matters, and
 * checks every run: a thread body that throws is an {@link Violation.Kind#ASSERTION} violation, a
 * run in which some thread can never finish (nothing enabled, or a spin on words no step will
 * write) a {@link Violation.Kind#LIVENESS} violation, and the {@link ExecutionCheck} adds the
 * program's own properties.
 *
 * <p>Every scheduling decision is a choice point: which thread's CPU call runs, which store buffer
 * drains, which step of which queue pair's operations the NIC takes. Schedules that differ only in
 * the order of independent steps are one class, run once ({@link ExplorationOptions.Reduction#DPOR});
 * a thread body that comes back to the same call with nothing changed waits until a word its loop
 * read changes, so that spin loops are finite and a lost wake-up is a deadlock. The exploration is
 * deterministic: the same program and options run the same schedules in the same order, and each
 * counterexample's schedule replays with {@link #replay}.
 *
 * <p>Thread bodies may share Java objects with the other threads of their node (the engine orders
 * the CPU steps of one node's threads), not across nodes; a program that breaks this, or that uses
 * randomness or the clock, is reported with {@link NondeterministicProgramException}.
 */
public final class Explorer {
    private Explorer() {
    }

    /**
     * Explores {@code target} within {@code options} and checks every run with {@code check}.
     *
     * @return the counts, the counterexamples (the first one only unless
     *         {@link ExplorationOptions#stopAtFirstViolation()} is off) and why it stopped
     *         (a {@link CancellationException} from {@code check} stops it as cancelled, a
     *         {@link CheckLimitException} with its reason: the run it was checking is not counted)
     * @throws NondeterministicProgramException if a run does not replay the choices of the run before it
     * @throws RuntimeException                 what the set-up throws
     */
    public static Exploration explore(ExplorationTarget target, ExplorationOptions options, ExecutionCheck check) {
        return explore(target, options, check, StepObserver.NONE);
    }

    /**
     * As {@link #explore(ExplorationTarget, ExplorationOptions, ExecutionCheck)}, with {@code observer}
     * watching every step of every run (its check can then judge the steps it saw).
     */
    public static Exploration explore(ExplorationTarget target, ExplorationOptions options, ExecutionCheck check,
                                      StepObserver observer) {
        long t0 = System.nanoTime();
        DporSearch search = new DporSearch(options.reduction() == ExplorationOptions.Reduction.DPOR, target.sharedJavaState(),
                observer);
        long executions = 0;
        long stuck = 0;
        long pruned = 0;
        long discarded = 0;
        long cut = 0;
        String firstCut = null;
        long steps = 0;
        List<Counterexample> found = new ArrayList<>();
        String limit = null;
        java.util.function.BooleanSupplier timeUp = () -> options.timeLimit() != null
                && System.nanoTime() - t0 >= options.timeLimit().toNanos();
        search.stopWhen(() -> options.cancelled().getAsBoolean() || timeUp.getAsBoolean());
        while (true) {
            if (options.cancelled().getAsBoolean()) {
                limit = stopReason();
                break;
            }
            long runs = executions + pruned + discarded + cut;
            if (runs >= options.maxExecutions()) {
                limit = "the bound of " + options.maxExecutions() + " runs";
                break;
            }
            if (timeUp.getAsBoolean()) {
                limit = "the time limit of " + options.timeLimit().toSeconds() + " s";
                break;
            }
            search.startRun();
            RunRecord run;
            try {
                run = runOnce(target, search, options.maxStepsPerRun(), check, options.deadlockIsViolation());
            } catch (CancellationException e) {
                // a check (the trace's translation, say) saw the user's Ctrl-C: the runs before this one stand
                limit = stopReason();
                break;
            } catch (CheckLimitException e) {
                limit = e.getMessage();
                break;
            } catch (DporSearch.Stopped e) {
                // a long run outlived the time limit (or was cancelled): the runs before it stand
                limit = timeUp.getAsBoolean() ? "the time limit of " + options.timeLimit().toSeconds() + " s" : stopReason();
                break;
            }
            steps += search.depth();
            switch (run.kind()) {
                case PRUNED:
                    pruned++;
                    break;
                case DISCARDED:
                    discarded++;
                    break;
                case CUT:
                    cut++;
                    firstCut = firstCut == null ? run.stopped() : firstCut;
                    break;
                case STUCK:
                    executions++;
                    stuck++;
                    break;
                default:
                    executions++;
                    for (Violation v : run.violations()) {
                        Counterexample cx = counterexample(v, run, search.cost());
                        found.add(options.shrink() && found.isEmpty()
                                ? ScheduleShrinker.shrink(target, check, options.maxStepsPerRun(), cx) : cx);
                    }
            }
            if (!found.isEmpty() && options.stopAtFirstViolation()) {
                break;
            }
            if (!search.backtrack()) {
                break;
            }
        }
        return new Exploration(executions, stuck, pruned, discarded, cut, search.races(), steps, found, limit,
                (System.nanoTime() - t0) / 1e9, firstCut);
    }

    /**
     * Runs {@code schedule} on {@code target} again and checks the run as {@link #explore} would.
     *
     * @return the violations of the run (empty if it passes)
     * @throws IllegalArgumentException if the schedule does not fit the program (an action it names is
     *                                  not enabled at its step, or it ends before the run does)
     */
    public static List<Violation> replay(ExplorationTarget target, Schedule schedule, ExecutionCheck check) {
        ReplayController controller = new ReplayController(schedule);
        return runOnce(target, controller, Long.MAX_VALUE, check, true).violations();
    }

    // ------------------------------------------------------------------ one run

    private enum Kind { CHECKED, STUCK, PRUNED, DISCARDED, CUT }

    /**
     * One run's outcome.
     *
     * @param kind       checked, stuck (a deadlock that is no violation), pruned, discarded (a failed attempt) or cut
     * @param violations what the run broke
     * @param result     the run's result (partial for a deadlock or a cut run), empty for a pruned run
     * @param stopped    for a cut run, its diagnosis and trace cut (the step limit's message), else {@code null}
     */
    record RunRecord(Kind kind, List<Violation> violations, Optional<RunResult> result, String stopped) {
        RunRecord(Kind kind, List<Violation> violations, Optional<RunResult> result) {
            this(kind, violations, result, null);
        }
    }

    static RunRecord runOnce(ExplorationTarget target, ActionController controller, long maxSteps, ExecutionCheck check,
                             boolean deadlockIsViolation) {
        List<Violation> violations = new ArrayList<>();
        // the run-time obligation checks are off: the explorer judges what the program does on every
        // schedule (a weak lock's unwaited put shows as the lost update it causes), as it always has
        // the search's own happens-before clocks, when a search chose the steps (a replay has none)
        StepClocks clocks = new StepClocks(controller instanceof DporSearch search ? search::before : null);
        SimCluster.Builder b = SimCluster.builder().nodes(target.nodes()).config(target.config()).deterministic(0)
                .reduceSpins(true).controlledBy(new Recording(controller, clocks, target.sharedJavaState()))
                .stepLimit(Math.max(1, maxSteps)).recordTrace(target.trace()).checkClientObligations(false);
        try (SimCluster cluster = b.build()) {
            target.setup().accept(cluster);
            RunResult result;
            try {
                // thread failures are violations here (below), not exceptions
                result = cluster.runAllowingFailures();
            } catch (DporSearch.SleepBlocked e) {
                return new RunRecord(Kind.PRUNED, violations, Optional.empty());
            } catch (DiscardedRunException e) {
                return new RunRecord(Kind.DISCARDED, violations, Optional.empty());
            } catch (FailedAttemptMisuseException e) {
                violations.add(new Violation(Violation.Kind.ASSERTION, e.getMessage()));
                return new RunRecord(Kind.CHECKED, violations, Optional.ofNullable(e.partial()));
            } catch (StepLimitExceededException e) {
                return new RunRecord(Kind.CUT, violations, Optional.ofNullable(e.partial()), e.getMessage());
            } catch (SimulationDeadlockException e) {
                if (!deadlockIsViolation) {
                    return new RunRecord(Kind.STUCK, violations, Optional.ofNullable(e.partial()));
                }
                violations.add(new Violation(Violation.Kind.LIVENESS, e.getMessage()));
                return new RunRecord(Kind.CHECKED, violations, Optional.ofNullable(e.partial()));
            } catch (UnreportedFailureException e) {
                violations.add(new Violation(Violation.Kind.SAFETY, e.getMessage()));
                return new RunRecord(Kind.CHECKED, violations, Optional.ofNullable(e.result()));
            } catch (ReplayDivergenceException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            for (Map.Entry<String, Throwable> f : result.threadFailures().entrySet()) {
                Throwable t = f.getValue();
                violations.add(new Violation(Violation.Kind.ASSERTION, "thread " + f.getKey() + " threw "
                        + t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage())));
            }
            violations.addAll(check.check(new ExploredRun(cluster, result, result.schedule(), clocks)));
            return new RunRecord(Kind.CHECKED, violations, Optional.of(result));
        }
    }

    /**
     * The controller of a run as the engine sees it: the explorer's (or a replay's) choices, each
     * chosen action's footprint recorded for the run's {@link StepOrder}; the footprints are those of
     * the target's {@link ExplorationTarget#sharedJavaState()}, in a replay as in the exploration.
     */
    private static final class Recording implements ActionController {
        private final ActionController inner;
        private final StepClocks clocks;
        private final boolean sharedJavaState;

        Recording(ActionController inner, StepClocks clocks, boolean sharedJavaState) {
            this.inner = inner;
            this.clocks = clocks;
            this.sharedJavaState = sharedJavaState;
        }

        @Override
        public int choose(List<Action> enabled, DetEngine engine) {
            int k = inner.choose(enabled, engine);
            clocks.add(enabled.get(k).code(), engine.footprint(enabled.get(k)));
            return k;
        }

        @Override
        public boolean bodiesShareJavaState() {
            return sharedJavaState;
        }
    }

    private static Counterexample counterexample(Violation v, RunRecord run, int[] cost) {
        Schedule s = run.result().map(RunResult::schedule).orElse(Schedule.empty());
        return new Counterexample(v, s, run.result(), cost[0], cost[1]);
    }

    /** Why a cancelled exploration stopped: the user's interruption as remo says it everywhere, else "cancelled" (a caller's own token). */
    private static String stopReason() {
        return remo.core.Interruption.requested() ? remo.core.Interruption.reason() : "cancelled";
    }
}
