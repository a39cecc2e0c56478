package remo.checker;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import remo.models.CatModel;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
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

    /** The events that exist in this execution, as a set over {@code structure.size()} events. */
    public EventSet existingEvents() {
        return EventSet.of(structure.size(), IntStream.range(0, exists.length).filter(i -> exists[i]).toArray());
    }

    /** The exact witnesses {@code (rf, co, rao)} of this execution (models.md §4.1). */
    public Witnesses witnesses() {
        return Witnesses.exact(rf, co.transitiveClosure(), rao.transitiveClosure());
    }

    /**
     * A frame evaluating {@code model} over this execution's existing events, for output that
     * draws or lists model relations ({@code --show NAME}, witness graphs). Pass
     * {@link #witnesses()} to the frame's methods.
     *
     * @param model         the model (normally the one the execution was checked under)
     * @param skippedChecks names of checks to ignore, as in {@link CheckOptions#skippedChecks()}
     * @return a new frame; not thread-safe
     */
    public ModelFrame frame(CatModel model, Set<String> skippedChecks) {
        return model.frame(MaskedUniverse.exact(structure, existingEvents()), structure.flags(), skippedChecks);
    }
}
