package remo.nic.explore;

/**
 * The happens-before order of the steps of one run, as the model checker's reduction sees it: step
 * {@code i} is before step {@code j} when every schedule equivalent to the run (the same steps, the
 * order of independent ones changed, {@link remo.nic.det.Footprint#dependent}) runs {@code i} first.
 * The explorer runs one schedule of each such class; a check that reads the run's real-time order
 * (a history's intervals, a return before an invocation) must hold for every schedule of the class,
 * and this order says which of them exist: any order of the steps that keeps it is one.
 *
 * <p>Steps are numbered from 0 in the run's {@link remo.nic.Schedule}. The Java code a thread body
 * runs between two calls runs inside the step of the earlier call: when the cluster's
 * {@code schedulerSteps} metric reads {@code c} in that code, it belongs to step {@code c - 1}, a CPU
 * step of the same thread ({@code c = 0}: before the first step, where every body starts).
 */
@FunctionalInterface
public interface StepOrder {

    /**
     * Whether step {@code i} happens before step {@code j} (irreflexive; steps of one thread's CPU are
     * ordered by program order).
     *
     * @throws IndexOutOfBoundsException if either step is not a step of the run
     */
    boolean before(int i, int j);

    /** The order of the schedule itself: {@code i} before {@code j} iff {@code i < j} (no reordering assumed). */
    static StepOrder total() {
        return (i, j) -> i < j;
    }
}
