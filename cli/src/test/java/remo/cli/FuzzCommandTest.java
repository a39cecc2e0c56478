package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code remo fuzz}: a short differential run agrees; bad arguments are usage errors. */
class FuzzCommandTest {

    @Test
    void aShortRunFindsNoMismatch() {
        CliRun r = CliRun.run("fuzz", "--programs", "60", "--seed", "3");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("Fuzz: 60 programs,"), r.out);
        assertTrue(r.out.contains(" 0 mismatches"), r.out);
    }

    @Test
    void badArguments() {
        assertEquals(2, CliRun.run("fuzz", "--programs", "0").exit);
        CliRun r = CliRun.run("fuzz", "--programs", "1", "--models", "nosuch");
        assertEquals(2, r.exit);
        assertTrue(r.err.startsWith("<command line>:1:28: error[E-MODEL]: fuzz compares the cat models with the abstract "
                + "machines, which exist only for the bundled models"), r.err);
        assertTrue(r.err.contains("'nosuch' is not one of them"), r.err);
    }
}
