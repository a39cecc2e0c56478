package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28: a cat model that declares another architecture than X86 (herd7's {@code arm.cat},
 * {@code ppc.cat}, {@code mips.cat}, {@code arm-alt.cat}) given an X86 or RDMA test is refused as
 * herd7 refuses it: E-ARCH at the {@code --model} argument, exit 2, nothing checked; {@code --force}
 * runs it anyway.
 */
class ArchitectureMismatchTest {

    private static String herd(String file) {
        return TestData.root().resolve("testdata/cat/herdtools7").resolve(file).toString();
    }

    @Test
    void armPpcMipsAndArmAltModelsAreRefusedOnAnX86Test() {
        String sb = TestData.corpusTest("SB").toString();
        for (String[] c : new String[][] {{"arm.cat", "ARM"}, {"ppc.cat", "PPC"}, {"mips.cat", "MIPS"}, {"arm-alt.cat", "ARM"}}) {
            String model = herd(c[0]);
            CliRun r = CliRun.run("check", "--model", model, sb);
            assertEquals(2, r.exit, c[0] + ": " + r.out + r.err);
            assertEquals("", r.out, "nothing checked");
            assertEquals("<command line>:1:15: error[E-ARCH]: architecture mismatch between test and model (X86 or RDMA vs. "
                    + c[1] + "): the model " + c[0].replace(".cat", "") + " declares " + c[1] + " on its first line, and remo's "
                    + "tests are X86 or RDMA tests; nothing is checked (--force runs the model anyway)\n", r.err);
        }
    }

    @Test
    void theRefusalHoldsForAnRdmaTestForReportSimulateAndJson(@TempDir Path tmp) {
        String l07 = TestData.suite().resolve("L07.litmus").toString();
        String arm = herd("arm.cat");
        CliRun json = CliRun.run("check", "--json", "--model", arm, l07);
        assertEquals(2, json.exit, json.err);
        assertTrue(json.out.contains("\"code\" : \"E-ARCH\""), json.out);
        CliRun sim = CliRun.run("simulate", "--model", arm, l07);
        assertEquals(2, sim.exit, sim.err);
        assertTrue(sim.err.contains("error[E-ARCH]"), sim.err);
        CliRun report = CliRun.run("report", "--out", tmp.resolve("r.html").toString(), "--model", arm, l07);
        assertEquals(2, report.exit, report.err);
        assertTrue(report.err.contains("error[E-ARCH]"), report.err);
        assertTrue(!Files.exists(tmp.resolve("r.html")), "no report of a run that checked nothing");
    }

    @Test
    void forceRunsTheModelAnywayAndAnX86ModelNeedsNoForce() {
        String sb = TestData.corpusTest("SB").toString();
        CliRun forced = CliRun.run("check", "--force", "--model", herd("arm.cat"), sb);
        assertEquals(0, forced.exit, forced.err);
        assertTrue(forced.out.startsWith("Test SB "), forced.out);
        CliRun x86 = CliRun.run("check", "--model", herd("x86tso.cat"), sb);
        assertEquals(0, x86.exit, x86.err);
        assertTrue(x86.out.startsWith("Test SB Allowed"), x86.out);
    }
}
