package remo.verify.locks;

import java.util.ArrayList;
import java.util.List;
import remo.locks.LockVariant;
import remo.models.CatModel;
import remo.verify.Bounds;
import remo.verify.VerifiableObject;
import remo.verify.Verification;

/**
 * The locks as {@link VerifiableObject}s, one per {@link LockVariant}, verified by default at the
 * bounds of locks.md §10.7: 2 threads on 2 client nodes acquiring twice each, 3 threads on 3 nodes
 * once each, and for the ticket locks 3 threads on 2 nodes (two slots on node 1).
 */
public final class LockVerifiables {
    private LockVerifiables() {
    }

    /** The four lock configurations. */
    public static List<VerifiableObject> all() {
        List<VerifiableObject> out = new ArrayList<>();
        for (LockVariant v : LockVariant.values()) {
            out.add(of(v));
        }
        return out;
    }

    /** The verifiable lock of {@code variant}. */
    public static VerifiableObject of(LockVariant variant) {
        return new VerifiableObject() {
            @Override
            public String name() {
                return switch (variant) {
                    case WEAK -> "WeakTicketLock";
                    case STRONG -> "StrongTicketLock";
                    case CAS_PUT -> "CasSpinLock(PUT)";
                    case CAS_RFAA -> "CasSpinLock(RFAA)";
                };
            }

            @Override
            public List<Bounds> defaultBounds() {
                List<Bounds> b = new ArrayList<>(List.of(Bounds.of(2, 2, 2), Bounds.of(3, 3, 1)));
                if (variant.ticket()) {
                    b.add(Bounds.of(3, 2, 1));
                }
                return b;
            }

            @Override
            public Verification at(Bounds b, CatModel model, boolean strict) {
                int slots = Math.max(b.slots(), b.neededSlots());
                LockWorkload w = new LockWorkload(variant, b.threads(), b.nodes(), b.ops()).withSlotsPerNode(slots);
                List<LockWorkload.Acquisition> acqs = new ArrayList<>();
                long[] excluded = {0};
                return new Verification(name() + " " + b, w.target(acqs), LockVerifier.check(w, model, strict, acqs, excluded),
                        () -> excluded[0]);
            }
        };
    }
}
