package remo.checker;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.models.CatModel;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;

/**
 * The second stage of the axiomatic enumeration: for a complete rf, solves the values
 * (models.md §4.2; an rf whose values are cyclic or read a write that does not exist is discarded),
 * then builds co location by location by inserting each existing write at every position after the
 * initial write of the order built so far, checking partial orders like {@link RfChooser}.
 */
final class CoChooser {
    private final Candidate c;
    private final CandidateSpace space;
    private final ValueSolver solver;
    private final CatModel model;
    private final FlagValues flags;
    private final Set<String> skippedChecks;
    private final Budget budget;
    private final Pruning pruning;
    private final RaoChooser next;
    /** The model over each set of existing events (static part evaluated once per set). */
    private final Map<EventSet, ModelFrame> frames = new HashMap<>();
    /** The backward jumps whose unrolling bound cut some candidate (herd7 -unroll), for W-UNROLL. */
    final Set<Instruction.Cutoff> cutoffs = new LinkedHashSet<>();

    CoChooser(Candidate c, CatModel model, FlagValues flags, Set<String> skippedChecks, Budget budget, Pruning pruning,
              RaoChooser next) {
        this.c = c;
        this.space = c.space;
        this.solver = new ValueSolver(space.structure);
        this.model = model;
        this.flags = flags;
        this.skippedChecks = skippedChecks;
        this.budget = budget;
        this.pruning = pruning;
        this.next = next;
    }

    /** Takes the candidate's complete rf: values, existing events, then every co. */
    void start() {
        c.values = solver.solve(c.rfSource);
        if (c.values == null) {
            budget.count(); // ill-formed: cyclic values or a read from a write that does not exist
            return;
        }
        boolean[] ex = c.values.exists;
        for (int i = 0; i < space.reads.length; i++) {
            if (!ex[space.reads[i]] && c.rfSource[space.reads[i]] != space.sources[i][0]) {
                budget.count(); // a read that does not exist has no rf: its other choices repeat the candidate
                return;
            }
        }
        if (c.values.cutoff != null) {
            // beyond the unrolling bound (herd7 -unroll): discarded, and the run says so
            cutoffs.add(c.values.cutoff);
            budget.count();
            return;
        }
        EventSet existing = EventSet.of(ex);
        c.frame = frames.get(existing);
        if (c.frame == null) {
            c.frame = model.frame(MaskedUniverse.exact(space.structure, existing), flags, skippedChecks);
            frames.put(existing, c.frame);
        }
        c.frame.setDeadline(budget.deadline);
        c.rfExact = c.rfLower(ex);
        // per location: IW first, then the existing writes to insert
        int locs = space.writesAt.length;
        c.coOrder = new int[locs][];
        c.coLength = new int[locs];
        c.coToInsert = new int[locs][];
        for (int l = 0; l < locs; l++) {
            int[] writes = space.writesAt[l];
            int k = 0;
            for (int w : writes) {
                if (ex[w]) {
                    k++;
                }
            }
            int[] toInsert = new int[k];
            k = 0;
            for (int w : writes) {
                if (ex[w]) {
                    toInsert[k++] = w;
                }
            }
            c.coToInsert[l] = toInsert;
            c.coOrder[l] = new int[toInsert.length + 1];
            c.coOrder[l][0] = l; // IW of location l has index l
            c.coLength[l] = 1;
        }
        c.coUpper = space.coPotential.restrict(existing, existing);
        choose(0, 0);
    }

    /** Inserts write {@code k} of location {@code loc} (and the later ones) at every position. */
    private void choose(int loc, int k) {
        if (loc == c.coOrder.length) {
            next.choose(0, 0);
            return;
        }
        if (k == c.coToInsert[loc].length) {
            choose(loc + 1, 0);
            return;
        }
        int w = c.coToInsert[loc][k];
        int[] o = c.coOrder[loc];
        int len = c.coLength[loc];
        // with a single write there is one position; otherwise try every position after IW
        for (int pos = 1; pos <= len; pos++) {
            System.arraycopy(o, pos, o, pos + 1, len - pos);
            o[pos] = w;
            c.coLength[loc] = len + 1;
            if (!(pruning.worth(completionsAfter(loc, k)) && pruning.abandons(c.frame,
                    new Witnesses(c.rfExact, c.rfExact, c.coRelation(), c.coUpper, space.empty, space.raoPotential)))) {
                choose(loc, k + 1);
            }
            System.arraycopy(o, pos + 1, o, pos, len - pos);
            c.coLength[loc] = len;
        }
    }

    /** Number of completions below the state after inserting write {@code k} of location {@code loc}. */
    private double completionsAfter(int loc, int k) {
        double remaining = CandidateSpace.orders(k + 2, c.coToInsert[loc].length);
        for (int l = loc + 1; l < c.coToInsert.length; l++) {
            remaining *= CandidateSpace.orders(2, c.coToInsert[l].length);
        }
        for (int[] cls : space.raoClasses) {
            remaining *= CandidateSpace.orders(2, cls.length);
        }
        return remaining;
    }
}
