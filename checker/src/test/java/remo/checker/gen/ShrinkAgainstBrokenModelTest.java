package remo.checker.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.ProgramSize;
import remo.litmus.gen.RandomProgramGenerator;
import remo.litmus.gen.Shrinker;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.models.cat.CatException;

/**
 * Shrinking a real discrepancy: random programs are checked under {@code rdma-tso-rmw} and under a
 * deliberately broken copy of it (test resource {@code broken-rdma-tso-rmw.cat}, which wrongly orders a
 * put's source read before later CPU writes); the first program whose outcome sets differ is shrunk
 * with "the outcome sets still differ" as the predicate.
 */
class ShrinkAgainstBrokenModelTest {

    private static final long SEED = 2024;
    private static final CheckOptions LIMITED = CheckOptions.defaults().withMaxExecutions(200_000);

    private static CatModel broken() throws IOException, CatException {
        try (InputStream in = ShrinkAgainstBrokenModelTest.class.getResourceAsStream("broken-rdma-tso-rmw.cat")) {
            assertNotNull(in, "test resource broken-rdma-tso-rmw.cat");
            return new ModelLibrary().loadText("broken-rdma-tso-rmw.cat", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** {@code FS_M(P)}, or {@code null} if the enumeration hit the limit. */
    private static Set<FinalState> outcomes(Program p, CatModel m) {
        try {
            CheckResult r = AxiomaticChecker.check(p, m, FlagValues.defaults(), LIMITED);
            return r.partial() ? null : r.fullStates();
        } catch (LitmusException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private static boolean differ(Program p, CatModel real, CatModel broken) {
        Set<FinalState> a = outcomes(p, real);
        Set<FinalState> b = outcomes(p, broken);
        return a != null && b != null && !a.equals(b);
    }

    @Test
    void shrinkingReducesAProgramOnWhichTheBrokenModelDiffers() throws Exception {
        CatModel real = new ModelLibrary().load("rdma-tso-rmw");
        CatModel broken = broken();
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults(), SEED);
        Program found = null;
        for (int k = 0; k < 2000 && found == null; k++) {
            Program p = gen.next();
            // Look for a program with room to shrink, so that the reduction is visible.
            if (p.instructionCount() >= 6 && differ(p, real, broken)) {
                found = p;
            }
        }
        assertNotNull(found, "no generated program of seed " + SEED + " shows the broken rule");
        System.out.println("Broken-model discrepancy (seed " + SEED + ", " + found.name() + "):\n" + ProgramPrinter.print(found));

        Shrinker.Result r = new Shrinker(5_000).run(found, q -> differ(q, real, broken));
        Program shrunk = r.program();
        System.out.println("Shrunk after " + r.tests() + " tests, " + r.steps() + " steps:\n" + ProgramPrinter.print(shrunk));

        assertTrue(r.complete());
        assertTrue(ProgramSize.of(shrunk).smallerThan(ProgramSize.of(found)), r.toString());
        assertTrue(shrunk.instructionCount() < found.instructionCount(), r.toString());
        assertTrue(differ(shrunk, real, broken), "the shrunk program no longer shows the discrepancy");
        assertNotEquals(outcomes(shrunk, broken), outcomes(shrunk, real));
        // The minimal witness of the wrong rule is a buffer reuse (suite.md L03): a put of a buffer,
        // then a CPU store to that buffer, in one thread.
        assertEquals(1, shrunk.threads().size(), ProgramPrinter.print(shrunk));
        assertEquals(2, shrunk.instructionCount(), ProgramPrinter.print(shrunk));
        Instruction first = shrunk.thread(0).instructions().get(0);
        Instruction second = shrunk.thread(0).instructions().get(1);
        assertTrue(first instanceof Instruction.Put, ProgramPrinter.print(shrunk));
        assertTrue(second instanceof Instruction.Store s && s.destination().name().equals(((Instruction.Put) first).source().name()),
                ProgramPrinter.print(shrunk));
    }
}
