package remo.loco.spec;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import remo.checker.EventStructure;
import remo.litmus.Program;
import remo.models.Bound;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.EventUniverse;
import remo.models.ModelFrame;
import remo.models.ModelLibrary;
import remo.models.Witnesses;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.conformance.TraceConformance;
import remo.conformance.TraceLitmus;

/**
 * Conformance and happens-before of a recorded graph, for the tests (nic.md §6.5, loco.md §2.4):
 * the graph is translated into the litmus program of its calls ({@link TraceLitmus}), checked
 * under the conformance model, and the model's own {@code hb} relation is evaluated on it (then
 * closed) and mapped back onto the graph's event ids. So {@code hb} comes from the cat file.
 */
public final class RecordedHb {
    private static final Map<String, CatModel> MODELS = new ConcurrentHashMap<>();

    private RecordedHb() {
    }

    /** A bundled model, loaded once. */
    public static CatModel model(String name) {
        return MODELS.computeIfAbsent(name, n -> {
            try {
                return new ModelLibrary().load(n);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** The conformance verdict of a fault-free, ASCENDING-order graph under its model. */
    public static TraceConformance.Verdict conformance(ExecutionGraph g) {
        return TraceLitmus.check(g, null, RecordedHb::model);
    }

    /**
     * The transitively closed {@code hb} of the conformance model on {@code g}, over {@code g}'s
     * event ids; events the translation leaves out (vacuous waits) are related to nothing.
     */
    public static Relation hb(ExecutionGraph g) {
        TraceLitmus.Translation tr = TraceLitmus.translate(g);
        Program p = tr.program();
        EventStructure s = new EventStructure(p, tr.flags());
        int n = s.size();
        int[] map = new int[g.events().size()];
        boolean[] exists = new boolean[n];
        for (ExecutionGraph.Event e : g.events()) {
            int sid;
            if (e.label() == EventLabel.IW) {
                sid = s.locationIndex(tr.locationNames().get(e.location()));
            } else {
                List<Integer> calls = tr.callInstructions().get(e.thread());
                int instr = e.po() < calls.size() ? calls.get((int) e.po()) : -1;
                sid = instr < 0 ? -1 : s.eventAt(e.thread(), instr + e.sub(), e.ii());
            }
            map[e.id()] = sid;
            if (sid >= 0) {
                exists[sid] = true;
            }
        }
        for (int l = 0; l < s.locationCount(); l++) {
            exists[l] = true;
        }
        for (int t = 0; t < tr.implied().size(); t++) {
            for (int instr : tr.implied().get(t)) {
                for (int k = 0; k < s.eventCount(t, instr); k++) {
                    exists[s.firstEvent(t, instr) + k] = true;
                }
            }
        }
        Relation.Builder rf = Relation.builder(n);
        Relation.Builder co = Relation.builder(n);
        Relation.Builder rao = Relation.builder(n);
        for (ExecutionGraph.Event e : g.events()) {
            int src = g.rf(e.id());
            if (src >= 0 && map[e.id()] >= 0 && map[src] >= 0) {
                rf.add(map[src], map[e.id()]);
            }
        }
        for (List<Integer> writes : g.co()) {
            for (int i = 1; i < writes.size(); i++) {
                co.add(map[writes.get(i - 1)], map[writes.get(i)]);
            }
        }
        for (List<Integer> nars : g.rao().values()) {
            for (int i = 1; i < nars.size(); i++) {
                rao.add(map[nars.get(i - 1)], map[nars.get(i)]);
            }
        }
        EventSet existing = EventSet.of(n, IntStream.range(0, n).filter(i -> exists[i]).toArray());
        CatModel model = model(tr.model());
        ModelFrame frame = model.frame(new ExactUniverse(s, existing), tr.flags(), Set.of());
        Relation hbS = frame.relation("hb", Witnesses.exact(rf.build(), co.build().transitiveClosure(),
                rao.build().transitiveClosure())).transitiveClosure();
        Relation.Builder out = Relation.builder(g.events().size());
        for (int a = 0; a < map.length; a++) {
            if (map[a] < 0) {
                continue;
            }
            for (int b = 0; b < map.length; b++) {
                if (map[b] >= 0 && hbS.contains(map[a], map[b])) {
                    out.add(a, b);
                }
            }
        }
        return out.build();
    }

    /** The static built-ins of an event structure restricted to the events that exist. */
    private static final class ExactUniverse implements EventUniverse {
        private final EventStructure structure;
        private final EventSet existing;

        ExactUniverse(EventStructure structure, EventSet existing) {
            this.structure = structure;
            this.existing = existing;
        }

        @Override
        public int size() {
            return structure.size();
        }

        @Override
        public EventSet set(Builtin set, Bound bound) {
            return structure.set(set).intersection(existing);
        }

        @Override
        public Relation relation(Builtin relation, Bound bound) {
            return structure.relation(relation).restrict(existing, existing);
        }
    }
}
