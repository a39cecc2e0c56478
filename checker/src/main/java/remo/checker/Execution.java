package remo.checker;

import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import remo.core.graph.ExecutionGraph;
import remo.models.CatModel;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * One complete candidate execution as the checker judged it (models.md §4): its
 * {@link ExecutionGraph} over the program's event structure, its final state, and the model's
 * judgement. Used for witness graphs, JSON output, robustness reports and trace conformance. The
 * relations {@link #rf()}, {@link #co()} and {@link #rao()} are views of the graph over the
 * structure's events (given by the engine that already has them, else computed once on demand).
 * Immutable.
 */
public final class Execution {
    private final EventStructure structure;
    private final ExecutionGraph graph;
    private final FinalState finalState;
    private final boolean consistent;
    private final String failedCheck;
    private final boolean blocked;
    private final List<String> flags;
    private final long[] values;
    private final boolean[] exists;
    private Relation rf;
    private Relation co;
    private Relation rao;

    /**
     * @param structure   the program's event structure (static relations; event ids of the graph)
     * @param graph       the execution's graph over the structure's events
     * @param finalState  the full final state (every location, every assigned or initialised register)
     * @param consistent  whether every consistency check of the model holds
     * @param failedCheck the name of the first failing check, or {@code null}
     * @param blocked     whether the execution is blocked (models.md §9.3)
     * @param flags       names of the model's flag checks that hold on it
     */
    public Execution(EventStructure structure, ExecutionGraph graph, FinalState finalState, boolean consistent,
                     String failedCheck, boolean blocked, List<String> flags) {
        this(structure, graph, finalState, consistent, failedCheck, blocked, flags, null, null, null);
    }

    /** An execution whose engine already built the relation views ({@code co} and {@code rao} closed). */
    Execution(EventStructure structure, ExecutionGraph graph, FinalState finalState, boolean consistent, String failedCheck,
              boolean blocked, List<String> flags, Relation rf, Relation co, Relation rao) {
        this.structure = structure;
        this.graph = graph;
        this.finalState = finalState;
        this.consistent = consistent;
        this.failedCheck = failedCheck;
        this.blocked = blocked;
        this.flags = List.copyOf(flags);
        int n = graph.events().size();
        this.values = new long[n];
        this.exists = new boolean[n];
        for (ExecutionGraph.Event e : graph.events()) {
            values[e.id()] = e.value();
            exists[e.id()] = e.exists();
        }
        this.rf = rf;
        this.co = co;
        this.rao = rao;
    }

    /** The program's event structure (static relations). */
    public EventStructure structure() {
        return structure;
    }

    /** The execution's graph (event ids are the structure's). */
    public ExecutionGraph graph() {
        return graph;
    }

    /** Value of each event ({@code structure.size()} entries; 0 for non-memory events). Do not modify. */
    public long[] values() {
        return values;
    }

    /** Whether each event exists (conditional writes may not). Do not modify. */
    public boolean[] exists() {
        return exists;
    }

    /** Reads-from. */
    public synchronized Relation rf() {
        if (rf == null) {
            rf = GraphRelations.rf(graph);
        }
        return rf;
    }

    /** Coherence (transitively closed per location). */
    public synchronized Relation co() {
        if (co == null) {
            co = GraphRelations.co(graph);
        }
        return co;
    }

    /** Remote-atomic order (transitively closed per class). */
    public synchronized Relation rao() {
        if (rao == null) {
            rao = GraphRelations.rao(graph);
        }
        return rao;
    }

    /** The full final state. */
    public FinalState finalState() {
        return finalState;
    }

    /** Whether every consistency check of the model holds. */
    public boolean consistent() {
        return consistent;
    }

    /** The name of the first failing check, or {@code null}. */
    public String failedCheck() {
        return failedCheck;
    }

    /** Whether the execution is blocked (models.md §9.3). */
    public boolean blocked() {
        return blocked;
    }

    /** Names of the model's flag checks that hold on it. */
    public List<String> flags() {
        return flags;
    }

    /** The events that exist in this execution, as a set over {@code structure.size()} events. */
    public EventSet existingEvents() {
        return EventSet.of(structure.size(), IntStream.range(0, exists.length).filter(i -> exists[i]).toArray());
    }

    /** The exact witnesses {@code (rf, co, rao)} of this execution (models.md §4.1). */
    public Witnesses witnesses() {
        return Witnesses.exact(rf(), co().transitiveClosure(), rao().transitiveClosure());
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
