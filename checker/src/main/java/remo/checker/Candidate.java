package remo.checker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.graph.ExecutionGraph;
import remo.models.CheckOutcome;
import remo.models.CatCheck;
import remo.models.ModelFrame;
import remo.models.Witnesses;
import remo.models.algebra.Relation;

/**
 * The candidate execution the choosers are building (models.md §4): the rf source of every read,
 * the values they imply, and co and rao as the orders fixed so far (per location, the initial write
 * then the writes inserted; per rao class, the NARs inserted). Mutable, one per enumeration; a
 * complete candidate is judged by {@link #judge()} and turned into an {@link Execution} when kept.
 */
final class Candidate implements CompleteCandidate {
    final CandidateSpace space;
    private final EventStructure s;
    private final int n;

    // rf
    final int[] rfSource;
    /** rf as chosen, once every read has a source. */
    Relation rfExact;

    // values and the model frame over the existing events
    ValueSolver.Values values;
    ModelFrame frame;

    // co: per location, its order so far (IW first) and the existing writes to insert
    int[][] coOrder;
    int[] coLength;
    int[][] coToInsert;
    /** Every co pair of the existing writes (the upper bound of co). */
    Relation coUpper;

    // rao: per class, its order so far
    final int[][] raoOrder;
    final int[] raoLength;

    /** How many candidates this one stands for ({@link CompleteCandidate#multiplicity()}); set by the exploration. */
    long multiplicity = 1;

    Candidate(CandidateSpace space) {
        this.space = space;
        this.s = space.structure;
        this.n = space.n;
        rfSource = new int[n];
        Arrays.fill(rfSource, -1);
        raoOrder = new int[space.raoClasses.length][];
        raoLength = new int[space.raoClasses.length];
    }

    /**
     * The rf pairs chosen so far whose read surely exists (a read of a guarded x86 instruction may
     * not: its pair is only possible), or with {@code exists}, those of the existing reads.
     */
    Relation rfLower(boolean[] exists) {
        Relation.Builder b = Relation.builder(n);
        for (int r : space.reads) {
            if (rfSource[r] >= 0 && (exists != null ? exists[r] : !s.event(r).conditional())) {
                b.add(rfSource[r], r);
            }
        }
        return b.build();
    }

    /** rf as chosen for the reads before {@code from}, and every possible source of the others. */
    Relation rfUpper(int from) {
        Relation.Builder b = Relation.builder(n);
        for (int i = 0; i < space.reads.length; i++) {
            int r = space.reads[i];
            if (i < from) {
                b.add(rfSource[r], r);
            } else {
                for (int w : space.sources[i]) {
                    b.add(w, r);
                }
            }
        }
        return b.build();
    }

    /**
     * co as fixed so far: the order of the writes inserted at each location, and the initial write
     * of every location before all its writes (inserted or not: co starts with IW in every
     * completion, models.md §4.1). For a complete candidate this is exactly co.
     */
    Relation coRelation() {
        Relation.Builder b = Relation.builder(n);
        for (int l = 0; l < coOrder.length; l++) {
            b.addOrder(coOrder[l], 0, coLength[l]);
            for (int w : coToInsert[l]) {
                b.add(l, w);
            }
        }
        return b.build();
    }

    /** rao as fixed so far. */
    Relation raoRelation() {
        Relation.Builder b = Relation.builder(n);
        for (int c = 0; c < raoOrder.length; c++) {
            if (raoOrder[c] != null) {
                b.addOrder(raoOrder[c], 0, raoLength[c]);
            }
        }
        return b.build();
    }

    // ---------------------------------------------------------------- a complete candidate

    /** The model's verdict on this complete candidate, with its co and rao (closed) for {@link #execution}. */
    @Override
    public Judged judge() {
        Relation co = coRelation();
        Relation rao = raoRelation();
        return new Judged(frame.check(Witnesses.exact(rfExact, co, rao)), co, rao);
    }

    /**
     * A complete candidate as the model judged it.
     *
     * @param outcome the model's verdict
     * @param co      coherence, closed
     * @param rao     remote-atomic order, closed
     */
    record Judged(CheckOutcome outcome, Relation co, Relation rao) {
    }

    @Override
    public long multiplicity() {
        return multiplicity;
    }

    /** Whether this complete candidate is blocked (models.md §9.3): an assume or await fails, or a poll never matches. */
    @Override
    public boolean blocked() {
        return values.blocked || space.staticallyBlocked;
    }

    /** The full final state of this complete candidate: every location's co-last write, every final register. */
    @Override
    public FinalState finalState() {
        long[] v = new long[space.fullItems.length];
        for (int k = 0; k < space.fullItems.length; k++) {
            int l = space.itemLocation[k];
            if (l >= 0) {
                v[k] = values.value[coOrder[l][coLength[l] - 1]];
            } else {
                v[k] = values.register(space.itemThread[k], space.itemRegister[k]);
            }
        }
        return FinalState.ofSortedUnchecked(space.fullItems, v); // fullItems: a TreeMap's keys
    }

    /** Where this blocked candidate blocks, e.g. {@code P1:3 assume (r0 == 1)}, joined by {@code ", "}. */
    @Override
    public String blockingPoints() {
        List<String> points = new ArrayList<>();
        for (int[] b : s.blockedPolls()) {
            points.add("P" + b[0] + ":" + (b[1] + 1) + " " + space.program.thread(b[0]).sourceTexts().get(b[1])
                    + " (no operation to match)");
        }
        for (int t = 0; t < values.blockedAt.length; t++) {
            int i = values.blockedAt[t];
            if (i >= 0) {
                points.add("P" + t + ":" + (i + 1) + " " + space.program.thread(t).sourceTexts().get(i));
            }
        }
        return String.join(", ", points);
    }

    /** This complete candidate as an {@link Execution}: its graph, its final state and its verdict. */
    @Override
    public Execution execution(Judged j, FinalState full, boolean isBlocked) {
        List<List<Integer>> co = new ArrayList<>();
        for (int l = 0; l < coOrder.length; l++) {
            co.add(prefix(coOrder[l], coLength[l]));
        }
        Map<String, List<Integer>> rao = new LinkedHashMap<>();
        for (int c = 0; c < raoOrder.length; c++) {
            rao.put(space.raoKeys[c], prefix(raoOrder[c], raoLength[c]));
        }
        ExecutionGraph graph = s.graph(values.value, values.exists, rfSource, co, rao);
        CheckOutcome o = j.outcome();
        return new Execution(s, graph, full, o.consistent(), o.failedCheck() == null ? null : o.failedCheck().name(),
                isBlocked || values.blocked, o.raisedFlags().stream().map(CatCheck::name).toList(), rfExact, j.co(), j.rao());
    }

    private static List<Integer> prefix(int[] order, int length) {
        List<Integer> out = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            out.add(order[i]);
        }
        return out;
    }
}
