package remo.verify.locks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import remo.models.CatModel;
import remo.nic.Schedule;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;
import remo.nic.explore.Violation;

/**
 * Verifies a lock's Java code with the model checker (nic.md §5.3, locks.md §10.7): every execution
 * of a {@link LockWorkload} within the exploration's bounds is checked by {@link LockChecks} under
 * a model — the recorded graph is consistent, the counter is exact, the lock order is an hb order,
 * ORD-W or ORD-S holds, the critical sections never overlap in time, the ticket locks are FIFO —
 * and every thread finishes (a lost wake-up is a liveness violation that names the words the
 * waiting thread spins on).
 *
 * <p>Under {@code rdma-wait-rmw}, the model the simulated NIC implements, an inconsistent graph is a
 * violation. Under a stronger model ({@code rdma-sc-rmw}) it is an execution that model forbids: it
 * is counted as excluded and not checked further, so the remaining executions are the model's.
 */
public final class LockVerifier {
    private LockVerifier() {
    }

    /**
     * The result of one verification.
     *
     * @param workload    what was verified
     * @param model       the model's name
     * @param exploration the exploration (counts, counterexamples, limits)
     * @param excluded    executions the model forbids (never under {@code rdma-wait-rmw})
     */
    public record Result(LockWorkload workload, String model, Exploration exploration, long excluded) {
        /** One line: the workload, the model and the exploration's summary. */
        public String summary() {
            return workload + " under " + model + ": " + exploration.summary()
                    + (excluded > 0 ? "; " + excluded + " executions excluded by the model" : "");
        }
    }

    /**
     * Explores {@code workload} and checks every execution under {@code model}.
     *
     * @param strict whether {@code model} is the simulator's own ({@code rdma-wait-rmw}): then an
     *               inconsistent graph is a violation, otherwise an excluded execution
     */
    public static Result verify(LockWorkload workload, CatModel model, boolean strict, ExplorationOptions options) {
        Objects.requireNonNull(model, "model");
        List<LockWorkload.Acquisition> acqs = new ArrayList<>();
        long[] excluded = {0};
        Exploration e = Explorer.explore(workload.target(acqs), options, check(workload, model, strict, acqs, excluded));
        return new Result(workload, model.name(), e, excluded[0]);
    }

    /**
     * Runs one schedule of {@code workload} again (a counterexample's) and checks it as {@link #verify}
     * does.
     *
     * @return the run's violations
     * @throws IllegalArgumentException if the schedule does not fit the workload
     */
    public static List<Violation> replay(LockWorkload workload, CatModel model, boolean strict, Schedule schedule) {
        List<LockWorkload.Acquisition> acqs = new ArrayList<>();
        return Explorer.replay(workload.target(acqs), schedule, check(workload, model, strict, acqs, new long[1]));
    }

    static ExecutionCheck check(LockWorkload workload, CatModel model, boolean strict,
                                        List<LockWorkload.Acquisition> acqs, long[] excluded) {
        return run -> {
            long counter = run.cluster().peek(workload.nodes(), "ctr", 0);
            LockWorkload.Outcome o = new LockWorkload.Outcome(run.result(), List.copyOf(acqs), counter);
            LockChecks.Judgement j = LockChecks.judge(workload, o, model, true, strict);
            if (j.excluded()) {
                excluded[0]++;
            }
            return j.violations();
        };
    }

    /** The kinds of the counterexamples of {@code r}, for tests and summaries. */
    public static List<Violation.Kind> kinds(Result r) {
        return r.exploration().counterexamples().stream().map(c -> c.violation().kind()).toList();
    }
}
