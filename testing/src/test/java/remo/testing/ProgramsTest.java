package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;

/** The generators of {@link Programs}: each draw is a function of (seed, index) alone. */
class ProgramsTest {

    private static String text(Program p) {
        return ProgramPrinter.print(p);
    }

    @Test
    void aRandomDrawIsTheProgramOfRemoGenWithTheSameSeedWhateverWasDrawnBefore() {
        GeneratorConfig config = GeneratorConfig.defaults().withInstructions(2, 4);
        ProgramGenerator g = Programs.random(config);
        String late = text(g.program(11, 5));
        String early = text(g.program(11, 3));
        assertEquals(late, text(g.program(11, 5)));
        assertEquals(early, text(g.program(11, 3)));
        assertEquals(text(new RandomProgramGenerator(config, 11).program(5)), late);
        assertEquals("gen-11-5", g.program(11, 5).name());
        assertNotEquals(late, text(g.program(12, 5)), "another seed, another program");
        assertEquals(OptionalLong.empty(), g.size());
        assertEquals("random programs (instructions 2..4)", g.description());
    }

    @Test
    void cyclesAreAFiniteListInOrderIndependentOfTheSeed() {
        ProgramGenerator g = Programs.cycles("PodWR Fre PodWR Fre", "PodWW Rfe PodRR Fre");
        assertEquals(OptionalLong.of(2), g.size());
        assertEquals(text(g.program(0, 0)), text(g.program(99, 2)));
        assertEquals(text(g.program(0, 1)), text(g.program(5, 1)));
        assertNotEquals(text(g.program(0, 0)), text(g.program(0, 1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Programs.cycles("PodWR Nope"));
        assertTrue(e.getMessage().startsWith("<cycles>:1:7: error[E-EDGE]"), e.getMessage());
    }

    @Test
    void aDirectoryGivesItsTestsInPathOrderAndABadFileIsReportedAtOnce(@TempDir Path dir) throws Exception {
        Path suite = Path.of("..", "examples", "suite");
        ProgramGenerator g = Programs.fromDirectory(suite);
        List<Path> files;
        try (var s = Files.list(suite)) {
            files = s.filter(f -> f.toString().endsWith(".litmus")).sorted().toList();
        }
        assertEquals(OptionalLong.of(files.size()), g.size());
        assertEquals("B1", g.program(0, 0).name());
        assertEquals(g.program(0, 0).name(), g.program(3, files.size()).name());

        Files.writeString(dir.resolve("a.litmus"), Files.readString(files.get(0)));
        Files.writeString(dir.resolve("b.litmus"), "RDMA bad\n{ x@1 = 0; }\nP0@1 ;\n z = 1 ;\nexists (true)\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Programs.fromDirectory(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("b.litmus") + ":4:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Programs.fromDirectory(dir.resolve("none")));
    }

    @Test
    void randomCyclesAreReproducibleAndUseTheVocabulary() {
        // uniform sequences of 4 over PodWR and Fre: a test when they alternate (SB), 2 in 16
        ProgramGenerator g = Programs.randomCycles(List.of("PodWR", "Fre"), 4, 4);
        int discarded = 0;
        for (long i = 0; i < 10; i++) {
            Draw d = g.draw(2, i);
            Program p = d.program();
            assertTrue(p != null, "draw " + i);
            assertEquals(text(p), text(g.draw(2, i).program()));
            assertEquals(d.discarded(), g.draw(2, i).discarded());
            assertEquals(0, p.instructionCount() % 2, "each PodWR is a store and a load");
            discarded += d.discarded();
        }
        assertTrue(discarded > 0, "some sequences are not cycles (PodWR PodWR) and are counted");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Programs.randomCycles(List.of("PodWR", "Nope"), 2, 4));
        assertTrue(e.getMessage().contains("error[E-EDGE]"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Programs.randomCycles(List.of("PodWR"), 1, 4));
    }

    @Test
    void aFilterRedrawsAtDerivedSeedsAndCountsWhatItRejected() {
        ProgramGenerator base = Programs.random(GeneratorConfig.defaults());
        ProgramGenerator twoThreads = base.filter(p -> p.threads().size() == 2);
        for (long i = 0; i < 20; i++) {
            Draw d = twoThreads.draw(3, i);
            assertEquals(2, d.program().threads().size());
            assertEquals(text(d.program()), text(twoThreads.draw(3, i).program()), "reproducible");
            // the attempts before the kept one are the base generator's draws at the derived seeds
            for (int a = 0; a < d.discarded(); a++) {
                assertNotEquals(2, base.program(Draw.attemptSeed(3, a), i).threads().size());
            }
            assertEquals(text(base.program(Draw.attemptSeed(3, d.discarded()), i)), text(d.program()));
        }
        Draw none = base.filter(p -> false, 5).draw(3, 0);
        assertNull(none.program());
        assertEquals(5, none.discarded());
        assertThrows(IllegalStateException.class, () -> base.filter(p -> false, 5).program(3, 0));
        // a finite generator is not asked again: its element would be the same
        Draw cycle = Programs.cycles("PodWR Fre PodWR Fre").filter(p -> false).draw(0, 0);
        assertNull(cycle.program());
        assertEquals(1, cycle.discarded());
    }

    @Test
    void aMapAppliesToEveryDraw() {
        ProgramGenerator g = Programs.random(GeneratorConfig.defaults()).map(p -> p.withName(p.name() + "-renamed"));
        assertEquals("gen-4-2-renamed", g.program(4, 2).name());
        assertEquals(Programs.random(GeneratorConfig.defaults()).program(4, 2).threads(), g.program(4, 2).threads());
    }

    @Test
    void interleaveTakesTurns() {
        ProgramGenerator a = Programs.cycles("PodWR Fre PodWR Fre");
        ProgramGenerator b = Programs.random(GeneratorConfig.defaults());
        ProgramGenerator g = Programs.interleave(a, b);
        assertEquals(text(a.program(0, 0)), text(g.program(8, 0)));
        assertEquals(text(b.program(8, 0)), text(g.program(8, 1)));
        assertEquals(text(b.program(8, 1)), text(g.program(8, 3)));
        assertEquals(OptionalLong.empty(), g.size());
    }
}
