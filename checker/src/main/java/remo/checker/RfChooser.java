package remo.checker;

import remo.models.ModelFrame;
import remo.models.Witnesses;

/**
 * The first stage of the axiomatic enumeration (models.md §4.4): chooses the rf source of every
 * read in event order. After a choice with enough reads left, the model is evaluated on the
 * partial rf (the chosen pairs below, every possible source above) with the co pairs every
 * candidate has and may have, and the choice is abandoned if a check already fails.
 */
final class RfChooser {
    private final Candidate c;
    private final CandidateSpace space;
    private final ModelFrame frame;
    private final Pruning pruning;
    private final CoChooser next;

    /**
     * @param c       the candidate being built
     * @param frame   the model over the events that always exist, or {@code null} without pruning
     * @param pruning when to check partial candidates
     * @param next    the stage that takes a complete rf
     */
    RfChooser(Candidate c, ModelFrame frame, Pruning pruning, CoChooser next) {
        this.c = c;
        this.space = c.space;
        this.frame = frame;
        this.pruning = pruning;
        this.next = next;
    }

    /** Chooses the sources of reads {@code i..}, then hands every complete rf on. */
    void choose(int i) {
        if (i == space.reads.length) {
            next.start();
            return;
        }
        int r = space.reads[i];
        for (int w : space.sources[i]) {
            c.rfSource[r] = w;
            if (i + 1 < space.reads.length && pruning.worth(space.sourcesBelow[i + 1])
                    && pruning.abandons(frame, new Witnesses(c.rfLower(null), c.rfUpper(i + 1), space.coInitial,
                    space.coPotential, space.empty, space.raoPotential))) {
                continue;
            }
            choose(i + 1);
        }
        c.rfSource[r] = -1;
    }
}
