package remo.loco.spec;

import remo.core.rdma.EventLabel;

/**
 * The stamp vocabulary of Mowgli (loco.md §2.1), each with the event label it stands for
 * (models.md labels). A locked CPU RMW has stamps {@code aCR, aCW}.
 */
public enum StampKind {
    aCR(EventLabel.R), aCW(EventLabel.W), aMF(EventLabel.F), aNLR(EventLabel.NLR), aNRW(EventLabel.NRW), aNRR(EventLabel.NRR), aNAR(EventLabel.NAR),
    aNLW(EventLabel.NLW), aWT(EventLabel.WT), aGF(EventLabel.GF), aRF(EventLabel.RF);

    private final EventLabel label;

    StampKind(EventLabel label) {
        this.label = label;
    }

    /** The event label of subevents with this stamp. */
    public EventLabel label() {
        return label;
    }

    /** Whether the stamp has a target node parameter {@code n}. */
    public boolean hasNode() {
        return this == aNLR || this == aNRW || this == aNRR || this == aNAR || this == aNLW || this == aRF;
    }
}
