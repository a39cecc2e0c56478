package remo.checker.explore;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import remo.checker.EventStructure;
import remo.checker.ValueSolver;
import remo.models.CatModel;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * Output-sensitive enumeration of the candidate executions of a program (models.md §4): a
 * depth-first search over partial candidates ({@link PartialCandidate}) that hands every complete
 * candidate with a chance of being consistent to a {@link CandidateSink}, and abandons a partial
 * candidate as soon as the model's checks fail on its bounds.
 *
 * <p>A node's choices are: the source of an open read, the position of an existing write in the
 * {@code co} order of its location, the position of a NAR in its {@code rao} class (insertion
 * into the members placed so far). Every candidate is the leaf of exactly one path, whatever
 * order the choices are made in, so the search may pick at every node the choice with the fewest
 * options left (first-fail). Before choosing, a node is propagated to a fixpoint:
 * <ol>
 *   <li>values are solved as far as the reads-from choices fix them ({@link ValueSolver#solvePartial}):
 *       a value that depends on itself, or a chosen source that surely does not exist, abandons the
 *       node; the existence of conditional writes becomes known;</li>
 *   <li>a choice with a single option left is made;</li>
 *   <li>the model's checks are evaluated on the node's bounds ({@link ModelFrame#definitelyViolated});</li>
 *   <li>{@link CoherenceRules} remove the options that would close a cycle of an acyclicity check.</li>
 * </ol>
 * Each step removes only completions that are ill-formed or inconsistent, so the consistent
 * candidates reached, and hence every count, are those of the plain enumeration. The working set
 * is one node per level of the current path.
 *
 * <p>The search runs in two passes. {@link #exploreUnblocked} sets aside every node whose values
 * already block it (a false {@code assume}, an {@code await} that read another value: models.md
 * §9.3), since none of its completions has a final state; it finds every state, the verdict and
 * Positive/Negative. {@link #exploreBlocked} then counts the blocked candidates (Blocked), setting
 * aside the nodes that can no longer block. Blocked completions are often far more numerous than
 * the others (a thread past a failed spin still runs), so the caller may stop the second pass
 * early without losing any state.
 */
public final class GraphExplorer {

    /** The model frame over the events that surely exist ({@code lower}) and may exist ({@code upper}). */
    @FunctionalInterface
    public interface Frames {
        /**
         * @param lower events existing in every completion
         * @param upper events existing in some completion
         * @return a frame over those bounds (may be shared between calls)
         */
        ModelFrame frame(EventSet lower, EventSet upper);
    }

    /** A node whose options are being tried. */
    private static final class Branch {
        final PartialCandidate node;
        final ChoiceOrder.Choice choice;
        int next;

        Branch(PartialCandidate node, ChoiceOrder.Choice choice) {
            this.node = node;
            this.choice = choice;
        }
    }

    private enum Status { PRUNED, SET_ASIDE, COMPLETE, OPEN }

    /** Which candidates a pass delivers. */
    private enum Pass { UNBLOCKED, BLOCKED }

    private final CandidateSpace space;
    private final CatModel model;
    private final Frames frames;
    private final CandidateSink sink;
    private final ValueSolver solver;
    private final ChoiceOrder order;
    private final boolean everyCandidateBlocked;
    private final Map<ModelFrame, CoherenceRules> rules = new IdentityHashMap<>();
    private final Map<EventSet, EventSet> shared = new HashMap<>();
    private Pass pass;
    private long setAside;

    /**
     * @param structure             the program's events
     * @param model                 the model (its acyclicity checks drive the propagation)
     * @param frames                frames of the model over existence bounds
     * @param reads                 the read events
     * @param candidates            per read, the writes it may read from (models.md §4.1)
     * @param raoClasses            the rao classes, each its NAR events
     * @param coAllPotential        every co pair of any candidate
     * @param raoAll                every rao pair of any candidate
     * @param everyCandidateBlocked whether every candidate blocks whatever its values (a statically
     *                              blocked poll, models.md §3.1)
     * @param sink                  receives the candidates
     */
    public GraphExplorer(EventStructure structure, CatModel model, Frames frames, int[] reads, int[][] candidates,
                         int[][] raoClasses, Relation coAllPotential, Relation raoAll, boolean everyCandidateBlocked,
                         CandidateSink sink) {
        this.space = new CandidateSpace(structure, reads, candidates, raoClasses, coAllPotential, raoAll);
        this.model = model;
        this.frames = frames;
        this.sink = sink;
        this.solver = new ValueSolver(structure);
        this.order = new ChoiceOrder(space);
        this.everyCandidateBlocked = everyCandidateBlocked;
    }

    /**
     * The first pass: hands every complete candidate that does not block to the sink.
     *
     * @return whether some partial candidate was set aside because it blocks (then
     *         {@link #exploreBlocked} has candidates to count)
     */
    public boolean exploreUnblocked() {
        if (everyCandidateBlocked) {
            return true;
        }
        pass = Pass.UNBLOCKED;
        setAside = 0;
        search();
        return setAside > 0;
    }

    /** The second pass: hands every complete candidate that blocks to the sink. */
    public void exploreBlocked() {
        pass = Pass.BLOCKED;
        search();
    }

    private void search() {
        Deque<Branch> stack = new ArrayDeque<>();
        visit(new PartialCandidate(space), stack);
        while (!stack.isEmpty()) {
            Branch b = stack.peek();
            int[] options = b.choice.options();
            if (b.next == options.length) {
                stack.pop();
                continue;
            }
            int option = options[b.next++];
            PartialCandidate child = b.next == options.length ? b.node : b.node.copy();
            if (!ChoiceOrder.apply(child, b.choice, option)) {
                sink.pruned();
                continue;
            }
            visit(child, stack);
        }
    }

    private void visit(PartialCandidate node, Deque<Branch> stack) {
        switch (propagate(node)) {
            case PRUNED:
                sink.pruned();
                break;
            case SET_ASIDE:
                setAside++;
                break;
            case COMPLETE:
                complete(node);
                break;
            default:
                stack.push(new Branch(node, order.next(node)));
        }
    }

    private Status propagate(PartialCandidate node) {
        while (true) {
            sink.checkLimits();
            ValueSolver.PartialValues values = solver.solvePartial(node.source);
            if (values == null || !node.absorb(values)) {
                return Status.PRUNED;
            }
            boolean blocks = everyCandidateBlocked || values.blocked();
            if (pass == Pass.UNBLOCKED ? blocks : !blocks && !values.open()) {
                return Status.SET_ASIDE;
            }
            int forced = order.makeForced(node);
            if (forced < 0) {
                return Status.PRUNED;
            }
            if (forced > 0) {
                continue;
            }
            if (node.isComplete()) {
                return Status.COMPLETE;
            }
            ModelFrame frame = frame(node);
            Witnesses w = node.witnesses();
            CoherenceRules frameRules = rules.computeIfAbsent(frame, f -> new CoherenceRules(space, model, f));
            if (frame.definitelyViolated(w, frameRules::tests) != null) {
                return Status.PRUNED;
            }
            CoherenceRules.Result r = frameRules.apply(frame, w, node);
            if (r == CoherenceRules.Result.CONFLICT) {
                return Status.PRUNED;
            }
            if (r == CoherenceRules.Result.UNCHANGED) {
                return Status.OPEN;
            }
        }
    }

    private ModelFrame frame(PartialCandidate node) {
        // one instance per set, so that the frame source's maps hold each set once
        EventSet lower = shared.computeIfAbsent(node.existingLower(), k -> k);
        EventSet upper = shared.computeIfAbsent(node.existingUpper(), k -> k);
        return frames.frame(lower, upper);
    }

    private void complete(PartialCandidate node) {
        ValueSolver.Values values = solver.solve(node.source);
        if (values == null) {
            sink.illFormed();
            return;
        }
        int[][] coOrders = new int[node.co.length][];
        for (int l = 0; l < coOrders.length; l++) {
            coOrders[l] = members(node.co[l].placedOrder(), space.locationWrites[l]);
        }
        int[][] raoOrders = new int[node.rao.length][];
        for (int c = 0; c < raoOrders.length; c++) {
            raoOrders[c] = members(node.rao[c].placedOrder(), space.raoClasses[c]);
        }
        sink.complete(node.source.clone(), values, coOrders, raoOrders);
    }

    private static int[] members(int[] slots, int[] events) {
        int[] out = new int[slots.length];
        for (int i = 0; i < slots.length; i++) {
            out[i] = events[slots[i]];
        }
        return out;
    }
}
