package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static remo.litmus.X86TestSupport.parse;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.Position;

/**
 * File layout (language.md §10.1), init block (language.md §10.2), condition atoms (language.md §10.4) and the program
 * shape (language.md §10.6) of x86 tests.
 */
class X86FileLayoutTest {

    private static final String BODY = "{ }\n P0 ;\n MOV [x],1 ;\nexists (x=1)\n";

    private static List<Prop.Atom> atoms(Prop p) {
        List<Prop.Atom> list = new ArrayList<>();
        p.forEachAtom(list::add);
        return list;
    }

    // ------------------------------------------------------------------ header and info lines

    @Test
    void headerWithTexNameAndDoc() throws LitmusException {
        Program p = parse("X86 x86/IRIW (IRIWLitmus) \"Litmus test\"\n" + BODY);
        assertEquals("x86/IRIW", p.name());
        assertEquals("Litmus test", p.doc());
        assertEquals(Dialect.X86, p.dialect());
        assertEquals("t.litmus", p.sourceName());
    }

    @Test
    void nameCharacters() throws LitmusException {
        assertEquals("SB+mfence+po-rfi-po", parse("X86 SB+mfence+po-rfi-po\n" + BODY).name());
        assertEquals("a_b/c.d-e+f[g]:h", parse("X86\ta_b/c.d-e+f[g]:h (T)\n" + BODY).name());
    }

    @Test
    void docStringOnItsOwnLineAndInfoLinesAreSkipped() throws LitmusException {
        Program p = parse("X86_64 SB\n\"PodWR Fre PodWR Fre\"\nCycle=Fre PodWR Fre PodWR\nRelax=[Rfi,PodRR]\n"
                + "Generator=diy7 (version 7.57+1)\nPrefetch=0:x=F,0:y=T,1:y=F,1:x=T\n"
                + "Odd=chars @ # // ! ?\n(* a comment *)\n{\n}\n P0 ;\n movl $1,(x) ;\nexists (0:rax=0)\n");
        assertEquals("SB", p.name());
        assertEquals("PodWR Fre PodWR Fre", p.doc());
        assertEquals(Dialect.X86_64, p.dialect());
    }

    @Test
    void emptyDocAndNoDoc() throws LitmusException {
        assertEquals("", parse("X86 amd3  (amdThree)  \"\"\n" + BODY).doc());
        assertNull(parse("X86 amd3 (amdThree)\n" + BODY).doc());
    }

    @Test
    void commentBeforeTheHeaderAndCrLfLineEnds() throws LitmusException {
        Program p = parse("(* leading *)\r\nX86 T\r\n{ x=1 }\r\n P0 ;\r\n\tMOV EAX,[x] ;\r\nexists (0:EAX=1)\r\n");
        assertEquals("T", p.name());
        assertEquals(new Position(4, 2), p.thread(0).pos());
        assertEquals(new Position(5, 2), p.thread(0).instructions().get(0).pos());
    }

    // ------------------------------------------------------------------ init block

    @Test
    void initItemForms() throws LitmusException {
        Program p = parse("X86 T\n{ a=1; b = 2; [c]=3; int d; int e=5; uint64_t f = 6; _Atomic int g;"
                + " 0:EAX=1; P1:EBX = 2; 0:rcx=3; 1:%edx=-4; }\n P0 | P1 ;\n MOV [z],1 | MOV [a],2 ;\nexists (x=1)\n");
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "z", "x"),
                p.locations().stream().map(LocationDecl::name).toList());
        assertEquals(List.of(1L, 2L, 3L, 0L, 5L, 6L, 0L, 0L, 0L),
                p.locations().stream().map(LocationDecl::initial).toList());
        assertEquals(new Position(2, 16), p.location("c").orElseThrow().pos());
        assertEquals(List.of(
                new RegisterInit(0, Register.of("RAX"), 1, new Position(2, 69)),
                new RegisterInit(1, Register.of("RBX"), 2, new Position(2, 78)),
                new RegisterInit(0, Register.of("RCX"), 3, new Position(2, 90)),
                new RegisterInit(1, Register.of("RDX"), -4, new Position(2, 99))), p.registerInits());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{x = 0; y = 0};", "{x=0;y=0}", "{ x=0; y=0; }", "{\nx=0 ; y=0;\n\n} ", "{x = 0; y = 0 };"})
    void initBlockPunctuation(String init) throws LitmusException {
        Program p = parse("X86 T\n" + init + "\n P0 ;\n MOV [y],1 ;\nexists (x=1)\n");
        assertEquals(List.of("x", "y"), p.locations().stream().map(LocationDecl::name).toList());
    }

    // ------------------------------------------------------------------ thread table

    @Test
    void emptyCellsEmptyRowsAndShortRows() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 | P1 | P2 ;\n | MOV [x],1 | ;\n | | ;\n ;\n MOV EAX,[x] ;\n"
                + " | | MOV [y] , 2 | ;\nexists (x=1)\n");
        assertEquals(3, p.threads().size());
        assertEquals(List.of("MOV EAX,[x]"), p.thread(0).sourceTexts());
        assertEquals(List.of("MOV [x],1"), p.thread(1).sourceTexts());
        assertEquals(List.of("MOV [y] , 2"), p.thread(2).sourceTexts());
        assertEquals(new Position(3, 7), p.thread(1).pos());
        for (ThreadCode t : p.threads()) {
            assertEquals(1, t.node());
        }
    }

    @Test
    void commentsInsideTheTable() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 (* first *) | P1 ;\n MOV [x],1 (* (* nested *) *) | (* empty *) ;\n"
                + "exists (x=1)\n");
        assertEquals(List.of("MOV [x],1"), p.thread(0).sourceTexts());
        assertTrue(p.thread(1).instructions().isEmpty());
    }

    // ------------------------------------------------------------------ constraints

    @Test
    void quantifiers() throws LitmusException {
        String head = "X86 T\n{ }\n P0 ;\n MOV [x],1 ;\n";
        assertEquals(Quantifier.EXISTS, parse(head + "exists (x=1)").quantifier());
        assertEquals(Quantifier.EXISTS, parse(head + "exists\n(x=1)").quantifier());
        assertEquals(Quantifier.NOT_EXISTS, parse(head + "~exists (x=1)").quantifier());
        assertEquals(Quantifier.NOT_EXISTS, parse(head + "~ exists (x=1);").quantifier());
        assertEquals(Quantifier.FORALL, parse(head + "forall (x=1)").quantifier());
        assertEquals(Quantifier.EXISTS, parse(head + "final (x=1);").quantifier());
        assertEquals(Quantifier.EXISTS, parse(head + "(x=1)").quantifier());
        assertEquals(Quantifier.NOT_EXISTS, parse(head + "~exists x=1 /\\ [x]=1").quantifier());
    }

    @Test
    void legacyWithLinesAndTrailerAreIgnored() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 ;\n MOV [x],1 ;\nfinal (x = 1);\nwith\ntso: ~exists;\ncc: exists;\n"
                + "(* remark *)\n<<\ngenprog generated/x.tex\n(* unterminated, ignored\n>>\n<< show 0 >>\n");
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(1, atoms(p.condition()).size());
    }

    @Test
    void locationsAndFilter() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 | P1 ;\n MOV [x],1 | MOV EAX,[x] ;\nlocations [x;y;1:EAX;]\n"
                + "filter (1:EAX = 1)\nexists ([x]=1)\n");
        assertEquals(List.of(new StateItem.LocationItem("x"), new StateItem.LocationItem("y"),
                new StateItem.RegisterItem(1, "RAX")), p.shownItems().stream().map(ItemRef::item).toList());
        assertEquals(List.of("x", "y", "EAX"), p.shownItems().stream().map(ItemRef::spelling).toList());
        assertEquals(List.of("x", "y"), p.locations().stream().map(LocationDecl::name).toList());
        Prop.Atom f = assertInstanceOf(Prop.Atom.class, p.filter());
        assertEquals(new StateItem.RegisterItem(1, "RAX"), f.ref().item());
        assertEquals("[x]", atoms(p.condition()).get(0).ref().spelling());
        assertTrue(parse("X86 T\n{ }\n P0 ;\n MOV [x],1 ;\nlocations []\nexists (x=1)").shownItems().isEmpty());
    }

    @Test
    void conditionAtoms() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 | P1 ;\n MOV [x],1 | MOV EAX,[x] ;\n"
                + "exists (P0:EAX = 1 /\\ 1 : rax == 2 /\\ 1:%ebx != 3 /\\ x <> 4 /\\ [ y ]=-5)\n");
        List<Prop.Atom> a = atoms(p.condition());
        assertEquals(5, a.size());
        assertEquals(new ItemRef(new StateItem.RegisterItem(0, "RAX"), "EAX", new Position(5, 9)), a.get(0).ref());
        // herd7 prints an X86 register as EAX whatever the spelling (and X86_64 ones as rax)
        assertEquals(new ItemRef(new StateItem.RegisterItem(1, "RAX"), "EAX", new Position(5, 23)), a.get(1).ref());
        assertEquals(new ItemRef(new StateItem.RegisterItem(1, "RBX"), "EBX", new Position(5, 39)), a.get(2).ref());
        assertEquals(new ItemRef(new StateItem.LocationItem("x"), "x", new Position(5, 54)), a.get(3).ref());
        assertEquals(new ItemRef(new StateItem.LocationItem("y"), "[y]", new Position(5, 64)), a.get(4).ref());
        assertEquals(List.of(true, true, false, false, true), a.stream().map(Prop.Atom::equal).toList());
        assertEquals(List.of(1L, 2L, 3L, 4L, -5L), a.stream().map(Prop.Atom::value).toList());
        assertEquals("1:EBX", p.displayName(new StateItem.RegisterItem(1, "RBX")));
        assertEquals("[x]", p.displayName(new StateItem.LocationItem("x")));
    }

    @Test
    void precedenceFollowsHerd() throws LitmusException {
        String head = "X86 T\n{ }\n P0 ;\n MOV [a],1 ;\nexists ";
        Prop p = parse(head + "(a=1 \\/ b=1 /\\ c=1)").condition();
        Prop.Or or = assertInstanceOf(Prop.Or.class, p);
        assertInstanceOf(Prop.Atom.class, or.left());
        assertInstanceOf(Prop.And.class, or.right());

        Prop.And and = assertInstanceOf(Prop.And.class, parse(head + "(~a=1 /\\ b=1)").condition());
        assertInstanceOf(Prop.Not.class, and.left());

        Prop.And and2 = assertInstanceOf(Prop.And.class, parse(head + "(a=1 => b=1 /\\ c=1)").condition());
        assertInstanceOf(Prop.Implies.class, and2.left());

        Prop.Implies imp = assertInstanceOf(Prop.Implies.class, parse(head + "(a=1 => b=1 => c=1)").condition());
        assertInstanceOf(Prop.Implies.class, imp.right());

        Prop.Or or2 = assertInstanceOf(Prop.Or.class, parse(head + "(not (a=1) \\/ true /\\ false)").condition());
        assertInstanceOf(Prop.Not.class, or2.left());
        Prop.And consts = assertInstanceOf(Prop.And.class, or2.right());
        assertEquals(new Prop.Constant(true), consts.left());
        assertEquals(new Prop.Constant(false), consts.right());
    }

    @Test
    void registerNamedInConditionButNeverWrittenIsAccepted() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 ;\n MOV [x],1 ;\nexists (0:EDI=0)\n");
        assertEquals(new StateItem.RegisterItem(0, "RDI"), atoms(p.condition()).get(0).ref().item());
    }

    @Test
    void programShape() throws LitmusException {
        Program p = parse("X86 T\n{ }\n P0 | P1 ;\n MOV [x],1 | MOV EAX,[x] ;\nexists (1:EAX=1)\n");
        assertTrue(p.flags().isEmpty());
        assertTrue(p.nodeConstants().isEmpty());
        assertNull(p.filter());
        assertEquals(2, p.instructionCount());
    }
}
