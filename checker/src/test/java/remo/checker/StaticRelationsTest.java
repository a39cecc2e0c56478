package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.core.rdma.EventLabel;
import remo.litmus.Program;
import remo.models.Builtin;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * The static relations of {@link EventStructure} (built a row at a time from groups of events)
 * equal their pair-by-pair definitions of models.md §3, on every suite program and the x86 corpus;
 * and {@link Relation#compose} with a partial identity on either side (a mask), or through events
 * without successors, equals the pair-by-pair composition; the transitive closure, which skips
 * events without a predecessor or a successor, equals the iterated composition.
 */
class StaticRelationsTest {

    @Test
    void everyStaticRelationIsItsDefinition() throws Exception {
        int programs = 0;
        for (Path dir : List.of(TestFiles.suiteDir(), TestFiles.corpusDir())) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(dir)) {
                files = s.filter(p -> p.toString().endsWith(".litmus")).sorted().toList();
            }
            for (Path f : files) {
                Program p;
                try {
                    p = TestFiles.read(f);
                } catch (Exception e) {
                    continue; // the corpus has tests the parser rejects on purpose (RejectedProgramsTest)
                }
                compare(new EventStructure(p, FlagValues.defaults()), f.toString());
                programs++;
            }
        }
        assertEquals(true, programs > 100, programs + " programs");
    }

    private static void compare(EventStructure s, String where) {
        int n = s.size();
        Relation.Builder po = Relation.builder(n);
        Relation.Builder ii = Relation.builder(n);
        Relation.Builder si = Relation.builder(n);
        Relation.Builder sqp = Relation.builder(n);
        Relation.Builder loc = Relation.builder(n);
        Relation.Builder in = Relation.builder(n);
        Relation.Builder ext = Relation.builder(n);
        Relation.Builder node = Relation.builder(n);
        Relation.Builder id = Relation.builder(n);
        Relation.Builder rmw = Relation.builder(n);
        for (Event a : s.events()) {
            for (Event b : s.events()) {
                int x = a.id();
                int y = b.id();
                boolean sameThread = a.thread() >= 0 && a.thread() == b.thread();
                boolean sameInstr = sameThread && a.instruction() == b.instruction();
                if (sameThread && a.instruction() < b.instruction()) {
                    po.add(x, y);
                }
                if (sameInstr && a.step() < b.step()) {
                    ii.add(x, y);
                }
                if (sameInstr || x == y) {
                    si.add(x, y);
                }
                if (a.qp() >= 0 && a.qp() == b.qp()) {
                    sqp.add(x, y);
                }
                if (a.location() >= 0 && a.location() == b.location()) {
                    loc.add(x, y);
                }
                if (sameThread) {
                    in.add(x, y);
                } else if (x != y) {
                    ext.add(x, y);
                }
                if (a.node() == b.node()) {
                    node.add(x, y);
                }
                if (x == y) {
                    id.add(x, y);
                }
                if (sameInstr && ((a.locked() && a.kind() == EventLabel.R && b.locked() && b.kind() == EventLabel.W)
                        || (a.kind() == EventLabel.NAR && b.kind() == EventLabel.NRW))) {
                    rmw.add(x, y);
                }
            }
        }
        assertEquals(po.build(), s.relation(Builtin.PO), where + ": po");
        assertEquals(ii.build(), s.relation(Builtin.II), where + ": ii");
        assertEquals(si.build(), s.relation(Builtin.SI), where + ": si");
        assertEquals(sqp.build(), s.relation(Builtin.SQP), where + ": sqp");
        assertEquals(loc.build(), s.relation(Builtin.LOC), where + ": loc");
        assertEquals(in.build(), s.relation(Builtin.INT), where + ": int");
        assertEquals(ext.build(), s.relation(Builtin.EXT), where + ": ext");
        assertEquals(node.build(), s.relation(Builtin.SAME_NODE), where + ": same-node");
        assertEquals(id.build(), s.relation(Builtin.ID), where + ": id");
        assertEquals(rmw.build(), s.relation(Builtin.RMW), where + ": rmw");
        assertEquals(po.build().intersection(loc.build()), s.relation(Builtin.PO_LOC), where + ": po-loc");
    }

    @Test
    void compositionWithMasksEqualsThePairwiseComposition() {
        java.util.Random rnd = new java.util.Random(5);
        for (int round = 0; round < 200; round++) {
            int n = 1 + rnd.nextInt(150);
            Relation a = random(rnd, n, rnd.nextDouble() * 0.3);
            Relation b = random(rnd, n, rnd.nextDouble() * 0.3);
            int[] members = rnd.ints(rnd.nextInt(n + 1), 0, n).toArray();
            Relation mask = Relation.identity(EventSet.of(n, members));
            for (Relation[] p : new Relation[][] {{a, b}, {a, mask}, {mask, b}, {mask, mask}, {mask, Relation.empty(n)}}) {
                assertEquals(pairwise(p[0], p[1]), p[0].compose(p[1]), "round " + round);
            }
        }
    }

    @Test
    void closureSkippingEventsWithoutPredecessorOrSuccessorIsTheClosure() {
        java.util.Random rnd = new java.util.Random(7);
        for (int round = 0; round < 200; round++) {
            int n = 1 + rnd.nextInt(120);
            Relation r = random(rnd, n, rnd.nextDouble() * 0.05);
            if (round % 2 == 0) {
                // acyclic: only pairs (i, j) with i < j after a shuffle of the events
                List<Integer> perm = new java.util.ArrayList<>(java.util.stream.IntStream.range(0, n).boxed().toList());
                java.util.Collections.shuffle(perm, rnd);
                Relation.Builder dag = Relation.builder(n);
                for (int[] p : random(rnd, n, rnd.nextDouble() * 0.3).pairs()) {
                    if (p[0] < p[1]) {
                        dag.add(perm.get(p[0]), perm.get(p[1]));
                    }
                }
                r = dag.build();
                assertEquals(true, r.isAcyclic());
            }
            Relation closure = r;
            while (true) {
                Relation next = closure.union(pairwise(closure, r));
                if (next.equals(closure)) {
                    break;
                }
                closure = next;
            }
            assertEquals(closure, r.transitiveClosure(), "round " + round);
        }
    }

    private static Relation random(java.util.Random rnd, int n, double density) {
        Relation.Builder b = Relation.builder(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (rnd.nextDouble() < density) {
                    b.add(i, j);
                }
            }
        }
        return b.build();
    }

    private static Relation pairwise(Relation r, Relation s) {
        int n = r.size();
        Relation.Builder out = Relation.builder(n);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (r.contains(i, j)) {
                    for (int k = 0; k < n; k++) {
                        if (s.contains(j, k)) {
                            out.add(i, k);
                        }
                    }
                }
            }
        }
        return out.build();
    }
}
