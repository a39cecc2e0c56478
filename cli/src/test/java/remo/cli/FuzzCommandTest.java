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
        // standard error is not a terminal here: no progress lines anywhere, only the header and the summary
        assertEquals(2, r.out.lines().count(), r.out);
        assertTrue(!r.out.contains("/60 programs") && !r.err.contains("/60 programs"), r.out + r.err);
    }

    /** --only-with compares the programs with the named put forms and counts the others as left out (issue 29's fuzzing on the new forms). */
    @Test
    void onlyWithComparesTheProgramsWithTheFormAndCountsTheRest() {
        CliRun r = CliRun.run("fuzz", "--programs", "30", "--seed", "3", "--only-with", "inline,unsignaled");
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.startsWith("fuzz: seed 3, models rdma-tso-rmw,rdma-sc-rmw,rdma-wait-rmw,rdma-tso,tso,sc, programs 0..29, "
                + "only those with a put.inline or put.unsignaled\n"), r.out);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("Fuzz: 30 programs, (\\d+) comparisons, (\\d+) skipped").matcher(r.out);
        assertTrue(m.find(), r.out);
        java.util.regex.Matcher left = java.util.regex.Pattern.compile("Left out: (\\d+) programs without a put.inline or put.unsignaled")
                .matcher(r.out);
        assertTrue(left.find(), r.out);
        assertEquals(30, Long.parseLong(m.group(1)) + Long.parseLong(m.group(2)) + Long.parseLong(left.group(1)), r.out);
        assertTrue(Long.parseLong(left.group(1)) > 0 && Long.parseLong(m.group(1)) > 0, r.out);
        CliRun bad = CliRun.run("fuzz", "--only-with", "rdma");
        assertEquals(2, bad.exit);
        assertTrue(bad.err.contains("error[E-USAGE]: --only-with takes inline and unsignaled, not 'rdma'"), bad.err);
    }

    @Test
    void parallelJobsPrintWhatOneJobPrints() {
        CliRun one = CliRun.run("fuzz", "--programs", "40", "--seed", "5", "--jobs", "1");
        CliRun three = CliRun.run("fuzz", "--programs", "40", "--seed", "5", "--jobs", "3");
        assertEquals(0, one.exit, one.out + one.err);
        assertEquals(0, three.exit, three.out + three.err);
        // the same figures; only the time at the end of the summary differs
        String withoutTime = "(, [0-9.]+ s)$";
        assertEquals(one.out.strip().replaceAll(withoutTime, ""), three.out.strip().replaceAll(withoutTime, ""));
        assertTrue(one.out.contains("Fuzz: 40 programs, "), one.out);
        CliRun none = CliRun.run("fuzz", "--programs", "4", "--jobs", "0");
        assertEquals(2, none.exit);
        assertEquals("<command line>:1:26: error[E-USAGE]: --jobs must be at least 1, not 0\n", none.err);
    }

    @Test
    void everyBadOptionHasItsOwnDiagnosticAtItsColumn() {
        CliRun r = CliRun.run("fuzz", "--programs", "-3", "--max-candidates", "0", "--from", "-1");
        assertEquals(2, r.exit);
        assertEquals("", r.out);
        assertEquals("<command line>:1:17: error[E-USAGE]: --programs must be at least 1, not -3\n"
                + "<command line>:1:37: error[E-USAGE]: --max-candidates must be at least 1, not 0\n"
                + "<command line>:1:46: error[E-USAGE]: --from must be 0 or more, not -1\n", r.err);
        CliRun wide = CliRun.run("fuzz", "--programs", "2", "--from", "9223372036854775807");
        assertEquals(2, wide.exit);
        assertTrue(wide.err.startsWith("<command line>:1:26: error[E-USAGE]: --from 9223372036854775807 with --programs 2 "
                + "goes beyond 64 bits"), wide.err);
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
