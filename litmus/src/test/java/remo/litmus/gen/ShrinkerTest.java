package remo.litmus.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.litmus.Instruction;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.ProgramValidator;
import remo.litmus.Prop;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;

/** The delta-debugging shrinker on pure predicates: expected minimal programs, validity, determinism. */
class ShrinkerTest {

    private static Program parse(String text) throws LitmusException {
        return LitmusParser.parseAndValidate("t.litmus", text);
    }

    private static boolean hasRemoteCas(Program p) {
        return p.threads().stream().anyMatch(t -> t.instructions().stream().anyMatch(i -> i instanceof Instruction.RemoteCas));
    }

    /** At least two threads write {@code x1} by a store or a put. */
    private static boolean twoThreadsWriteX1(Program p) {
        int writers = 0;
        for (ThreadCode t : p.threads()) {
            boolean writes = false;
            for (Instruction i : t.instructions()) {
                writes |= i instanceof Instruction.Store s && s.destination().name().equals("x1");
                writes |= i instanceof Instruction.Put put && put.remote().name().equals("x1");
            }
            writers += writes ? 1 : 0;
        }
        return writers >= 2;
    }

    /** Wraps a predicate so that it fails the test if it is ever called on an invalid program. */
    private static Predicate<Program> checkingValidity(Predicate<Program> p, List<Program> calls) {
        return q -> {
            try {
                ProgramValidator.validate(q);
                LitmusParser.parseAndValidate("again.litmus", ProgramPrinter.print(q));
            } catch (LitmusException | RuntimeException e) {
                fail("the shrinker tried an invalid program: " + e + "\n" + q);
            }
            calls.add(q);
            return p.test(q);
        };
    }

    @Test
    void twoWritersShrinkToOneInstructionEach() throws LitmusException {
        Program p = parse("""
                RDMA T
                { x1@1 = 1; y1@1 = 2; x2@2 = 0; y2@2 = 5; }
                 P0@1    | P1@2            | P2@1    ;
                 r0 = y1 | r0 = x2         | x1 = 3  ;
                 x1 = r0 | put x1@1, y2 #d | mfence  ;
                 mfence  | wait d          | r1 = y1 ;
                 r1 = x1 | r1 = x2         |         ;
                exists (0:r1 = 2 /\\ 2:r1 = 2)
                """);
        List<Program> calls = new ArrayList<>();
        Shrinker.Result r = new Shrinker(10_000).run(p, checkingValidity(ShrinkerTest::twoThreadsWriteX1, calls));
        // P0 is removed first (P1 and P2 still write x1); the tag, the wait and the loads go; the
        // put's node 2 merges into node 1 (a loopback put); constants fall to 0.
        assertEquals("""
                RDMA T
                {
                  x1@1 = 0; y2@1 = 0;
                }
                 P0@1         | P1@1   ;
                 put x1@1, y2 | x1 = 0 ;
                exists (true)
                """, ProgramPrinter.print(r.program()));
        assertTrue(r.complete());
        assertEquals(r.tests() + 1, calls.size(), "the candidates plus the initial check");
        assertTrue(r.after().smallerThan(r.before()));
    }

    @Test
    void aRemoteCasShrinksToItselfOnOneNode() {
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults(), 5);
        int shrunk = 0;
        for (int k = 0; k < 300 && shrunk < 10; k++) {
            Program p = gen.next();
            if (!hasRemoteCas(p)) {
                continue;
            }
            shrunk++;
            Shrinker.Result r = new Shrinker(10_000).run(p, checkingValidity(ShrinkerTest::hasRemoteCas, new ArrayList<>()));
            Program m = r.program();
            String text = ProgramPrinter.print(m);
            assertEquals(1, m.threads().size(), text);
            assertEquals(1, m.instructionCount(), text);
            Instruction.RemoteCas rcas = (Instruction.RemoteCas) m.thread(0).instructions().get(0);
            assertEquals("rcas " + rcas.result() + ", " + rcas.remote() + "@1, 0, 0", rcas.toString(), text);
            assertEquals(1, m.thread(0).node(), text);
            assertEquals(2, m.locations().size(), text);
            assertTrue(m.locations().stream().allMatch(d -> d.home() == 1 && d.initial() == 0), text);
            assertEquals(new Prop.Constant(true), m.condition(), text);
            assertEquals(new ProgramSize(1, 1, 1, 2, 0, 0, 0, 1, 0, 0), r.after(), text);
        }
        assertEquals(10, shrunk, "too few generated programs with an rcas");
    }

    @Test
    void theConditionIsSimplifiedAndRegistersRenumbered() throws LitmusException {
        Program p = parse("""
                RDMA C
                { x@1 = 0; y@1 = 0; z@2 = 0; }
                 P0@1     | P1@2    ;
                 r4 = x   | r0 = z  ;
                 r7 = y   | z = 2   ;
                 y = r7   |         ;
                filter (1:r0 = 0)
                exists (0:r7 = 5 /\\ (1:r0 = 1 \\/ ~(x = 3)))
                """);
        // Keep: some condition atom on a register of P0 that the program assigns by a load of y.
        Predicate<Program> keep = q -> {
            List<Prop.Atom> atoms = PropRewriting.atoms(q.condition());
            return atoms.stream().anyMatch(a -> a.ref().item() instanceof StateItem.RegisterItem reg && reg.thread() == 0)
                    && q.thread(0).instructions().stream().anyMatch(i -> i instanceof Instruction.Load l
                    && l.source().name().equals("y"));
        };
        Program m = Shrinker.shrink(p, keep);
        assertEquals("""
                RDMA C
                {
                  y@1 = 0;
                }
                 P0@1   ;
                 r0 = y ;
                exists (0:r0=0)
                """, ProgramPrinter.print(m));
    }

    @Test
    void quantifierFlagsAndInitsAreRemoved() throws LitmusException {
        Program p = parse("""
                RDMA Q
                flags GG_LOCAL_ORDER=OFF
                { x@1 = 0; 0:r3 = 9; }
                 P0@1       ;
                 x = r3     ;
                 r1 = x     ;
                locations [x; 0:r1]
                forall (x = -4 \\/ 0:r1 != 2)
                """);
        Program m = Shrinker.shrink(p, q -> q.instructionCount() >= 1);
        assertEquals("""
                RDMA Q
                {
                  x@1 = 0;
                }
                 P0@1   ;
                 r0 = x ;
                exists (true)
                """, ProgramPrinter.print(m));
    }

    /** An inline put that the property does not need becomes a plain put (the simpler program). */
    @Test
    void anInlinePutNotNeededBecomesPlain() throws LitmusException {
        Program p = parse("""
                RDMA I
                { x@1 = 0; z@2 = 0; }
                 P0@1              ;
                 put.inline z@2, x ;
                 put.inline z@2, x ;
                exists (true)
                """);
        Program plain = Shrinker.shrink(p, q -> q.instructionCount() >= 1);
        assertEquals("put z@1, x", plain.thread(0).instructions().get(0).toString(), "nodes merged, inline dropped");
        Program kept = Shrinker.shrink(p, q -> q.threads().stream().flatMap(t -> t.instructions().stream())
                .anyMatch(i -> i instanceof remo.litmus.Instruction.Put put && put.inline()));
        assertEquals("put.inline z@1, x", kept.thread(0).instructions().get(0).toString());
        assertEquals(1, kept.instructionCount());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void shrinkingIsDeterministic(long seed) {
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults()
                .withCondition(GeneratorConfig.Condition.RANDOM).withInstructions(3, 6), seed);
        Predicate<Program> manyNicOperations = q -> q.threads().stream()
                .mapToLong(t -> t.instructions().stream().filter(i -> i instanceof Instruction.NicOperation).count())
                .sum() >= 2;
        for (int k = 0; k < 20; k++) {
            Program p = gen.next();
            if (!manyNicOperations.test(p)) {
                continue;
            }
            Shrinker.Result first = new Shrinker(5_000).run(p, manyNicOperations);
            Shrinker.Result second = new Shrinker(5_000).run(p, manyNicOperations);
            assertEquals(first, second, "seed " + seed + " index " + k);
            assertEquals(2, first.program().instructionCount(), ProgramPrinter.print(first.program()));
        }
    }

    @Test
    void theBudgetIsRespected() {
        Program p = new RandomProgramGenerator(GeneratorConfig.defaults().withInstructions(4, 4).withThreads(3, 3), 9).next();
        int[] calls = {0};
        Shrinker.Result r = new Shrinker(3).run(p, q -> {
            calls[0]++;
            return q.instructionCount() > 0;
        });
        assertEquals(3, r.tests());
        assertEquals(4, calls[0], "three candidates plus the initial check");
        assertEquals(false, r.complete());
    }

    @Test
    void badInputIsRejected() throws LitmusException {
        Program p = parse("RDMA B\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        assertThrows(IllegalArgumentException.class, () -> Shrinker.shrink(p, q -> false));
        Program x86 = LitmusParser.parseAndValidate("x.litmus", "X86 A\n{ x=0; }\n P0 ;\n MOV [x],$1 ;\nexists ([x]=1)\n");
        assertThrows(IllegalArgumentException.class, () -> Shrinker.shrink(x86, q -> true));
        assertThrows(IllegalArgumentException.class, () -> new Shrinker(0));
    }
}
