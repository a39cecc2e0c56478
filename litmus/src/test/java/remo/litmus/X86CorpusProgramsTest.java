package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import remo.core.Position;

/**
 * Detailed structure of selected corpus programs (language.md §10): herd7's diy-generated
 * {@code X86_64} tests, the {@code xchgl} unit test A011, and Cambridge-style {@code X86} files
 * ({@code P0:EAX} atoms, immediates without {@code $}, {@code ~ exists}, {@code final ... with},
 * {@code << >>} trailers). The corpus holds no explicit {@code LOCK} prefix; its locked
 * instructions are implicit-lock {@code XCHG}s (SB-XCHG, iwp2.8.a, A011).
 */
class X86CorpusProgramsTest {

    private static Program corpus(String file) throws Exception {
        return LitmusParser.parse(file, X86CorpusTest.read(file));
    }

    private static List<String> rendered(ThreadCode t) {
        return t.instructions().stream().map(Object::toString).toList();
    }

    private static List<Prop.Atom> atoms(Prop p) {
        List<Prop.Atom> list = new ArrayList<>();
        p.forEachAtom(list::add);
        return list;
    }

    private static Prop.Atom atom(int thread, String canonical, String spelling, int line, int col, long value) {
        return new Prop.Atom(new ItemRef(new StateItem.RegisterItem(thread, canonical), spelling,
                new Position(line, col)), true, value);
    }

    private static Prop.Atom atom(String location, String spelling, int line, int col, long value) {
        return new Prop.Atom(new ItemRef(new StateItem.LocationItem(location), spelling, new Position(line, col)),
                true, value);
    }

    private static List<LocationDecl> implicit(String... names) {
        List<LocationDecl> list = new ArrayList<>();
        for (String n : names) {
            list.add(new LocationDecl(n, 1, 0, Position.NONE));
        }
        return list;
    }

    @Test
    void sbX86_64() throws Exception {
        Program p = corpus("herdtools7-x86_64/SB.litmus");
        assertEquals("SB", p.name());
        assertEquals(Dialect.X86_64, p.dialect());
        assertEquals("PodWR Fre PodWR Fre", p.doc());
        assertEquals(implicit("x", "y"), p.locations());
        assertEquals(List.of(), p.registerInits());
        assertEquals(2, p.threads().size());
        assertEquals(new Position(12, 2), p.thread(0).pos());
        assertEquals(new Position(12, 18), p.thread(1).pos());
        assertEquals(List.of("x = 1", "RAX = y"), rendered(p.thread(0)));
        assertEquals(List.of("y = 1", "RAX = x"), rendered(p.thread(1)));
        assertEquals(List.of("movl $1,(x)", "movl (y),%eax"), p.thread(0).sourceTexts());
        Instruction.Store s = assertInstanceOf(Instruction.Store.class, p.thread(0).instructions().get(0));
        assertEquals(new Position(13, 2), s.pos());
        assertEquals(new Position(13, 11), s.destination().pos());
        assertInstanceOf(Instruction.Load.class, p.thread(1).instructions().get(1));
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(new Prop.And(atom(0, "RAX", "rax", 15, 9, 0), atom(1, "RAX", "rax", 15, 20, 0)), p.condition());
        assertEquals("1:rax", p.displayName(new StateItem.RegisterItem(1, "RAX")));
        assertNull(p.filter());
    }

    @Test
    void a011Xchgl() throws Exception {
        Program p = corpus("herdtools7-x86_64/A011.litmus");
        assertEquals("A011", p.name());
        assertNull(p.doc());
        assertEquals(List.of(new LocationDecl("y", 1, 0, new Position(3, 7))), p.locations());
        assertEquals(List.of("y = 1"), rendered(p.thread(0)));
        assertEquals(List.of("movl $2,%eax", "xchgl (y),%eax"), p.thread(1).sourceTexts());
        Instruction.Assign mov = assertInstanceOf(Instruction.Assign.class, p.thread(1).instructions().get(0));
        assertEquals(Register.of("RAX"), mov.destination());
        assertEquals(new Operand.Constant(2, new Position(6, 21)), mov.left());
        Instruction.LockedRmw x = assertInstanceOf(Instruction.LockedRmw.class, p.thread(1).instructions().get(1));
        assertEquals(Instruction.RmwKind.XCHG, x.kind());
        assertEquals(Register.of("RAX"), x.result());
        assertEquals("y", x.location().name());
        assertEquals(Register.of("RAX"), x.first());
        assertNull(x.second());
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
        assertEquals(new Prop.And(atom(1, "RAX", "rax", 8, 9, 1), atom("y", "[y]", 8, 20, 1)), p.condition());
        assertEquals("rax", atoms(p.condition()).get(0).ref().spelling());
    }

    @Test
    void amd3CambridgeStyle() throws Exception {
        Program p = corpus("dat3m-x86/amd3.litmus");
        assertEquals("amd3", p.name());
        assertEquals(Dialect.X86, p.dialect());
        assertEquals("", p.doc());
        assertEquals(List.of(new LocationDecl("x", 1, 0, new Position(2, 2)),
                new LocationDecl("y", 1, 0, new Position(2, 9))), p.locations());
        assertEquals(List.of("x = 1", "x = 2", "RAX = y"), rendered(p.thread(0)));
        assertEquals(List.of("y = 1", "y = 2", "RBX = x"), rendered(p.thread(1)));
        assertEquals(List.of("mov [x], 1", "mov [x], 2", "mov EAX, [y]"), p.thread(0).sourceTexts());
        assertEquals(new Position(4, 9), p.thread(0).pos());
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(new Prop.And(atom(0, "RAX", "EAX", 9, 10, 1), atom(1, "RBX", "EBX", 9, 24, 1)), p.condition());
        assertEquals("0:EAX", p.displayName(new StateItem.RegisterItem(0, "RAX")));
    }

    @Test
    void sbXchgWithRegisterInits() throws Exception {
        Program p = corpus("dat3m-x86/SB-XCHG.litmus");
        assertEquals(List.of(
                new RegisterInit(0, Register.of("RBX"), 1, new Position(7, 1)),
                new RegisterInit(1, Register.of("RBX"), 1, new Position(7, 10)),
                new RegisterInit(0, Register.of("RAX"), 0, new Position(7, 19)),
                new RegisterInit(1, Register.of("RAX"), 0, new Position(7, 28))), p.registerInits());
        assertEquals(List.of("RBX = xchg(x, RBX)", "RAX = xchg(y, RAX)"), rendered(p.thread(0)));
        assertEquals(List.of("RBX = xchg(y, RBX)", "RAX = xchg(x, RAX)"), rendered(p.thread(1)));
        assertEquals(List.of("XCHG [x],EBX", "XCHG [y],EAX"), p.thread(0).sourceTexts());
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                assertEquals(Instruction.RmwKind.XCHG, assertInstanceOf(Instruction.LockedRmw.class, i).kind());
            }
        }
        assertEquals(implicit("x", "y"), p.locations());
        assertEquals(new Prop.And(atom(0, "RAX", "EAX", 14, 2, 0), atom(1, "RAX", "EAX", 14, 13, 0)), p.condition());
    }

    @Test
    void iwp28aLockedExchangeWithInitialisedRegisters() throws Exception {
        Program p = corpus("dat3m-x86/iwp2.8.a.litmus");
        assertEquals(List.of(new RegisterInit(0, Register.of("RAX"), 1, new Position(2, 16)),
                new RegisterInit(1, Register.of("RCX"), 1, new Position(2, 28))), p.registerInits());
        assertEquals(List.of("RAX = xchg(x, RAX)", "RBX = y"), rendered(p.thread(0)));
        assertEquals(List.of("RCX = xchg(y, RCX)", "RDX = x"), rendered(p.thread(1)));
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
    }

    @Test
    void n4SpacedNotExists() throws Exception {
        Program p = corpus("dat3m-x86/n4.litmus");
        assertEquals("n4", p.name());
        assertNull(p.doc());
        assertEquals(List.of(new LocationDecl("x", 1, 0, new Position(2, 2))), p.locations());
        assertEquals(List.of("RAX = x", "x = 1", "RBX = x"), rendered(p.thread(0)));
        assertEquals(List.of("RCX = x", "x = 2", "RDX = x"), rendered(p.thread(1)));
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
        List<Prop.Atom> a = atoms(p.condition());
        assertEquals(List.of(atom(0, "RAX", "EAX", 7, 11, 2), atom(0, "RBX", "EBX", 7, 25, 1),
                atom(1, "RCX", "ECX", 7, 39, 1), atom(1, "RDX", "EDX", 7, 51, 2)), a);
    }

    @Test
    void amd10FinalWithLegacyLines() throws Exception {
        Program p = corpus("dat3m-x86/amd10.litmus");
        assertEquals("amd10", p.name());
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(List.of("x = 1", "mfence", "RAX = x", "RBX = y"), rendered(p.thread(0)));
        assertEquals(List.of("y = 1", "mfence", "RCX = y", "RDX = x"), rendered(p.thread(1)));
        assertInstanceOf(Instruction.MFence.class, p.thread(0).instructions().get(1));
        assertEquals(new Position(6, 3), p.thread(0).instructions().get(1).pos());
        assertEquals(new Prop.And(atom(0, "RBX", "EBX", 10, 8, 0), atom(1, "RDX", "EDX", 10, 22, 0)), p.condition());
    }

    @Test
    void x000DiyIntel() throws Exception {
        Program p = corpus("dat3m-x86/X000.litmus");
        assertEquals("X000", p.name());
        assertEquals("Fre Rfi PodRR Fre Rfi PodRR", p.doc());
        assertEquals(implicit("x", "y"), p.locations());
        assertEquals(List.of("x = 1", "RAX = x", "RBX = y"), rendered(p.thread(0)));
        assertEquals(List.of("y = 1", "RAX = y", "RBX = x"), rendered(p.thread(1)));
        assertEquals(List.of("MOV [x],$1", "MOV EAX,[x]", "MOV EBX,[y]"), p.thread(0).sourceTexts());
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(List.of(atom(0, "RAX", "EAX", 16, 2, 1), atom(0, "RBX", "EBX", 16, 13, 0),
                atom(1, "RAX", "EAX", 16, 24, 1), atom(1, "RBX", "EBX", 16, 35, 0)), atoms(p.condition()));
    }

    @Test
    void sbMfencesX86_64() throws Exception {
        Program p = corpus("herdtools7-x86_64/SB+mfences.litmus");
        assertEquals(List.of("x = 1", "mfence", "RAX = y"), rendered(p.thread(0)));
        assertEquals(List.of("y = 1", "mfence", "RAX = x"), rendered(p.thread(1)));
        assertEquals(List.of("movl $1,(y)", "mfence", "movl (x),%eax"), p.thread(1).sourceTexts());
        assertInstanceOf(Instruction.MFence.class, p.thread(1).instructions().get(1));
    }

    @Test
    void m15LocationsListAndNestedParentheses() throws Exception {
        Program p = corpus("dat3m-x86/m15.litmus");
        assertEquals(3, p.threads().size());
        assertEquals(List.of(new StateItem.RegisterItem(1, "RAX"), new StateItem.LocationItem("x"),
                new StateItem.LocationItem("y")), p.shownItems().stream().map(ItemRef::item).toList());
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
        assertEquals(List.of(new Position(13, 2), new Position(13, 13), new Position(13, 20)),
                atoms(p.condition()).stream().map(a -> a.ref().pos()).toList());
    }
}
