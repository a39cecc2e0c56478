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
 */
public record ExploredRun(SimCluster cluster, RunResult result, Schedule schedule) {
}
