package remo.checker;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.models.CatModel;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.EvaluationTimeoutException;

/**
 * Output-sensitive enumeration of the candidate executions of a program (models.md §4): a
 * depth-first search over partial candidates ({@link PartialCandidate}) that hands every complete
 * candidate with a chance of being consistent, as a {@link Candidate}, to the same
 * {@link CandidateSink} as the plain enumeration ({@link RfChooser}, {@link CoChooser},
 * {@link RaoChooser}) does, and abandons a partial candidate as soon as the model's checks fail on
 * its bounds. It counts in the run's {@link Budget}: every complete candidate (well-formed or
 * not) and every partial candidate abandoned.
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
 * models.md §9.3), since none of its completions has a final state; it finds every state, the verdict and
 * Positive/Negative. {@link #exploreBlocked} then counts the blocked candidates (Blocked), setting
 * aside the nodes that can no longer block. Blocked completions are often far more numerous than
 * the others (a thread past a failed spin still runs), so the second pass stops at
 * {@link CheckOptions#maxBlocked()} consistent blocked candidates, or when a limit strikes during
 * it, without losing any state; the run then reports {@link #blockedLimit()}.
 *
 * <p>When no check or flag of the model reads {@code rao} ({@link CatModel#readsWitness}; e.g.
 * rdma-sc-rmw, models.md §10.2) the rao orders are not explored: every class is placed once, in
 * slot order, and each complete candidate stands for the {@code k1! * k2! * ...} candidates that
 * differ from it only in rao ({@link CompleteCandidate#multiplicity()}), which share its verdict,
 * flags, values, final state and blocking. Every count stays that of the plain enumeration; a
 * kept witness shows rao in slot order. Runs that keep every consistent execution ({@code --show
 * allowed}) or visit each one still explore every rao order.
 */
final class GraphExplorer {

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

    private final ChoiceIndex space;
    private final Candidate candidate;
    private final CatModel model;
    private final FlagValues flags;
    private final Set<String> skippedChecks;
    private final Budget budget;
    private final CandidateSink sink;
    private final ValueSolver solver;
    private final ChoiceOrder order;
    private final boolean everyCandidateBlocked;
    private final Map<ModelFrame, CoherenceRules> rules = new IdentityHashMap<>();
    private final Map<EventSet, EventSet> shared = new HashMap<>();
    /** The model over each set of existing events, and over each pair of existence bounds. */
    private final Map<EventSet, ModelFrame> exactFrames = new HashMap<>();
    private final Map<List<EventSet>, ModelFrame> boundedFrames = new HashMap<>();
    /** The backward jumps whose unrolling bound cut some candidate (herd7 -unroll), for W-UNROLL. */
    final Set<Instruction.Cutoff> cutoffs = new LinkedHashSet<>();
    /** Whether rao is placed once (no check reads it), and how many candidates each complete one then stands for. */
    private final boolean raoFixed;
    private final long raoMultiplicity;
    private Pass pass;
    private long setAside;
    private String blockedLimit;

    /**
     * @param candidate the candidate the complete choices are written into (its space is explored)
     * @param model     the model (its acyclicity checks drive the propagation)
     * @param flags     the run's flag values
     * @param skipped   the checks the run skips ({@code --skipcheck})
     * @param budget    the run's limits and counters
     * @param sink      receives the complete candidates
     * @param mayMerge  whether a complete candidate may stand for those that differ from it only in
     *                  rao when no check reads rao (false when every execution is to be visited)
     */
    GraphExplorer(Candidate candidate, CatModel model, FlagValues flags, Set<String> skipped, Budget budget,
                  CandidateSink sink, boolean mayMerge) {
        this.space = new ChoiceIndex(candidate.space);
        this.candidate = candidate;
        this.model = model;
        this.flags = flags;
        this.skippedChecks = skipped;
        this.budget = budget;
        this.sink = sink;
        this.solver = new ValueSolver(space.structure);
        this.order = new ChoiceOrder(space);
        this.everyCandidateBlocked = candidate.space.staticallyBlocked;
        long m = mayMerge && !model.readsWitness(remo.models.Builtin.RAO) ? raoOrders(space.raoClasses) : -1;
        this.raoFixed = m > 1;
        this.raoMultiplicity = raoFixed ? m : 1;
    }

    /** Number of rao witnesses: the product of the factorials of the class sizes, or -1 if it overflows a long. */
    private static long raoOrders(int[][] classes) {
        long product = 1;
        try {
            for (int[] c : classes) {
                for (int k = 2; k <= c.length; k++) {
                    product = Math.multiplyExact(product, k);
                }
            }
        } catch (ArithmeticException overflow) {
            return -1;
        }
        return product;
    }

    /** The root of the search: nothing chosen; rao placed in slot order when it is fixed. */
    private PartialCandidate root() {
        PartialCandidate root = new PartialCandidate(space);
        if (raoFixed) {
            for (OrderKnowledge o : root.rao) {
                for (int m = 0; m < o.size(); m++) {
                    o.place(m, o.placedCount());
                }
            }
        }
        return root;
    }

    /**
     * Both passes: every state, then the Blocked count. With a {@code visitor} (robustness) only the
     * first pass is needed.
     *
     * @param firstPassOnly whether to skip the count of blocked candidates
     */
    void explore(boolean firstPassOnly) {
        if (!exploreUnblocked() || firstPassOnly) {
            return;
        }
        long before = budget.consistent();
        try {
            exploreBlocked(before);
        } catch (Budget.Stop stop) {
            // every state is found: a limit now only cuts the Blocked count short
            blockedLimit = budget.takePartialReason();
            if (blockedLimit == null) {
                throw stop; // a visitor stopped the run
            }
        } catch (EvaluationTimeoutException e) {
            budget.timedOut();
            blockedLimit = budget.takePartialReason();
        }
    }

    /**
     * Why the Blocked count is only a lower bound (the second pass stopped at a limit once every
     * state was found), or {@code null} if it is exact.
     */
    String blockedLimit() {
        return blockedLimit;
    }

    /**
     * The first pass: hands every complete candidate that does not block to the sink.
     *
     * @return whether some partial candidate was set aside because it blocks (then the second
     *         pass has candidates to count)
     */
    private boolean exploreUnblocked() {
        if (everyCandidateBlocked) {
            return true;
        }
        pass = Pass.UNBLOCKED;
        setAside = 0;
        search(-1);
        return setAside > 0;
    }

    /** The second pass: hands every complete candidate that blocks to the sink. */
    private void exploreBlocked(long consistentBefore) {
        pass = Pass.BLOCKED;
        search(consistentBefore);
    }

    private void search(long consistentBefore) {
        Deque<Branch> stack = new ArrayDeque<>();
        visit(root(), stack, consistentBefore);
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
                budget.count();
                continue;
            }
            visit(child, stack, consistentBefore);
        }
    }

    private void visit(PartialCandidate node, Deque<Branch> stack, long consistentBefore) {
        switch (propagate(node)) {
            case PRUNED:
                budget.count();
                break;
            case SET_ASIDE:
                setAside++;
                break;
            case COMPLETE:
                long maxBlocked = budget.options().maxBlocked();
                // a candidate standing for several counts no more than the blocked limit has left
                complete(node, consistentBefore >= 0 && maxBlocked > 0
                        ? Math.min(raoMultiplicity, maxBlocked - (budget.consistent() - consistentBefore)) : raoMultiplicity);
                if (consistentBefore >= 0 && maxBlocked > 0 && budget.consistent() - consistentBefore >= maxBlocked) {
                    budget.stop("blocked count limit reached: counted " + (budget.consistent() - consistentBefore)
                            + " blocked candidates (--max-blocked " + maxBlocked + ")");
                }
                break;
            default:
                stack.push(new Branch(node, order.next(node)));
        }
    }
    private Status propagate(PartialCandidate node) {
        while (true) {
            budget.checkTime();
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
            budget.checkTime();
            Witnesses w = node.witnesses();
            budget.checkTime(); // the bounds of a long thread take a while: the limit holds between steps
            CoherenceRules frameRules = rules.computeIfAbsent(frame, f -> new CoherenceRules(space, model, f, budget));
            if (frame.definitelyViolated(w, frameRules::tests) != null) {
                return Status.PRUNED;
            }
            budget.checkTime();
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
        // one instance per set, so that the frame maps hold each set once
        EventSet lower = shared.computeIfAbsent(node.existingLower(), k -> k);
        EventSet upper = shared.computeIfAbsent(node.existingUpper(), k -> k);
        ModelFrame f = lower.equals(upper) ? exactFrame(lower)
                : boundedFrames.computeIfAbsent(List.of(lower, upper),
                        k -> model.frame(new MaskedUniverse(space.structure, lower, upper), flags, skippedChecks));
        f.setDeadline(budget.deadline);
        return f;
    }

    private ModelFrame exactFrame(EventSet existing) {
        return exactFrames.computeIfAbsent(existing,
                m -> model.frame(MaskedUniverse.exact(space.structure, m), flags, skippedChecks));
    }

    /**
     * Writes a complete node into the candidate and hands it on (as {@link CoChooser} and
     * {@link RaoChooser} do), as standing for {@code multiplicity} candidates.
     */
    private void complete(PartialCandidate node, long multiplicity) {
        ValueSolver.Values values = solver.solve(node.source);
        if (values == null) {
            budget.countComplete(); // ill-formed (models.md §4.2)
            return;
        }
        if (values.cutoff != null) {
            // beyond the unrolling bound (herd7 -unroll): discarded, and the run says so
            cutoffs.add(values.cutoff);
            budget.countComplete();
            return;
        }
        Candidate c = candidate;
        int n = space.size;
        System.arraycopy(node.source, 0, c.rfSource, 0, n);
        c.values = values;
        int[] ids = new int[n];
        int k = 0;
        for (int e = 0; e < n; e++) {
            if (values.exists[e]) {
                ids[k++] = e;
            }
        }
        EventSet existing = EventSet.of(n, java.util.Arrays.copyOf(ids, k));
        c.frame = exactFrame(existing);
        c.frame.setDeadline(budget.deadline);
        c.rfExact = c.rfLower(values.exists);
        c.multiplicity = multiplicity;
        int locs = node.co.length;
        c.coOrder = new int[locs][];
        c.coLength = new int[locs];
        c.coToInsert = new int[locs][];
        for (int l = 0; l < locs; l++) {
            c.coOrder[l] = members(node.co[l].placedOrder(), space.locationWrites[l]);
            c.coLength[l] = c.coOrder[l].length;
            c.coToInsert[l] = java.util.Arrays.copyOfRange(c.coOrder[l], 1, c.coOrder[l].length);
        }
        for (int r = 0; r < node.rao.length; r++) {
            c.raoOrder[r] = members(node.rao[r].placedOrder(), space.raoClasses[r]);
            c.raoLength[r] = c.raoOrder[r].length;
        }
        budget.countComplete();
        sink.accept(c);
    }
    private static int[] members(int[] slots, int[] events) {
        int[] out = new int[slots.length];
        for (int i = 0; i < slots.length; i++) {
            out[i] = events[slots[i]];
        }
        return out;
    }
}
