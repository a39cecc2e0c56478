package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code remo gen-c}: files written, tests not written with the reason, and {@code --compare}. */
class GenCCommandTest {

    @TempDir
    Path dir;

    private static String suite(String id) {
        return Path.of(System.getProperty("remo.root"), "examples", "suite", id + ".litmus").toString();
    }

    private static CliRun run(String... args) {
        return CliRun.run(args);
    }

    @Test
    void writesTheProgramsAndTheShimAndNamesWhatItCannotWrite() throws Exception {
        CliRun r = run("gen-c", suite("L05"), suite("W2"), "--out", dir.toString(), "--shim");
        assertEquals(1, r.exit, "W2 is not written: " + r.out + r.err);
        assertTrue(r.out.contains("W2: not written: 'wait d' (P0 at 6:2): wait is not written as a verbs call"), r.out);
        assertTrue(r.out.endsWith("1 written, 1 not written\n"), r.out);
        String c = Files.readString(dir.resolve("L05.c"));
        assertTrue(c.contains("#include <infiniband/verbs.h>") && c.contains("ibv_post_send") && c.contains("IBV_WR_RDMA_WRITE"), c);
        assertTrue(c.contains("put(c, 0, 0, 2); /* put d@2, one */"), "the thread's calls name the test's instructions: " + c);
        assertTrue(Files.readString(dir.resolve("verbs_shim.c")).contains("ibv_create_qp"));
        assertTrue(Files.notExists(dir.resolve("W2.c")));
    }

    @Test
    void withoutOutItIsAUsageError() {
        CliRun r = run("gen-c", suite("L05"));
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("--out DIR is required"), r.err);
    }

    @Test
    void compareMarksTheStatesTheModelForbids() throws Exception {
        Path ok = dir.resolve("ok.log");
        Files.writeString(ok, "L05: coordinator on TCP port 1\nTest L05\nHistogram (2 states)\n"
                + "90      :>1:r0=0; 1:r1=0; d=1; f=1; one=1;\n10      :>1:r0=1; 1:r1=1; d=1; f=1; one=1;\nIterations 100\n");
        CliRun r = run("gen-c", "--compare", ok.toString(), suite("L05"));
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.startsWith("Observed L05: 2 states in 100 iterations beside rdma-tso-rmw's 3 allowed states\n"), r.out);
        assertTrue(r.out.contains("         0  allowed    1:r0=0; 1:r1=1; d=1; f=1; one=1;"), "the allowed state never seen: " + r.out);
        assertTrue(r.out.endsWith("Result L05 Ok\n"), r.out);

        Path bad = dir.resolve("bad.log");
        Files.writeString(bad, "Test L05\nHistogram (1 states)\n3 :>1:r0=1; 1:r1=0; d=1; f=1; one=1;\nIterations 3\n");
        CliRun b = run("gen-c", "--compare", bad.toString(), suite("L05"));
        assertEquals(1, b.exit, b.out + b.err);
        assertTrue(b.out.contains("         3  FORBIDDEN  1:r0=1; 1:r1=0; d=1; f=1; one=1;"), "MP on one queue pair: " + b.out);
        assertTrue(b.out.endsWith("Result L05 FORBIDDEN states observed: 1\n"), b.out);

        Path other = dir.resolve("other.log");
        Files.writeString(other, "Test L03\nHistogram (0 states)\nIterations 0\n");
        CliRun o = run("gen-c", "--compare", other.toString(), suite("L05"));
        assertEquals(2, o.exit);
        assertTrue(o.err.contains("error[E-OBSERVED]: the histogram is of test L03, not L05"), o.err);

        CliRun missingLog = run("gen-c", "--compare", dir.resolve("none.log").toString(), suite("L05"));
        assertEquals(2, missingLog.exit);
        assertTrue(missingLog.err.startsWith(dir.resolve("none.log") + ":1:1: error[E-IO]"), missingLog.err);
        CliRun missingTest = run("gen-c", "--compare", ok.toString(), dir.resolve("none.litmus").toString());
        assertEquals(2, missingTest.exit);
        assertTrue(missingTest.err.startsWith(dir.resolve("none.litmus") + ":1:1: error[E-IO]"), missingTest.err);
    }
}
