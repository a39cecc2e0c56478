package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.core.Position;

/** Structure of parsed RDMA programs (language.md §3–§5, §7). */
class RdmaParserTest {

    private static final Position NONE = Position.NONE;

    static Program parse(String text) throws LitmusException {
        return LitmusParser.parseAndValidate("t.litmus", text);
    }

    /** A one-thread program on node 1 with locations x, y and the given cells, one per row. */
    static Program oneThread(String... cells) throws LitmusException {
        StringBuilder sb = new StringBuilder("RDMA T\n{ x@1 = 0; y@1 = 0; a@1 = 0; z@2 = 0; w@2 = 0; }\n P0@1 ;\n");
        for (String cell : cells) {
            sb.append(' ').append(cell).append(" ;\n");
        }
        sb.append("exists (x = 0)\n");
        return parse(sb.toString());
    }

    private static Instruction erased(Program p, int thread, int index) {
        return PositionEraser.erase(p.thread(thread).instructions().get(index));
    }

    private static LocationRef loc(String name) {
        return LocationRef.of(name);
    }

    private static Operand c(long v) {
        return Operand.constant(v);
    }

    private static Register r(String name) {
        return Register.of(name);
    }

    @Test
    void storeBufferingBetweenCpuAndNic() throws LitmusException {
        Program p = parse(TestFiles.read("examples/SB+cpu+nic.litmus"));
        assertEquals("SB+cpu+nic", p.name());
        assertEquals(Dialect.RDMA, p.dialect());
        assertEquals("t.litmus", p.sourceName());
        assertEquals("P0 writes w@2 through its NIC and then reads y@2 through its NIC; P1 writes y and reads w.", p.doc());
        assertEquals(List.of(new LocationDecl("a", 1, 0, new Position(4, 3)), new LocationDecl("one", 1, 1, new Position(4, 12)),
                new LocationDecl("y", 2, 0, new Position(5, 3)), new LocationDecl("w", 2, 0, new Position(5, 12))), p.locations());
        assertEquals(2, p.threads().size());
        ThreadCode p0 = p.thread(0);
        assertEquals(1, p0.node());
        assertEquals(new Position(7, 2), p0.pos());
        assertEquals(List.of("put w@2, one", "poll 2", "get a, y@2", "poll 2", "r1 = a"), p0.sourceTexts());
        assertEquals(new Instruction.Put(new LocationRef("w", new Position(8, 6)), new NodeRef(2, "2", new Position(8, 8)),
                new LocationRef("one", new Position(8, 11)), null, new Position(8, 2)), p0.instructions().get(0));
        assertEquals(new Instruction.Get(loc("a"), loc("y"), new NodeRef(2, "2", NONE), null, NONE), erased(p, 0, 2));
        assertEquals(new Instruction.Load(r("r1"), loc("a"), NONE), erased(p, 0, 4));
        assertEquals(List.of("y = 1", "r0 = w"), p.thread(1).sourceTexts());
        assertEquals(new Instruction.Store(loc("y"), c(1), NONE), erased(p, 1, 0));
        assertEquals(Quantifier.EXISTS, p.quantifier());
        assertEquals(new Prop.And(
                new Prop.Atom(new ItemRef(new StateItem.RegisterItem(0, "r1"), "r1", new Position(13, 9)), true, 0),
                new Prop.Atom(new ItemRef(new StateItem.RegisterItem(1, "r0"), "r0", new Position(13, 21)), true, 0)),
                p.condition());
        assertNull(p.filter());
        assertEquals(List.of(), p.shownItems());
        assertEquals(List.of(), p.flags());
    }

    @Test
    void getRfencePutWithNodeConstants() throws LitmusException {
        Program p = parse(TestFiles.read("examples/GET+rfence+PUT.litmus"));
        assertEquals(Map.of("Here", 1, "There", 2), p.nodeConstants());
        assertEquals(List.of("Here", "There"), List.copyOf(p.nodeConstants().keySet()));
        assertEquals(List.of(new LocationDecl("x", 1, 0, NONE), new LocationDecl("y", 2, 1, NONE), new LocationDecl("z", 2, 0, NONE)),
                PositionEraser.erase(p).locations());
        assertEquals(1, p.thread(0).node());
        assertEquals(new Instruction.Get(loc("x"), loc("y"), new NodeRef(2, "There", NONE), null, NONE), erased(p, 0, 0));
        assertEquals(new Instruction.RFence(new NodeRef(2, "There", new Position(10, 9)), new Position(10, 2)),
                p.thread(0).instructions().get(1));
        assertEquals(new Instruction.Put(loc("z"), new NodeRef(2, "There", NONE), loc("x"), null, NONE), erased(p, 0, 2));
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
        assertEquals(new Prop.Atom(new ItemRef(new StateItem.LocationItem("z"), "z", new Position(12, 10)), true, 0), p.condition());
    }

    @Test
    void ticketHandover() throws LitmusException {
        Program p = parse(TestFiles.read("examples/Ticket+handover.litmus"));
        assertEquals(9, p.thread(0).size());
        assertEquals(8, p.thread(1).size());
        assertEquals(new Instruction.RemoteFaa(loc("t0"), loc("next"), new NodeRef(1, "1", NONE), c(1), WorkIdRef.of("k"), NONE),
                erased(p, 0, 0));
        assertEquals(new WorkIdRef("k", new Position(8, 22)), ((Instruction.RemoteFaa) p.thread(0).instructions().get(0)).tag());
        assertEquals(new Instruction.Wait(WorkIdRef.of("k"), NONE), erased(p, 0, 1));
        assertEquals(new Instruction.Assume(new BoolExpr.Compare(r("r0"), BoolExpr.RelOp.EQ, c(0)), NONE), erased(p, 0, 3));
        assertEquals(new Instruction.Assign(r("r1"), r("r0"), BinOp.ADD, c(1), NONE), erased(p, 0, 5));
        assertEquals(new Instruction.Put(loc("serving"), new NodeRef(2, "2", NONE), loc("nxt"), WorkIdRef.of("f"), NONE), erased(p, 0, 7));
        assertEquals(new Instruction.Await(loc("serving"), c(1), NONE), erased(p, 1, 4));
        assertEquals(new Instruction.Get(loc("c"), loc("d"), new NodeRef(1, "1", NONE), WorkIdRef.of("e"), NONE), erased(p, 1, 5));
        assertEquals("rfaa t0, next@1, 1 #k", p.thread(0).sourceTexts().get(0));
        assertEquals("await serving == 1", p.thread(1).sourceTexts().get(4));
    }

    @Test
    void waitLevelProgramWithFlagsFilterLocationsAndForall() throws LitmusException {
        Program p = parse(TestFiles.read("examples/MP+gf+thirdnode.litmus"));
        assertEquals(List.of(new FlagSetting("RAO_SCOPE", "PER_NODE", new Position(3, 7), new Position(3, 17)),
                new FlagSetting("GG_LOCAL_ORDER", "ON", new Position(3, 27), new Position(3, 42))), p.flags());
        assertEquals(new Instruction.GlobalFence(new Position(10, 2)), p.thread(0).instructions().get(1));
        assertEquals(List.of(new ItemRef(new StateItem.LocationItem("data"), "data", new Position(13, 12)),
                new ItemRef(new StateItem.LocationItem("flag"), "flag", new Position(13, 18))), p.shownItems());
        assertEquals(new Prop.Atom(new ItemRef(new StateItem.RegisterItem(1, "r0"), "r0", new Position(14, 9)), true, 1), p.filter());
        assertEquals(Quantifier.FORALL, p.quantifier());
        assertEquals(4, p.thread(1).size());
        assertEquals(List.of("r0 = flag", "get a, data@3 #y", "wait y", "r1 = a"), p.thread(1).sourceTexts());
    }

    @Test
    void everyInstructionForm() throws LitmusException {
        Program p = oneThread(
                "r0 = x", "x = 5", "x = r0", "y = -3", "mfence",
                "r1 = cas(x, 0, r0)", "r2 = faa(x, -1)",
                "assume (r0 == 1 || r1 != 2 && !(r2 < 3))", "assume ((r0 <= 1) && r1 >= 0 || r2 > 9)",
                "await x == 1", "await (y == r0)",
                "put z@2, x #d", "get a, w@2", "rcas a, z@2, r0, 7 #9", "rfaa y, w@2, 1", "rcas a, z@2, 0, 1",
                "poll 2", "rfence 2", "wait d", "wait 009", "gf",
                "r3 = r0", "r4 = 17", "r5 = r0 - 1", "r6 = (r0 | 4)", "r7 = 2 * r6", "r8 = (r7 & r5)", "r9 = r8 ^ -1",
                "r10 = (r9 + r9)");
        List<Instruction> expected = List.of(
                new Instruction.Load(r("r0"), loc("x"), NONE),
                new Instruction.Store(loc("x"), c(5), NONE),
                new Instruction.Store(loc("x"), r("r0"), NONE),
                new Instruction.Store(loc("y"), c(-3), NONE),
                new Instruction.MFence(NONE),
                new Instruction.LockedRmw(Instruction.RmwKind.CAS, r("r1"), loc("x"), c(0), r("r0"), NONE),
                new Instruction.LockedRmw(Instruction.RmwKind.FAA, r("r2"), loc("x"), c(-1), null, NONE),
                new Instruction.Assume(new BoolExpr.Or(
                        new BoolExpr.Compare(r("r0"), BoolExpr.RelOp.EQ, c(1)),
                        new BoolExpr.And(new BoolExpr.Compare(r("r1"), BoolExpr.RelOp.NE, c(2)),
                                new BoolExpr.Not(new BoolExpr.Compare(r("r2"), BoolExpr.RelOp.LT, c(3))))), NONE),
                new Instruction.Assume(new BoolExpr.Or(
                        new BoolExpr.And(new BoolExpr.Compare(r("r0"), BoolExpr.RelOp.LE, c(1)),
                                new BoolExpr.Compare(r("r1"), BoolExpr.RelOp.GE, c(0))),
                        new BoolExpr.Compare(r("r2"), BoolExpr.RelOp.GT, c(9))), NONE),
                new Instruction.Await(loc("x"), c(1), NONE),
                new Instruction.Await(loc("y"), r("r0"), NONE),
                new Instruction.Put(loc("z"), new NodeRef(2, "2", NONE), loc("x"), WorkIdRef.of("d"), NONE),
                new Instruction.Get(loc("a"), loc("w"), new NodeRef(2, "2", NONE), null, NONE),
                new Instruction.RemoteCas(loc("a"), loc("z"), new NodeRef(2, "2", NONE), r("r0"), c(7), WorkIdRef.of("9"), NONE),
                new Instruction.RemoteFaa(loc("y"), loc("w"), new NodeRef(2, "2", NONE), c(1), null, NONE),
                new Instruction.RemoteCas(loc("a"), loc("z"), new NodeRef(2, "2", NONE), c(0), c(1), null, NONE),
                new Instruction.Poll(new NodeRef(2, "2", NONE), NONE),
                new Instruction.RFence(new NodeRef(2, "2", NONE), NONE),
                new Instruction.Wait(WorkIdRef.of("d"), NONE),
                new Instruction.Wait(WorkIdRef.of("9"), NONE),
                new Instruction.GlobalFence(NONE),
                new Instruction.Assign(r("r3"), r("r0"), null, null, NONE),
                new Instruction.Assign(r("r4"), c(17), null, null, NONE),
                new Instruction.Assign(r("r5"), r("r0"), BinOp.SUB, c(1), NONE),
                new Instruction.Assign(r("r6"), r("r0"), BinOp.OR, c(4), NONE),
                new Instruction.Assign(r("r7"), c(2), BinOp.MUL, r("r6"), NONE),
                new Instruction.Assign(r("r8"), r("r7"), BinOp.AND, r("r5"), NONE),
                new Instruction.Assign(r("r9"), r("r8"), BinOp.XOR, c(-1), NONE),
                new Instruction.Assign(r("r10"), r("r9"), BinOp.ADD, r("r9"), NONE));
        assertEquals(expected, PositionEraser.erase(p).thread(0).instructions());
    }

    @Test
    void instructionAndOperandPositions() throws LitmusException {
        Program p = parse("RDMA T\n{ x@1; }\n P0@1 ;\n  r1   =   -  5 ;\n\tx = r1 ;\nexists (x = 0)");
        assertEquals(new Instruction.Assign(new Register("r1", new Position(4, 3)), new Operand.Constant(-5, new Position(4, 12)),
                null, null, new Position(4, 3)), p.thread(0).instructions().get(0));
        Instruction.Store store = (Instruction.Store) p.thread(0).instructions().get(1);
        assertEquals(new Position(5, 2), store.pos());
        assertEquals(new Position(5, 6), store.value().pos());
        assertEquals(List.of("r1   =   -  5", "x = r1"), p.thread(0).sourceTexts());
    }

    @Test
    void cellsSplitOnlyOutsideParentheses() throws LitmusException {
        Program p = parse("RDMA T\n{ x@1; }\n P0@1 | P1@1 ;\n r0 = x | r0 = (1 | 4) ;\n assume (r0 == 0 || r0 == 1) | ;\n"
                + " | assume (!(r0 == 5)) ;\nexists (0:r0 = 0)");
        assertEquals(List.of("r0 = x", "assume (r0 == 0 || r0 == 1)"), p.thread(0).sourceTexts());
        assertEquals(List.of("r0 = (1 | 4)", "assume (!(r0 == 5))"), p.thread(1).sourceTexts());
    }

    @Test
    void emptyCellsEmptyRowsShortRowsAndEmptyTrailingExtraCells() throws LitmusException {
        Program p = parse("RDMA T\n{ x@1; }\n P0@1 | P1@1 ;\n ; | ;\n | x = 1 ;\n x = 2 ;\n x = 3 | | | ;\nexists (x = 0)");
        assertEquals(List.of("x = 2", "x = 3"), p.thread(0).sourceTexts());
        assertEquals(List.of("x = 1"), p.thread(1).sourceTexts());
    }

    @Test
    void threadsMayHaveNoInstructions() throws LitmusException {
        Program p = parse("RDMA T\n{ x@1 }\n P0@1 | P1@2 ;\nexists (x = 0)");
        assertEquals(0, p.thread(0).size());
        assertEquals(2, p.thread(1).node());
    }

    @Test
    void initBlockForms() throws LitmusException {
        Program p = parse("RDMA T\n{ node A = 02; x@A = -9223372036854775808; y@007 = 007; 1:r3 = 7; P0:r1 = -2; z@1 };\n"
                + " P0@A | P1@1 ;\n r0 = r1 | r4 = r3 ;\nexists (z = 0)");
        assertEquals(Map.of("A", 2), p.nodeConstants());
        assertEquals(List.of(new LocationDecl("x", 2, Long.MIN_VALUE, NONE), new LocationDecl("y", 7, 7, NONE),
                new LocationDecl("z", 1, 0, NONE)), PositionEraser.erase(p).locations());
        assertEquals(List.of(new RegisterInit(1, new Register("r3", new Position(2, 59)), 7, new Position(2, 57)),
                new RegisterInit(0, new Register("r1", new Position(2, 70)), -2, new Position(2, 67))), p.registerInits());
        assertEquals(2, p.thread(0).node());
    }

    @Test
    void emptyInitBlocks() throws LitmusException {
        Program p = LitmusParser.parse("t", "RDMA T {} P0@1; exists true");
        assertEquals(List.of(), p.locations());
        assertEquals(new Prop.Constant(true), p.condition());
        LitmusException e = assertThrows(LitmusException.class, () -> LitmusParser.parse("t", "RDMA T { ; } P0@1; exists true"));
        assertEquals("t:1:10: error[E-SYNTAX]: syntax error: expected a location declaration, a node declaration or a "
                + "register initialisation, found ';'", e.diagnostic().format());
    }

    @Test
    void docStringIsOptionalAndMayBeEmpty() throws LitmusException {
        assertNull(parse("RDMA T\n{ x@1 }\n P0@1 ;\nexists (x = 0)").doc());
        assertEquals("", parse("RDMA T \"\" { x@1 }\n P0@1 ;\nexists (x = 0)").doc());
    }

    @Test
    void headerNameIsTheLongestRunOfNameCharactersAndCommentsMayPrecedeIt() throws LitmusException {
        Program p = parse("// leading comment\n(* block *) RDMA\tA.b/c+d-e[0]:f_1(* tail *)\n{ x@1 }\n P0@1 ;\nexists (x = 0)");
        assertEquals("A.b/c+d-e[0]:f_1", p.name());
    }

    @Test
    void constraintForms() throws LitmusException {
        Program p = parse("RDMA T\n{ x@1; y@1 }\n P0@1 ;\n r0 = x ;\nlocations [x; [y]; 0:r0; P0:r0;]\n"
                + "filter not 0:r0 <> 1\n~ exists ([x] == 0 \\/ P0:r0 != 2 /\\ false) ; (* trailing *) // comment\n");
        assertEquals(List.of(
                new ItemRef(new StateItem.LocationItem("x"), "x", new Position(5, 12)),
                new ItemRef(new StateItem.LocationItem("y"), "y", new Position(5, 15)),
                new ItemRef(new StateItem.RegisterItem(0, "r0"), "r0", new Position(5, 20)),
                new ItemRef(new StateItem.RegisterItem(0, "r0"), "r0", new Position(5, 26))), p.shownItems());
        assertEquals(new Prop.Not(new Prop.Atom(new ItemRef(new StateItem.RegisterItem(0, "r0"), "r0", NONE), false, 1)),
                PositionEraser.erase(p.filter()));
        assertEquals(Quantifier.NOT_EXISTS, p.quantifier());
        assertEquals(new Prop.Or(atom("x", true, 0),
                        new Prop.And(new Prop.Atom(new ItemRef(new StateItem.RegisterItem(0, "r0"), "r0", NONE), false, 2),
                                new Prop.Constant(false))),
                PositionEraser.erase(p.condition()));
        assertEquals(new Position(7, 11), ((Prop.Atom) ((Prop.Or) p.condition()).left()).ref().pos());
        assertEquals(List.of(), parse("RDMA T\n{ x@1 }\n P0@1 ;\nlocations []\nexists (x = 0)").shownItems());
    }

    private static Prop atom(String location, boolean equal, long value) {
        return new Prop.Atom(new ItemRef(new StateItem.LocationItem(location), location, NONE), equal, value);
    }

    private static Prop condition(String prop) throws LitmusException {
        return PositionEraser.erase(parse("RDMA T\n{ a@1; b@1; c@1; d@1 }\n P0@1 ;\nexists " + prop).condition());
    }

    @Test
    void propositionPrecedenceFollowsHerd7() throws LitmusException {
        Prop a = atom("a", true, 1);
        Prop b = atom("b", true, 1);
        Prop c = atom("c", true, 1);
        Prop d = atom("d", true, 1);
        assertEquals(new Prop.Or(a, new Prop.And(b, c)), condition("a=1 \\/ b=1 /\\ c=1"));
        assertEquals(new Prop.Or(new Prop.And(a, b), c), condition("a=1 /\\ b=1 \\/ c=1"));
        assertEquals(new Prop.And(a, new Prop.Implies(b, c)), condition("a=1 /\\ b=1 => c=1"));
        assertEquals(new Prop.Or(new Prop.Implies(a, b), c), condition("a=1 => b=1 \\/ c=1"));
        assertEquals(new Prop.Implies(a, new Prop.Implies(b, c)), condition("a=1 => b=1 => c=1"));
        assertEquals(new Prop.And(new Prop.And(a, b), c), condition("a=1 /\\ b=1 /\\ c=1"));
        assertEquals(new Prop.Or(new Prop.Or(a, b), c), condition("a=1 \\/ b=1 \\/ c=1"));
        assertEquals(new Prop.And(new Prop.Not(a), b), condition("~a=1 /\\ b=1"));
        assertEquals(new Prop.Implies(new Prop.Not(new Prop.Not(a)), b), condition("not ~ a=1 => b=1"));
        assertEquals(new Prop.Not(new Prop.Or(a, b)), condition("~(a=1 \\/ b=1)"));
        assertEquals(new Prop.And(new Prop.Or(a, b), new Prop.Or(c, d)), condition("(a=1 \\/ b=1) /\\ (c=1 \\/ d=1)"));
        assertEquals(new Prop.Or(new Prop.Or(a, new Prop.And(b, new Prop.Implies(c, new Prop.Not(d)))), a),
                condition("a=1 \\/ b=1 /\\ c=1 => ~d=1 \\/ a=1"));
        assertEquals(new Prop.And(atom("a", true, 1), atom("b", false, -1)), condition("a == 1 /\\ [b] <> -1"));
    }

    @Test
    void crLfFilesHaveTheSamePositions() throws LitmusException {
        String lf = TestFiles.read("examples/Ticket+handover.litmus");
        Program a = parse(lf);
        Program b = parse(lf.replace("\n", "\r\n"));
        assertEquals(a, b);
        LitmusException e = assertThrows(LitmusException.class, () -> parse("RDMA T\r\n{ x@1 }\r\n P0@1 ;\r\n x = ? ;\r\n"));
        assertEquals("t.litmus:4:6: error[E-LEX]: unexpected character '?'", e.diagnostic().format());
    }

    @Test
    void tabsCountAsOneColumn() {
        LitmusException e = assertThrows(LitmusException.class, () -> parse("RDMA T\n{ x@1 }\n\tP0@1\t;\n\t\tx\t=\tq ;\n"));
        assertEquals("t.litmus:4:7: error[E-SYNTAX]: syntax error: expected a register or an integer "
                + "(memory-to-memory copies do not exist), found 'q'", e.diagnostic().format());
    }

    @Test
    void nonAsciiCharactersCountAsOneColumn() {
        LitmusException e = assertThrows(LitmusException.class,
                () -> parse("RDMA T \"d\u00e9j\u00e0 \uD83D\uDE00\" { x@1 } P0@1 ; x = 1 ; exists (x = 1) @"));
        assertEquals("t.litmus:1:55: error[E-SYNTAX]: syntax error: expected end of file, found '@'", e.diagnostic().format());
    }
}
