package remo.nic.explore;

import java.util.Optional;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.trace.TraceDot;

/**
 * A violation with the run that shows it.
 *
 * @param violation      what went wrong
 * @param schedule       the schedule of the run ({@link Explorer#replay} runs it again); its text form
 *                       is {@code schedule.toString()} and {@link Schedule#parse} reads it back
 * @param result         the run's result (partial for a deadlock): recorded graph, failures, registers
 * @param contextSwitches how often the schedule moves from one thread's CPU call to another's while
 *                       the first could go on (what the shrinker minimises first)
 * @param nicDelays      how often a NIC step that was enabled waited while another action ran
 */
public record Counterexample(Violation violation, Schedule schedule, Optional<RunResult> result, int contextSwitches,
                             int nicDelays) {

    /**
     * The run's recorded execution graph as a Graphviz DOT document (one cluster per thread, po, rf,
     * co and rao edges; nic.md §6), or empty when the run recorded no graph.
     *
     * @param name the graph's name in the document
     */
    public Optional<String> graphDot(String name) {
        return result.flatMap(RunResult::trace).map(g -> TraceDot.write(g, name));
    }
}
