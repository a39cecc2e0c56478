package remo.nic.explore;

import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SimCluster;

/**
 * One complete explored execution, as an {@link ExecutionCheck} sees it.
 *
 * @param cluster  the cluster after the run (still open: {@link SimCluster#peek} works)
 * @param result   the run's result: its recorded graph, failures, captured registers
 * @param schedule the schedule that produced it ({@link Explorer#replay} runs it again)
 * @param order    the happens-before order of its steps: which other schedules of the same class the
 *                 explorer did not run, because they differ from this one only in the order of
 *                 independent steps (a check of real-time order must hold for all of them)
 */
public record ExploredRun(SimCluster cluster, RunResult result, Schedule schedule, StepOrder order) {
}
