package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.models.algebra.Relation;

/** The cat operators, let rec, variants and checks on a small hand-built universe. */
class CatEvaluationTest {
    // events 0 1 2 3; po: 0->1->2, 0->2; R = {1,3}, W = {0,2}
    private final TinyUniverse u = new TinyUniverse(4)
            .set(Builtin.R, 1, 3).set(Builtin.W, 0, 2)
            .relation(Builtin.PO, new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2})
            .relation(Builtin.ID, new int[] {0, 0}, new int[] {1, 1}, new int[] {2, 2}, new int[] {3, 3});
    private final Relation none = Relation.empty(4);

    private ModelFrame frame(String cat, FlagValues flags) throws Exception {
        return new ModelLibrary().loadText("t.cat", cat).frame(u, flags, Set.of());
    }

    private Relation eval(String expr) throws Exception {
        ModelFrame f = frame("let it = " + expr + "\n", FlagValues.defaults());
        return f.relation("it", Witnesses.exact(none, none, none));
    }

    private static Relation rel(int[]... pairs) {
        return TinyUniverse.rel(4, pairs);
    }

    @Test
    void operators() throws Exception {
        assertEquals(rel(new int[] {0, 1}, new int[] {1, 2}, new int[] {0, 2}), eval("po"));
        assertEquals(rel(new int[] {1, 0}, new int[] {2, 1}, new int[] {2, 0}), eval("po^-1"));
        assertEquals(rel(new int[] {0, 2}), eval("po; po"));
        assertEquals(rel(new int[] {0, 1}), eval("[W]; po; [R]"));
        assertEquals(rel(new int[] {1, 2}, new int[] {0, 2}), eval("po \\ ([W]; po; [R])"));
        assertEquals(rel(new int[] {0, 1}, new int[] {0, 3}, new int[] {2, 1}, new int[] {2, 3}), eval("W * R"));
        assertEquals(rel(new int[] {0, 2}), eval("po & (W * W)"));
        assertEquals(16 - 3, eval("~po").pairCount());
        assertEquals(eval("po"), eval("po+"));
        assertEquals(3 + 4, eval("po*").pairCount());
        assertEquals(3 + 4, eval("po?").pairCount());
        assertEquals(rel(new int[] {0, 0}, new int[] {1, 1}), eval("[domain(po)]"));
        assertEquals(rel(new int[] {1, 1}, new int[] {2, 2}), eval("[range(po)]"));
        assertEquals(rel(), eval("0"));
        assertEquals(rel(), eval("po & 0"));
        assertEquals(eval("po"), eval("po | {}"));
    }

    @Test
    void precedenceFollowsHerd() throws Exception {
        // ; binds tighter than |, \ tighter than ;, & tighter than \
        assertEquals(eval("po | (po; po)"), eval("po | po; po"));
        assertEquals(eval("(po \\ po) ; po"), eval("po \\ po ; po"));
        assertEquals(eval("po \\ (po & po)"), eval("po \\ po & po"));
        // * is postfix before ';' and infix before a name
        assertEquals(eval("(po*); po"), eval("po*; po"));
        assertEquals(eval("(W) * (R)"), eval("W * R"));
    }

    @Test
    void letRecComputesTheLeastFixpoint() throws Exception {
        ModelFrame f = frame("let rec t = po | (t; po)\n", FlagValues.defaults());
        assertEquals(eval("po+"), f.relation("t", Witnesses.exact(none, none, none)));
        ModelFrame g = frame("let rec a = po | b and b = (a; a)\n", FlagValues.defaults());
        assertEquals(eval("po+"), g.relation("a", Witnesses.exact(none, none, none)));
    }

    @Test
    void laterLetShadowsEarlierAndBuiltins() throws Exception {
        ModelFrame f = frame("let po = po; po\nlet it = po\n", FlagValues.defaults());
        assertEquals(rel(new int[] {0, 2}), f.relation("it", Witnesses.exact(none, none, none)));
    }

    @Test
    void variantsFollowTheFlags() throws Exception {
        String cat = "let it = if \"GG_LOCAL_ORDER\" then po else 0\nlet v = if \"RFENCE_SCOPE=ALL\" && not \"GG_REMOTE_ORDER\" then po else 0\n";
        Witnesses w = Witnesses.exact(none, none, none);
        assertEquals(3, frame(cat, FlagValues.defaults()).relation("it", w).pairCount());
        assertEquals(0, frame(cat, FlagValues.defaults().with(Flag.GG_LOCAL_ORDER, "OFF")).relation("it", w).pairCount());
        assertEquals(0, frame(cat, FlagValues.defaults().with(Flag.RFENCE_SCOPE, "ALL")).relation("v", w).pairCount());
        assertEquals(3, frame(cat, FlagValues.defaults().with(Flag.RFENCE_SCOPE, "ALL").with(Flag.GG_REMOTE_ORDER, "OFF"))
                .relation("v", w).pairCount());
    }

    @Test
    void checksAndNames() throws Exception {
        ModelFrame f = frame("acyclic po as a\nirreflexive po as b\n~empty po as c\nempty W as d\nflag ~empty R as has-reads\n",
                FlagValues.defaults());
        CheckOutcome o = f.check(Witnesses.exact(none, none, none));
        assertFalse(o.consistent());
        assertEquals("d", o.failedCheck().name());
        ModelFrame g = frame("acyclic po | rf as causal\nflag ~empty R as has-reads\n", FlagValues.defaults());
        assertTrue(g.check(Witnesses.exact(none, none, none)).consistent());
        assertEquals(List.of("has-reads"), g.check(Witnesses.exact(none, none, none)).raisedFlags().stream()
                .map(CatCheck::name).toList());
        Relation back = rel(new int[] {2, 0});
        CheckOutcome cyclic = g.check(Witnesses.exact(back, none, none));
        assertEquals("causal", cyclic.failedCheck().name());
        assertTrue(cyclic.raisedFlags().isEmpty(), "flags are evaluated on consistent candidates only");
    }

    @Test
    void skippedChecksAreIgnored() throws Exception {
        CatModel m = new ModelLibrary().loadText("t.cat", "acyclic po | rf as causal\n");
        Relation back = rel(new int[] {2, 0});
        assertFalse(m.frame(u, FlagValues.defaults(), Set.of()).check(Witnesses.exact(back, none, none)).consistent());
        assertTrue(m.frame(u, FlagValues.defaults(), Set.of("causal")).check(Witnesses.exact(back, none, none)).consistent());
    }

    @Test
    void boundsPruneOnlyDefiniteViolations() throws Exception {
        ModelFrame f = frame("acyclic po | rf as causal\nempty rf \\ po as later\n", FlagValues.defaults());
        Relation back = rel(new int[] {2, 0});
        Relation forward = rel(new int[] {0, 1});
        // the lower bound already has the cycle: definite
        assertEquals("causal", f.definitelyViolated(new Witnesses(back, back, none, none, none, none)).name());
        // only the upper bound has it: not definite
        assertNull(f.definitelyViolated(new Witnesses(forward, forward.union(back), none, none, none, none)));
        // rf \ po: lower bound of the difference uses the upper bound of po (static here)
        assertNull(f.definitelyViolated(new Witnesses(forward, forward, none, none, none, none)));
    }

    @Test
    void frFromRfAndCo() throws Exception {
        // w0 -rf-> r1, co w0 -> w2, so fr r1 -> w2
        ModelFrame f = frame("let it = fr\n", FlagValues.defaults());
        Relation rf = rel(new int[] {0, 1});
        Relation co = rel(new int[] {0, 2});
        assertEquals(rel(new int[] {1, 2}), f.relation("it", Witnesses.exact(rf, co, none)));
    }
}
