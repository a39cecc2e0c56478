package remo.nic.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SimCluster;
import remo.nic.det.ActionController;
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
     * @throws NondeterministicProgramException if a run does not replay the choices of the run before it
     * @throws RuntimeException                 what the set-up throws
     */
    public static Exploration explore(ExplorationTarget target, ExplorationOptions options, ExecutionCheck check) {
        long t0 = System.nanoTime();
        DporSearch search = new DporSearch(options.reduction() == ExplorationOptions.Reduction.DPOR, target.sharedJavaState());
        long executions = 0;
        long stuck = 0;
        long pruned = 0;
        long cut = 0;
        long steps = 0;
        List<Counterexample> found = new ArrayList<>();
        String limit = null;
        while (true) {
            if (options.cancelled().getAsBoolean()) {
                limit = "cancelled";
                break;
            }
            long runs = executions + pruned + cut;
            if (runs >= options.maxExecutions()) {
                limit = "the bound of " + options.maxExecutions() + " runs";
                break;
            }
            if (options.timeLimit() != null && System.nanoTime() - t0 >= options.timeLimit().toNanos()) {
                limit = "the time limit of " + options.timeLimit().toSeconds() + " s";
                break;
            }
            search.startRun();
            Run run = run(target, search, options.maxStepsPerRun(), check, options.deadlockIsViolation());
            steps += search.depth();
            switch (run.kind) {
                case PRUNED:
                    pruned++;
                    break;
                case CUT:
                    cut++;
                    break;
                case STUCK:
                    executions++;
                    stuck++;
                    break;
                default:
                    executions++;
                    for (Violation v : run.violations) {
                        found.add(counterexample(v, run, search.cost()));
                    }
            }
            if (!found.isEmpty() && options.stopAtFirstViolation()) {
                break;
            }
            if (!search.backtrack()) {
                break;
            }
        }
        return new Exploration(executions, stuck, pruned, cut, search.races(), steps, found, limit,
                (System.nanoTime() - t0) / 1e9);
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
        Run run = run(target, controller, Long.MAX_VALUE, check, true);
        return run.violations;
    }

    // ------------------------------------------------------------------ one run

    private enum Kind { CHECKED, STUCK, PRUNED, CUT }

    private static final class Run {
        Kind kind = Kind.CHECKED;
        final List<Violation> violations = new ArrayList<>();
        RunResult result;
    }

    private static Run run(ExplorationTarget target, ActionController controller, long maxSteps, ExecutionCheck check,
                           boolean deadlockIsViolation) {
        Run run = new Run();
        SimCluster.Builder b = SimCluster.builder().nodes(target.nodes()).config(target.config()).deterministic(0)
                .reduceSpins(true).controlledBy(controller).stepLimit(Math.max(1, maxSteps)).recordTrace(target.trace());
        try (SimCluster cluster = b.build()) {
            target.setup().accept(cluster);
            try {
                run.result = cluster.run();
            } catch (DporSearch.SleepBlocked e) {
                run.kind = Kind.PRUNED;
                return run;
            } catch (StepLimitExceededException e) {
                run.kind = Kind.CUT;
                run.result = e.partial();
                return run;
            } catch (SimulationDeadlockException e) {
                run.result = e.partial();
                if (deadlockIsViolation) {
                    run.violations.add(new Violation(Violation.Kind.LIVENESS, e.getMessage()));
                } else {
                    run.kind = Kind.STUCK;
                }
                return run;
            } catch (UnreportedFailureException e) {
                run.result = e.result();
                run.violations.add(new Violation(Violation.Kind.SAFETY, e.getMessage()));
                return run;
            } catch (ReplayDivergenceException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            for (Map.Entry<String, Throwable> f : run.result.threadFailures().entrySet()) {
                Throwable t = f.getValue();
                run.violations.add(new Violation(Violation.Kind.ASSERTION, "thread " + f.getKey() + " threw "
                        + t.getClass().getName() + (t.getMessage() == null ? "" : ": " + t.getMessage())));
            }
            run.violations.addAll(check.check(new ExploredRun(cluster, run.result, run.result.schedule())));
            if (Boolean.getBoolean("remo.explore.debug")) {
                System.err.println("RUN " + run.result.schedule() + " REGS " + run.result.registers());
            }
        }
        return run;
    }

    private static Counterexample counterexample(Violation v, Run run, int[] cost) {
        Schedule s = run.result == null ? Schedule.empty() : run.result.schedule();
        return new Counterexample(v, s, Optional.ofNullable(run.result), cost[0], cost[1]);
    }
}
