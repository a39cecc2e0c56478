package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.models.algebra.Relation;

/**
 * herd7's cat language beyond models.md §7's floor: functions, tuples, tags, procedures, try,
 * variants, forall, show, herd7's lexical forms and vocabulary, each on a small universe whose
 * expected values are written out.
 */
class CatLanguageTest {
    // events 0 1 2 3; po: the chain 0->1->2->3 (not transitive, so closures are visible); R = {1,3}, W = {0,2}
    private final TinyUniverse u = new TinyUniverse(4)
            .set(Builtin.R, 1, 3).set(Builtin.W, 0, 2).set(Builtin.M, 0, 1, 2, 3).set(Builtin.LOCK, 1, 2)
            .relation(Builtin.PO, new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3})
            .relation(Builtin.RMW, new int[] {1, 2})
            .relation(Builtin.ID, new int[] {0, 0}, new int[] {1, 1}, new int[] {2, 2}, new int[] {3, 3});
    private final Relation none = Relation.empty(4);
    private final Witnesses nothing = Witnesses.exact(none, none, none);

    private static Relation rel(int[]... pairs) {
        return TinyUniverse.rel(4, pairs);
    }

    private CatModel load(String cat) throws Exception {
        return new ModelLibrary().loadText("t.cat", cat);
    }

    private Relation it(String cat) throws Exception {
        return it(cat, FlagValues.defaults());
    }

    private Relation it(String cat, FlagValues flags) throws Exception {
        return load(cat).frame(u, flags, Set.of()).relation("it", nothing);
    }

    private final Relation po = rel(new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3});
    private final Relation poPlus = rel(new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3}, new int[] {0, 2},
            new int[] {1, 3}, new int[] {0, 3});

    @Test
    void functionsTuplesAndLet() throws Exception {
        assertEquals(rel(new int[] {0, 2}), it("let WW(r) = r & (W * W)\nlet it = WW(po; po)\n"));
        assertEquals(rel(new int[] {1, 0}, new int[] {2, 1}, new int[] {3, 2}), it("let f x = fun y -> y\nlet it = f po (po^-1)\n"));
        assertEquals(po.converse(), it("let (a, b) = (po, po^-1)\nlet it = b\n"));
        assertEquals(rel(new int[] {0, 2}, new int[] {1, 3}), it("let g = fun x -> x; x\nlet it = g(po)\n"));
        assertEquals(rel(new int[] {0, 2}, new int[] {1, 3}), it("let it = let a = po in a; a\n"));
        assertEquals(po.converse(), it("let a = po^-1\nlet a = po and b = a\nlet it = b\n"), "'and' sees the outer a");
        assertEquals(rel(new int[] {0, 1}, new int[] {2, 3}), it("let pick(_, x, _) = x\nlet it = pick(0, [W]; po, po)\n"));
        assertEquals(po, it("let it = begin po end\n"));
    }

    @Test
    void recursiveFunctionsOverTagSets() throws Exception {
        String cat = "enum Colour = 'red || 'green\n"
                + "let rel-of c = match c with 'red -> po || _ -> po^-1 end\n"
                + "let rec all s = match s with {} -> 0 || c ++ rest -> rel-of(c) | all(rest) end\n"
                + "let it = all(Colour)\n";
        assertEquals(po.union(po.converse()), it(cat));
        assertEquals(po.converse(), it("enum Colour = 'red || 'green\nlet s = ~{'red}\nlet it = if 'green in s then po^-1 else po\n"));
        assertEquals(po, it("enum E = 'a || 'b\nlet it = if {'a} subset E then po else 0\n"));
    }

    @Test
    void letRecIsTheLeastFixpointForStaticAndWitnessRelations() throws Exception {
        assertEquals(poPlus, it("let rec t = po | t; t\nlet it = t\n"));
        assertEquals(poPlus, it("let rec a = po | b and b = a; a\nlet it = a\n"));
        // a witness-dependent fixpoint is recomputed per candidate (it was once memoised at its first iterate)
        CatModel m = load("let rec t = rf | t; t\n");
        Relation rf = rel(new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3});
        assertEquals(poPlus, m.frame(u, FlagValues.defaults(), Set.of()).relation("t", Witnesses.exact(rf, none, none)));
    }

    @Test
    void proceduresMakeChecksNamedByTheirCall() throws Exception {
        CatModel m = load("procedure acy(r) = acyclic r as inner\nempty r & id end\ncall acy(po | po^-1) as outer\n");
        assertEquals(List.of("inner", "outer"), m.checks().stream().map(CatCheck::name).toList());
        assertEquals(List.of("inner", "outer"), m.checks().get(0).skipNames());
        assertFalse(m.frame(u, FlagValues.defaults(), Set.of()).check(nothing).consistent());
        assertTrue(m.frame(u, FlagValues.defaults(), Set.of("outer")).check(nothing).consistent(),
                "skipping the call skips its checks");
    }

    @Test
    void tryFallsBackOnNamesAndFailures() throws Exception {
        assertEquals(po, it("let it = try DMB.ISH with po\n"));
        assertEquals(po, it("let it = try fail(0) with po\n"));
        assertEquals(po, it("let it = try (W ; po) with po\n"), "a type error is caught");
        assertEquals(po, it("let mfence = try fencerel(NOPE) with 0\nlet it = po | mfence\n"));
    }

    @Test
    void variantsOfHerdAreFalseAndRemoFlagsAreDecidedPerRun() throws Exception {
        assertEquals(po, it("let it = if \"mixed\" then po^-1 else po\n"));
        assertEquals(po, it("if \"mixed\" let it = po^-1 else let it = po end\n"));
        String cat = "if \"GG_LOCAL_ORDER\" let it = po acyclic po as on else let it = po^-1 acyclic po^-1 as off end\n";
        CatModel m = load(cat);
        assertEquals(List.of("on", "off"), m.checks().stream().map(CatCheck::name).toList());
        FlagValues off = FlagValues.defaults().with(Flag.GG_LOCAL_ORDER, "OFF");
        assertEquals(po, it(cat));
        assertEquals(po.converse(), it(cat, off));
        assertTrue(m.checks().get(0).appliesUnder(FlagValues.defaults()));
        assertFalse(m.checks().get(1).appliesUnder(FlagValues.defaults()));
        assertTrue(m.checks().get(1).appliesUnder(off));
    }

    @Test
    void forallEnumerationsAndStatementMatch() throws Exception {
        CatModel m = load("enum E = 'a || 'b\nforall t in E do acyclic po as loop end\n"
                + "match 'b with 'a -> empty po as wrong || 'b -> empty 0 as right end\n");
        assertEquals(List.of("loop", "loop", "right"), m.checks().stream().map(CatCheck::name).toList());
    }

    @Test
    void showUnshowAndFlags() throws Exception {
        CatModel m = load("show po; po as two\nshow po\nunshow po\nflag ~empty [R]; po as reads-then\n");
        assertEquals(List.of("two"), m.shownNames());
        assertEquals(rel(new int[] {0, 2}, new int[] {1, 3}), m.frame(u, FlagValues.defaults(), Set.of()).relation("two", nothing));
        assertEquals(List.of("reads-then"), m.frame(u, FlagValues.defaults(), Set.of()).check(nothing).raisedFlags()
                .stream().map(CatCheck::name).toList());
    }

    @Test
    void herdLexicalForms() throws Exception {
        assertEquals(po.converse(), it("X86 TSO\nlet it = po ^ -1\n"));
        assertEquals(po.converse(), it("\"title\" catdep\nlet it = po -1 /* Dartagnan comment */\n"));
        assertEquals(po, it("let po' = po (* a (* nested *) comment *)\nlet it = po'\n"));
        assertEquals(po, it("let it = po (* Dartagnan reads (*(y) as text *)\n"));
        assertEquals(4 * 4, it("let it = ~0 * ~0\n").pairCount(), "~0 is the universe");
    }

    @Test
    void herdVocabularyAddsLockedPairsToPo() throws Exception {
        // a model without remo's RDMA names gets herd7's po: the locked read before its write
        assertEquals(CatModel.Vocabulary.HERD, load("let it = po\n").vocabulary());
        assertEquals(po, it("let it = po\n"), "(1,2) is already in po here");
        TinyUniverse split = new TinyUniverse(4).set(Builtin.R, 1).set(Builtin.W, 2).set(Builtin.M, 1, 2)
                .relation(Builtin.RMW, new int[] {1, 2});
        assertEquals(rel(new int[] {1, 2}), load("let it = po\n").frame(split, FlagValues.defaults(), Set.of()).relation("it", nothing));
        CatModel remo = load("let it = po | (ii & 0)\n");
        assertEquals(CatModel.Vocabulary.REMO, remo.vocabulary());
        assertEquals(none, remo.frame(split, FlagValues.defaults(), Set.of()).relation("it", nothing));
        assertEquals(rel(new int[] {1, 1}, new int[] {2, 2}), load("let it = si\n").frame(split, FlagValues.defaults(), Set.of())
                .relation("it", nothing), "herd7's si: each memory event with itself");
    }

    @Test
    void primitivesAndPredefinedHerdNames() throws Exception {
        assertEquals(rel(new int[] {0, 0}, new int[] {1, 1}, new int[] {2, 2}), it("let it = [domain po]\n"));
        assertEquals(rel(new int[] {1, 1}, new int[] {3, 3}), it("let it = [range(po) & R]\n"));
        assertEquals(none, it("let it = addr | data | ctrl | iico_data\n"));
        assertEquals(rel(new int[] {1, 2}), it("let it = amo\n"));
        assertEquals(rel(new int[] {1, 1}, new int[] {2, 2}), it("let it = [X]\n"));
        assertEquals(rel(new int[] {0, 2}), it("let it = fencerel(R)\n"), "stdlib's fencerel");
    }
}
