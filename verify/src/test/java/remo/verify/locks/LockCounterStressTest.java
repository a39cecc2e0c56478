package remo.verify.locks;

import remo.locks.LockVariant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * locks.md §10.5 (nic.md §10 T7), the counter stress in concurrent mode: 4 nodes, 8 threads,
 * 2,000 acquisitions each, a waited remote increment in every critical section (for the weak lock
 * the waits are its client obligation O3); the counter must equal the number of acquisitions for
 * every class (about 2 s per class on the 2-core machine, so it is in the default suite).
 */
class LockCounterStressTest {

    @ParameterizedTest
    @EnumSource(LockVariant.class)
    void noLostUpdateUnderContention(LockVariant lock) {
        stress(lock, 2000);
    }

    static void stress(LockVariant lock, int acquisitions) {
        LockWorkload sc = new LockWorkload(lock, 8, 4, acquisitions);
        LockWorkload.Outcome o = sc.runConcurrent();
        assertTrue(o.result().threadFailures().isEmpty(), o.result().threadFailures().toString());
        assertEquals(8L * acquisitions, o.counter(), lock + ": lost updates");
        assertEquals(8 * acquisitions, o.acquisitions().size());
        // critical sections never overlap in real time (nanoTime stamps of the Java side)
        var byEntry = new java.util.ArrayList<>(o.acquisitions());
        byEntry.sort(java.util.Comparator.comparingLong(LockWorkload.Acquisition::retAcq));
        for (int i = 0; i + 1 < byEntry.size(); i++) {
            assertTrue(byEntry.get(i + 1).retAcq() > byEntry.get(i).invRel(), lock + ": critical sections overlap");
        }
    }
}
