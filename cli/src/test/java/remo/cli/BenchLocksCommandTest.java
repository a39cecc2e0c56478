package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code remo bench-locks}: one median line per lock and workload; bad counts are usage errors. */
class BenchLocksCommandTest {

    @Test
    void printsAMedianPerLockAndWorkload() {
        CliRun r = CliRun.run("bench-locks", "--pairs", "200", "--acquisitions", "20", "--rounds", "1");
        assertEquals(0, r.exit, r.err);
        for (String lock : new String[] {"WeakTicketLock", "StrongTicketLock", "CasSpinLock(PUT)", "CasSpinLock(RFAA)"}) {
            for (String workload : new String[] {"uncontended", "contended"}) {
                assertTrue(r.out.contains(lock + " " + workload + ": median "), lock + " " + workload + "\n" + r.out);
            }
        }
        assertTrue(r.out.contains("contended: 160 pairs in "), "8 threads x 20 acquisitions\n" + r.out);
    }

    @Test
    void aCountBelowOneIsAUsageError() {
        CliRun r = CliRun.run("bench-locks", "--rounds", "0");
        assertEquals(2, r.exit);
        assertTrue(r.err.contains("error[E-USAGE]") && r.err.contains("--rounds"), r.err);
        assertEquals("", r.out);
    }
}
