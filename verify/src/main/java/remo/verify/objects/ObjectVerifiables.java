package remo.verify.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import remo.models.CatModel;
import remo.verify.Bounds;
import remo.verify.VerifiableObject;
import remo.verify.Verification;

/**
 * The LOCO objects of module {@code loco-objects} (loco.md §4) as {@link VerifiableObject}s, each
 * named as its class, with the bounds it is verified at by default: 2 threads on 2 client nodes ×
 * 2 calls and 3 threads on 3 client nodes × 1 call, where the object allows it (a ring buffer has
 * one sender and one receiver: 2 threads, on 2 nodes and on 1 node, a loopback ring).
 */
public final class ObjectVerifiables {
    private ObjectVerifiables() {
    }

    /** The nine objects, in the order of loco.md §4. */
    public static List<VerifiableObject> all() {
        List<VerifiableObject> out = new ArrayList<>();
        List<Bounds> usual = List.of(Bounds.of(2, 2, 2), Bounds.of(3, 3, 1));
        out.add(of("SharedRegion", usual, SharedRegionWorkload::new));
        out.add(of("OwnedVar", usual, OwnedVarWorkload::new));
        out.add(of("AtomicVar", usual, AtomicVarWorkload::new));
        out.add(of("GlobalFence", usual, GlobalFenceWorkload::new));
        out.add(of("Sst", usual, SstWorkload::new));
        out.add(of("Barrier", usual, BarrierWorkload::new));
        out.add(of("RingBuffer", List.of(Bounds.of(2, 2, 2), Bounds.of(2, 1, 2)), RingBufferWorkload::new));
        out.add(of("Broadcast", usual, BroadcastWorkload::new));
        out.add(of("KvStore", usual, KvStoreWorkload::new));
        return out;
    }

    /** The object {@code name} verified by default at {@code bounds}, by the workloads {@code workload} builds. */
    static VerifiableObject of(String name, List<Bounds> bounds, Function<Bounds, ObjectWorkload> workload) {
        return new VerifiableObject() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public List<Bounds> defaultBounds() {
                return bounds;
            }

            @Override
            public Verification at(Bounds b, CatModel model, boolean strict) {
                return workload.apply(b).verification(model, strict);
            }
        };
    }
}
