package remo.checker;

import remo.models.Witnesses;
import remo.models.algebra.Relation;

/**
 * The last stage of the axiomatic enumeration: builds rao class by class by inserting each
 * {@code NAR} at every position of the order built so far (models.md §4.1), checking partial
 * orders like {@link RfChooser}, and hands every complete candidate to the sink.
 */
final class RaoChooser {
    private final Candidate c;
    private final CandidateSpace space;
    private final Budget budget;
    private final Pruning pruning;
    private final CandidateSink sink;

    RaoChooser(Candidate c, Budget budget, Pruning pruning, CandidateSink sink) {
        this.c = c;
        this.space = c.space;
        this.budget = budget;
        this.pruning = pruning;
        this.sink = sink;
    }

    /** Inserts NAR {@code k} of class {@code cls} (and the later ones) at every position. */
    void choose(int cls, int k) {
        if (cls == space.raoClasses.length) {
            budget.count();
            sink.accept(c);
            return;
        }
        if (c.raoOrder[cls] == null) {
            c.raoOrder[cls] = new int[space.raoClasses[cls].length];
        }
        if (k == space.raoClasses[cls].length) {
            choose(cls + 1, 0);
            return;
        }
        int a = space.raoClasses[cls][k];
        int[] o = c.raoOrder[cls];
        int len = c.raoLength[cls];
        for (int pos = 0; pos <= len; pos++) {
            System.arraycopy(o, pos, o, pos + 1, len - pos);
            o[pos] = a;
            c.raoLength[cls] = len + 1;
            boolean abandoned = false;
            if (len > 0 && pruning.worth(completionsAfter(cls, k))) {
                Relation co = c.coRelation();
                abandoned = pruning.abandons(c.frame, new Witnesses(c.rfExact, c.rfExact, co, co, c.raoRelation(),
                        space.raoPotential));
            }
            if (!abandoned) {
                choose(cls, k + 1);
            }
            System.arraycopy(o, pos + 1, o, pos, len - pos);
            c.raoLength[cls] = len;
        }
    }

    /** Number of completions below the state after inserting NAR {@code k} of class {@code cls}. */
    private double completionsAfter(int cls, int k) {
        double remaining = CandidateSpace.orders(k + 2, space.raoClasses[cls].length);
        for (int d = cls + 1; d < space.raoClasses.length; d++) {
            remaining *= CandidateSpace.orders(2, space.raoClasses[d].length);
        }
        return remaining;
    }
}
