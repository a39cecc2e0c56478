package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;

/** {@code remo gen}: files written, cycle output, and command-line errors with their columns. */
class GenCommandTest {

    /** The exit status, standard output and standard error of one command line. */
    record Run(int status, String out, String err) {
    }

    private static Run run(String... args) {
        CliRun r = CliRun.run(args);
        return new Run(r.exit, r.out, r.err);
    }

    @Test
    void randomProgramsAreWrittenAsNamedFiles(@TempDir Path dir) throws IOException, LitmusException {
        Path out = dir.resolve("gen");
        Run r = run("gen", "--random", "4", "--seed", "17", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("wrote 4 programs of seed 17 to " + out + "\n", r.out());
        try (Stream<Path> files = Files.list(out)) {
            assertEquals(List.of("gen-17-0.litmus", "gen-17-1.litmus", "gen-17-2.litmus", "gen-17-3.litmus"),
                    files.map(p -> p.getFileName().toString()).sorted().toList());
        }
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults(), 17);
        for (int k = 0; k < 4; k++) {
            String text = Files.readString(out.resolve("gen-17-" + k + ".litmus"), StandardCharsets.UTF_8);
            assertEquals(ProgramPrinter.print(gen.next()), text);
            LitmusParser.parseAndValidate("gen-17-" + k + ".litmus", text);
        }
    }

    @Test
    void knobsReachTheGenerator() throws LitmusException {
        Run r = run("gen", "--random", "3", "--seed", "5", "--model", "tso", "--threads", "2", "--instructions", "3..3",
                "--weight", "mfence=0", "--exclude", "cas", "--condition", "random");
        assertEquals(0, r.status(), r.err());
        GeneratorConfig expected = GeneratorConfig.forModel("tso").withThreads(2, 2).withInstructions(3, 3)
                .withWeight(remo.litmus.gen.InstructionKind.MFENCE, 0).withWeight(remo.litmus.gen.InstructionKind.CAS, 0)
                .withCondition(GeneratorConfig.Condition.RANDOM);
        RandomProgramGenerator gen = new RandomProgramGenerator(expected, 5);
        String want = ProgramPrinter.print(gen.next()) + "\n" + ProgramPrinter.print(gen.next()) + "\n"
                + ProgramPrinter.print(gen.next());
        assertEquals(want, r.out());
        Program first = LitmusParser.parseAndValidate("a", r.out().substring(0, r.out().indexOf("\n\nRDMA") + 1));
        assertEquals(2, first.threads().size());
        assertTrue(!r.out().contains("mfence") && !r.out().contains("cas(") && !r.out().contains("put"), r.out());
    }

    @Test
    void aCycleIsPrintedOrWritten(@TempDir Path dir) throws IOException {
        Run printed = run("gen", "--cycle", "PodWW Rfe PodRR Fre");
        assertEquals(0, printed.status(), printed.err());
        assertTrue(printed.out().startsWith("RDMA MP\n\"diy cycle: PodWW Rfe PodRR Fre\"\n"), printed.out());
        assertTrue(printed.out().endsWith("exists (1:r0=1 /\\ 1:r1=0)\n"), printed.out());

        Run written = run("gen", "--cycle", "PodPP Rfe PodRR Fre", "--name", "MP+puts", "--out", dir.toString());
        assertEquals(0, written.status(), written.err());
        Path file = dir.resolve("MP+puts.litmus");
        assertEquals(file + "\n", written.out());
        assertTrue(Files.readString(file).startsWith("RDMA MP+puts\n"));
    }

    @Test
    void badEdgesAreReportedAtTheirColumn() {
        Run r = run("gen", "--cycle", "PodWR Fre PodWX Fre");
        assertEquals(2, r.status());
        // "gen --cycle PodWR Fre PodWX Fre": PodWX starts at column 23.
        assertTrue(r.err().startsWith("<command line>:1:23: error[E-EDGE]: unknown edge 'PodWX'"), r.err());
        assertEquals("", r.out());

        Run shape = run("gen", "--cycle=Fre PodWR");
        assertEquals(2, shape.status());
        assertTrue(shape.err().startsWith("<command line>:1:13: error[E-CYCLE]: 'Fre' is the only external edge"), shape.err());
    }

    @Test
    void badKnobsAreReported() {
        Run range = run("gen", "--random", "2", "--nodes", "3..2");
        assertEquals(2, range.status());
        assertEquals("<command line>:1:24: error[E-GEN]: the range '3..2' is empty or starts below 1\n", range.err());
        Run weight = run("gen", "--random", "2", "--weight", "foo=2");
        assertEquals(2, weight.status());
        assertTrue(weight.err().startsWith("<command line>:1:25: error[E-GEN]: expected KIND=WEIGHT"), weight.err());
        Run model = run("gen", "--random", "1", "--model", "arm");
        assertEquals(2, model.status());
        assertTrue(model.err().startsWith("<command line>:1:24: error[E-MODEL]: unknown model 'arm'"), model.err());
        Run probability = run("gen", "--random", "1", "--tag-probability", "2");
        assertEquals(2, probability.status());
        assertTrue(probability.err().contains("error[E-GEN]: tag probability must be in [0, 1]"), probability.err());
        assertEquals(2, run("gen", "--random", "1", "--cycle", "Rfe Fre").status());
        assertEquals(2, run("gen").status());
    }

    @Test
    void aRejectedKnobIsReportedAtItsValue() {
        assertEquals("<command line>:1:34: error[E-GEN]: tag probability must be in [0, 1], found 2.0\n",
                run("gen", "--random", "1", "--tag-probability", "2").err());
        assertEquals("<command line>:1:27: error[E-GEN]: work ids must be 1..20, found -1\n",
                run("gen", "--random", "1", "--work-ids", "-1").err());
        assertEquals("<command line>:1:29: error[E-GEN]: weight of put must be >= 0, found -1\n",
                run("gen", "--random", "1", "--weight", "put=-1").err());
        assertEquals("<command line>:1:35: error[E-GEN]: threads per node must be >= 1, found 0\n",
                run("gen", "--random", "1", "--threads-per-node", "0").err());
        // excluding every CPU kind of sc: the last --exclude leaves nothing to draw
        Run sc = run("gen", "--random", "2", "--model", "sc", "--exclude", "load", "--exclude", "store", "--exclude",
                "mfence", "--exclude", "cas", "--exclude", "faa");
        assertEquals(2, sc.status());
        assertEquals("<command line>:1:99: error[E-GEN]: some instruction kind other than poll, rfence, wait, assume and "
                + "assign must have a positive weight\n", sc.err());
        // only the final weights count: a kind set to 0 and back is fine
        assertEquals(0, run("gen", "--random", "1", "--model", "sc", "--weight", "load=0", "--weight", "store=0",
                "--weight", "mfence=0", "--weight", "cas=0", "--weight", "faa=0", "--weight", "load=1").status());
    }
}
