package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.Position;

/** {@link ProgramPrinter}: herd7-style propositions and print→parse round trips. */
class ProgramPrinterTest {

    private static final Position NONE = Position.NONE;

    private static Prop loc(String name, boolean equal, long value) {
        return new Prop.Atom(new ItemRef(new StateItem.LocationItem(name), name, NONE), equal, value);
    }

    private static Prop reg(int thread, String canonical, String spelling, long value) {
        return new Prop.Atom(new ItemRef(new StateItem.RegisterItem(thread, canonical), spelling, NONE), true, value);
    }

    private static final Prop A = loc("a", true, 1);
    private static final Prop B = loc("b", true, 1);
    private static final Prop C = loc("c", true, 1);

    @Test
    void atomsInHerd7Style() {
        assertEquals("0:EAX=0 /\\ 1:EAX=0",
                ProgramPrinter.printProp(new Prop.And(reg(0, "RAX", "EAX", 0), reg(1, "RAX", "EAX", 0)), Dialect.X86));
        assertEquals("[y]=1", ProgramPrinter.printProp(loc("y", true, 1), Dialect.X86));
        assertEquals("[y]=1", ProgramPrinter.printProp(loc("y", true, 1), Dialect.X86_64));
        assertEquals("x=1", ProgramPrinter.printProp(loc("x", true, 1), Dialect.RDMA));
        assertEquals("x!=1", ProgramPrinter.printProp(loc("x", false, 1), Dialect.RDMA));
        assertEquals("1:r0=-5", ProgramPrinter.printProp(reg(1, "r0", "r0", -5), Dialect.RDMA));
        assertEquals("true \\/ false", ProgramPrinter.printProp(new Prop.Or(new Prop.Constant(true), new Prop.Constant(false)), Dialect.RDMA));
    }

    @Test
    void minimalParenthesesByPrecedenceAndAssociativity() {
        assertEquals("a=1 \\/ b=1 /\\ c=1", print(new Prop.Or(A, new Prop.And(B, C))));
        assertEquals("(a=1 \\/ b=1) /\\ c=1", print(new Prop.And(new Prop.Or(A, B), C)));
        assertEquals("a=1 /\\ b=1 \\/ c=1", print(new Prop.Or(new Prop.And(A, B), C)));
        assertEquals("a=1 \\/ b=1 \\/ c=1", print(new Prop.Or(new Prop.Or(A, B), C)));
        assertEquals("a=1 \\/ (b=1 \\/ c=1)", print(new Prop.Or(A, new Prop.Or(B, C))));
        assertEquals("a=1 /\\ (b=1 /\\ c=1)", print(new Prop.And(A, new Prop.And(B, C))));
        assertEquals("a=1 /\\ b=1 => c=1", print(new Prop.And(A, new Prop.Implies(B, C))));
        assertEquals("(a=1 /\\ b=1) => c=1", print(new Prop.Implies(new Prop.And(A, B), C)));
        assertEquals("a=1 => b=1 => c=1", print(new Prop.Implies(A, new Prop.Implies(B, C))));
        assertEquals("(a=1 => b=1) => c=1", print(new Prop.Implies(new Prop.Implies(A, B), C)));
        assertEquals("~a=1 /\\ b=1", print(new Prop.And(new Prop.Not(A), B)));
        assertEquals("~(a=1 /\\ b=1)", print(new Prop.Not(new Prop.And(A, B))));
        assertEquals("~(a=1 => b=1)", print(new Prop.Not(new Prop.Implies(A, B))));
        assertEquals("~~a=1", print(new Prop.Not(new Prop.Not(A))));
    }

    private static String print(Prop p) {
        return ProgramPrinter.printProp(p, Dialect.RDMA);
    }

    /** A random proposition over locations a, b, c and register 0:r0. */
    private static Prop randomProp(Random random, int depth) {
        int choice = random.nextInt(depth <= 0 ? 3 : 8);
        switch (choice) {
            case 0: return loc(String.valueOf((char) ('a' + random.nextInt(3))), random.nextBoolean(), random.nextInt(5) - 2);
            case 1: return reg(0, "r0", "r0", random.nextInt(3));
            case 2: return new Prop.Constant(random.nextBoolean());
            case 3: return new Prop.Not(randomProp(random, depth - 1));
            case 4: case 5: return new Prop.And(randomProp(random, depth - 1), randomProp(random, depth - 1));
            case 6: return new Prop.Or(randomProp(random, depth - 1), randomProp(random, depth - 1));
            default: return new Prop.Implies(randomProp(random, depth - 1), randomProp(random, depth - 1));
        }
    }

    @Test
    void printedPropositionsParseBackToTheSameTree() throws LitmusException {
        for (int seed = 0; seed < 2000; seed++) {
            Prop p = randomProp(new Random(seed), 4);
            String text = ProgramPrinter.printProp(p, Dialect.RDMA);
            Program parsed = LitmusParser.parseAndValidate("p.litmus",
                    "RDMA P\n{ a@1; b@1; c@1 }\n P0@1 ;\n r0 = a ;\nexists " + text);
            assertEquals(p, PositionEraser.erase(parsed.condition()), "seed " + seed + ": " + text);
        }
    }

    @Test
    void printsTheExampleOfLanguageSection1() throws LitmusException {
        Program p = LitmusParser.parseAndValidate("mp.litmus", TestFiles.read("examples/MP+puts.litmus"));
        assertEquals("RDMA MP+puts\n"
                + "\"Two puts on one queue pair are placed in order at the target.\"\n"
                + "{\n"
                + "  node A = 1; node B = 2;\n"
                + "  d@B = 0; f@B = 0;\n"
                + "  one@A = 1;\n"
                + "}\n"
                + " P0@A         | P1@B   ;\n"
                + " put d@B, one | r0 = f ;\n"
                + " put f@B, one | r1 = d ;\n"
                + "exists (1:r0=1 /\\ 1:r1=0)\n", ProgramPrinter.print(p));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MP+puts", "SB+cpu+nic", "GET+rfence+PUT", "Ticket+handover", "MP+gf+thirdnode"})
    void examplesRoundTrip(String name) throws LitmusException {
        Program p = LitmusParser.parseAndValidate(name + ".litmus", TestFiles.read("examples/" + name + ".litmus"));
        assertRoundTrip(p);
    }

    @ParameterizedTest
    @ValueSource(strings = {"X01", "X02", "X03", "X04", "X05", "X06", "X07", "X09", "X10", "X16", "X17"})
    void programsThatParseButMayFailValidationRoundTrip(String id) throws LitmusException {
        assertRoundTrip(LitmusParser.parse(id + ".litmus", TestFiles.read("rejected/" + id + ".litmus")));
    }

    @Test
    void everyConstructRoundTrips() throws LitmusException {
        Program p = RdmaParserTest.oneThread(
                "r0 = x", "x = 5", "x = r0", "y = -3", "mfence", "r1 = cas(x, 0, r0)", "r2 = faa(x, -1)",
                "assume (r0 == 1 || r1 != 2 && !(r2 < 3))", "assume ((r0 <= 1) && r1 >= 0 || r2 > 9)",
                "await x == 1", "await (y == r0)", "put z@2, x #d", "get a, w@2", "rcas a, z@2, r0, 7 #9",
                "rfaa y, w@2, 1", "poll 2", "rfence 2", "wait d", "wait 009", "gf", "r3 = r0", "r4 = 17",
                "r5 = r0 - 1", "r6 = (r0 | 4)", "r7 = 2 * r6", "r8 = (r7 & r5)", "r9 = r8 ^ -1");
        assertRoundTrip(p);
        Program q = LitmusParser.parseAndValidate("q.litmus", "RDMA Q+x/y.z[1]:w\n\"\"\nflags FAILED_RCAS_WRITES=YES, POLL_SCOPE=PER_THREAD\n"
                + "{ node A = 3; node B = 3; node C = 1; x@C = -1; y@3; w@B; 1:r2 = 4; P0:r0 = 1 }\n"
                + " P0@1 | P1@B | P2@007 ;\n x = r0 | rfaa w, y@A, r2 | ;\n | | ;\n"
                + "locations [y; w; 1:r2; [x]]\nfilter ~(x = 0 \\/ y = 0)\n~exists (y = 1 => x != -1 /\\ 0:r0 <> 2);");
        assertRoundTrip(q);
    }

    @Test
    void generatedProgramsWithoutPositionsRoundTrip() throws LitmusException {
        ThreadCode p0 = ThreadCode.of(0, 1, List.of(
                new Instruction.Put(LocationRef.of("y"), NodeRef.of(2), LocationRef.of("x"), WorkIdRef.of("w"), NONE),
                new Instruction.Wait(WorkIdRef.of("w"), NONE),
                new Instruction.Store(LocationRef.of("x"), Operand.constant(2), NONE)));
        ThreadCode p1 = ThreadCode.of(1, 2, List.of(new Instruction.Load(Register.of("r0"), LocationRef.of("y"), NONE)));
        Program p = new Program("Gen", Dialect.RDMA, null, "gen", List.of(), Map.of(),
                List.of(new LocationDecl("x", 1, 1, NONE), new LocationDecl("y", 2, 0, NONE)), List.of(), List.of(p0, p1),
                List.of(), null, Quantifier.EXISTS, reg(1, "r0", "r0", 2));
        assertEquals("RDMA Gen\n{\n  x@1 = 1;\n  y@2 = 0;\n}\n"
                + " P0@1          | P1@2   ;\n"
                + " put y@2, x #w | r0 = y ;\n"
                + " wait w        |        ;\n"
                + " x = 2         |        ;\n"
                + "exists (1:r0=2)\n", ProgramPrinter.print(p));
        Program parsed = LitmusParser.parseAndValidate("gen", ProgramPrinter.print(p));
        assertEquals(p, PositionEraser.erase(parsed));
    }

    private static void assertRoundTrip(Program p) throws LitmusException {
        String printed = ProgramPrinter.print(p);
        Program again = LitmusParser.parse(p.sourceName(), printed);
        assertEquals(PositionEraser.erase(p), PositionEraser.erase(again), printed);
        assertEquals(printed, ProgramPrinter.print(again), "printing is a fixpoint");
    }

    @Test
    void x86ProgramsArePrintedInTheirDialectFromTheSourceTexts() {
        ThreadCode p0 = new ThreadCode(0, 1, NONE, List.of(
                new Instruction.Store(LocationRef.of("x"), Operand.constant(1), NONE),
                new Instruction.Load(Register.of("RAX"), LocationRef.of("y"), NONE)), List.of("MOV [x],$1", "MOV EAX,[y]"));
        ThreadCode p1 = new ThreadCode(1, 1, NONE, List.of(
                new Instruction.Store(LocationRef.of("y"), Operand.constant(1), NONE),
                new Instruction.MFence(NONE),
                new Instruction.Load(Register.of("RAX"), LocationRef.of("x"), NONE)), List.of("MOV [y],$1", "MFENCE", "MOV EAX,[x]"));
        Program p = new Program("SB+mfence", Dialect.X86, "Fre PodWR", "sb.litmus", List.of(), Map.of(),
                List.of(new LocationDecl("x", 1, 0, NONE), new LocationDecl("y", 1, 2, NONE)),
                List.of(new RegisterInit(1, Register.of("RBX"), 3, NONE)), List.of(p0, p1),
                List.of(new ItemRef(new StateItem.LocationItem("x"), "[x]", NONE), new ItemRef(new StateItem.RegisterItem(0, "RAX"), "EAX", NONE)),
                null, Quantifier.NOT_EXISTS, new Prop.And(reg(0, "RAX", "EAX", 0), new Prop.And(reg(1, "RAX", "EAX", 0), loc("y", true, 2))));
        assertEquals("X86 SB+mfence\n"
                + "\"Fre PodWR\"\n"
                + "{ x=0; y=2; 1:EBX=3; }\n"
                + " P0          | P1          ;\n"
                + " MOV [x],$1  | MOV [y],$1  ;\n"
                + " MOV EAX,[y] | MFENCE      ;\n"
                + "             | MOV EAX,[x] ;\n"
                + "locations [x; 0:EAX;]\n"
                + "~exists (0:EAX=0 /\\ (1:EAX=0 /\\ [y]=2))\n", ProgramPrinter.print(p));
        Program att = new Program("T", Dialect.X86_64, null, "t", List.of(), Map.of(), List.of(),
                List.of(new RegisterInit(0, Register.of("RAX"), 1, NONE)),
                List.of(new ThreadCode(0, 1, NONE, List.of(new Instruction.MFence(NONE)), List.of("mfence"))),
                List.of(), null, Quantifier.FORALL, new Prop.Constant(true));
        assertEquals("X86_64 T\n{ 0:rax=1; }\n P0     ;\n mfence ;\nforall (true)\n", ProgramPrinter.print(att));
    }

    @Test
    void programsThatCannotBeWrittenAreRefused() {
        Program base = new Program("Ok", Dialect.RDMA, null, "s", List.of(), Map.of(), List.of(new LocationDecl("x", 1, 0, NONE)),
                List.of(), List.of(ThreadCode.of(0, 1, List.of(new Instruction.MFence(NONE)))), List.of(), null,
                Quantifier.EXISTS, new Prop.Constant(true));
        ProgramPrinter.print(base);
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withName("bad name")));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withName("")));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withThreads(List.of())));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withThreads(List.of(ThreadCode.of(0, 1,
                List.of(new Instruction.RegisterSwap(Register.of("r0"), Register.of("r1"), NONE)))))));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withThreads(List.of(ThreadCode.of(0, 1,
                List.of(new Instruction.LockedRmw(Instruction.RmwKind.FAA, null, LocationRef.of("x"), Operand.constant(1), null, NONE)))))));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(base.withThreads(List.of(ThreadCode.of(0, 1,
                List.of(new Instruction.Poll(new NodeRef(2, "Q", NONE), NONE)))))));
        Program quote = new Program("Q", Dialect.RDMA, "say \"hi\"", "s", List.of(), Map.of(), List.of(), List.of(),
                base.threads(), List.of(), null, Quantifier.EXISTS, new Prop.Constant(true));
        assertThrows(IllegalArgumentException.class, () -> ProgramPrinter.print(quote));
    }
}
