package remo.loco.spec;

import remo.nic.ExecutionGraph.Label;

/**
 * The stamp vocabulary of Mowgli (loco.md §2.1), each with the event label it stands for
 * (models.md labels). A locked CPU RMW has stamps {@code aCR, aCW}.
 */
public enum StampKind {
    aCR(Label.R), aCW(Label.W), aMF(Label.F), aNLR(Label.NLR), aNRW(Label.NRW), aNRR(Label.NRR), aNAR(Label.NAR),
    aNLW(Label.NLW), aWT(Label.WT), aGF(Label.GF), aRF(Label.RF);

    private final Label label;

    StampKind(Label label) {
        this.label = label;
    }

    /** The event label of subevents with this stamp. */
    public Label label() {
        return label;
    }

    /** Whether the stamp has a target node parameter {@code n}. */
    public boolean hasNode() {
        return this == aNLR || this == aNRW || this == aNRR || this == aNAR || this == aNLW || this == aRF;
    }
}
