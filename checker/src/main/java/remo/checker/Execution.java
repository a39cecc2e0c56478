package remo.checker;

import java.util.List;
import remo.models.algebra.Relation;

/**
 * One complete candidate execution (models.md §4): its events with values, the witnesses
 * {@code rf}, {@code co}, {@code rao}, and how the model judged it. Used for witness graphs, JSON
 * output, robustness reports and trace conformance.
 *
 * @param structure   the program's event structure (static relations)
 * @param values      value of each event ({@code structure.size()} entries; 0 for non-memory events)
 * @param exists      whether each event exists (conditional writes may not)
 * @param rf          reads-from
 * @param co          coherence (transitively closed per location)
 * @param rao         remote-atomic order
 * @param finalState  the full final state (every location, every assigned or initialised register)
 * @param consistent  whether every consistency check of the model holds
 * @param failedCheck the name of the first failing check, or {@code null}
 * @param blocked     whether the execution is blocked (models.md §9.3)
 * @param flags       names of the model's flag checks that hold on it
 */
public record Execution(EventStructure structure, long[] values, boolean[] exists, Relation rf, Relation co, Relation rao,
                        FinalState finalState, boolean consistent, String failedCheck, boolean blocked, List<String> flags) {
}
