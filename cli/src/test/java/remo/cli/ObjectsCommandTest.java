package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code remo objects check} and {@code remo objects bench}: output, exit status and errors. */
class ObjectsCommandTest {

    @Test
    void theDeterministicRunPrintsTheTally() {
        CliRun r = CliRun.run("objects", "check", "KvStore", "--seeds", "5");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.startsWith("KvStore: deterministic run of loco.md §4.10 (3 nodes, 2 threads each, 20 ops per "
                + "thread, keys 0..3, B=1 E=2 V=2, 50% get 40% put 10% remove), seeds 0..4\n"), r.out);
        assertTrue(r.out.contains("\nKvStore: 5/5 histories linearizable\n"), r.out);
    }

    @Test
    void theConcurrentRunOfAtomicVar() {
        CliRun r = CliRun.run("objects", "check", "AtomicVar", "--concurrent", "--seeds", "2", "--ops", "100");
        assertEquals(0, r.exit, r.err);
        assertTrue(r.out.contains("AtomicVar: concurrent run of loco.md §4.10 (4 nodes, 4 threads each, 100 ops per thread"),
                r.out);
        assertTrue(r.out.contains("\nAtomicVar: 2/2 histories linearizable\n"), r.out);
    }

    @Test
    void aControlPrintsItsFirstFailingHistoryShrunkAndExitsOne() {
        CliRun r = CliRun.run("objects", "check", "KvStore", "--control", "disableLock");
        assertEquals(1, r.exit, r.out + r.err);
        assertTrue(r.out.contains("KvStore: 0/1 histories linearizable, 1 not linearizable (first: seed 0)"), r.out);
        assertTrue(r.out.contains("First history that is not linearizable: seed 0, key "), r.out);
        assertTrue(r.out.contains(" call  thread  node  operation"), r.out);
        assertTrue(r.out.contains("Replay: remo objects check KvStore --seed 0 --seeds 1 --control disableLock"), r.out);
    }

    @Test
    void badArgumentsAreUsageErrors() {
        CliRun r = CliRun.run("objects", "check", "AtomicVar", "--control", "disableLock");
        assertEquals(2, r.exit);
        assertEquals("<command line>:1:35: error[E-USAGE]: --control applies to KvStore only\n", r.err);
        assertEquals("", r.out);
        assertEquals(2, CliRun.run("objects", "check", "Queue").exit);
        CliRun zero = CliRun.run("objects", "check", "KvStore", "--seeds", "0");
        assertEquals(2, zero.exit);
        assertTrue(zero.err.contains("error[E-USAGE]: --seeds must be at least 1"), zero.err);
        assertEquals(2, CliRun.run("objects").exit);
    }

    /** The seeds S..S+N-1 must fit in 64 bits: this used to print seeds 9223372036854775807..-9223372036854775808 and 0/0 with exit 0. */
    @Test
    void seedsPastSixtyFourBitsAreAUsageErrorAtSeed() {
        CliRun r = CliRun.run("objects", "check", "AtomicVar", "--seed", "9223372036854775807", "--seeds", "2");
        assertEquals(2, r.exit, r.out + r.err);
        assertEquals("", r.out);
        assertEquals("<command line>:1:32: error[E-USAGE]: --seed 9223372036854775807 with --seeds 2 needs seeds beyond "
                + "9223372036854775807 (the seeds S..S+N-1 must fit in 64 bits); the largest seed for 2 runs is "
                + "9223372036854775806\n", r.err);
        CliRun top = CliRun.run("objects", "check", "AtomicVar", "--seed", "9223372036854775806", "--seeds", "2");
        assertEquals(0, top.exit, top.out + top.err);
        assertTrue(top.out.contains("seeds 9223372036854775806..9223372036854775807\n"), top.out);
        assertTrue(top.out.contains("\nAtomicVar: 2/2 histories linearizable\n"), top.out);
    }

    /** The default count (500) is checked against the seed too. */
    @Test
    void theDefaultCountIsCheckedAgainstTheSeed() {
        CliRun r = CliRun.run("objects", "check", "KvStore", "--seed", "9223372036854775807");
        assertEquals(2, r.exit, r.out + r.err);
        assertTrue(r.err.endsWith("the largest seed for 500 runs is 9223372036854775308\n"), r.err);
    }

    @Test
    void theBenchmarkPrintsEveryWorkload() {
        CliRun r = CliRun.run("objects", "bench", "--calls", "200", "--rounds", "1");
        assertEquals(0, r.exit, r.err);
        for (String w : new String[] {"KvStore get", "KvStore put", "AtomicVar fetchAdd"}) {
            assertTrue(r.out.contains("\n" + w + " round 1: 3200 calls in "), r.out);
            assertTrue(r.out.contains("\n" + w + ": median "), r.out);
        }
    }
    /**
     * examples/loco/expected.tsv with its note column works with --expect: the two harnesses
     * Allowed under both models (and a Forbidden one) agree under rdma-sc-rmw.
     */
    @Test
    void theLocoHarnessesAgreeWithExpectedTsvUnderRdmaScRmw() {
        java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("remo.root"), "examples", "loco");
        CliRun r = CliRun.run("check", "--model", "rdma-sc-rmw", "--expect", dir.resolve("expected.tsv").toString(),
                dir.resolve("KV-TORN-NOSEQ.litmus").toString(), dir.resolve("KV-2W-NOLOCK.litmus").toString(),
                dir.resolve("BF-LATE.litmus").toString());
        assertEquals(0, r.exit, r.out + r.err);
        assertTrue(r.out.contains("Observation KV-TORN-NOSEQ Sometimes "), r.out);
        assertTrue(r.out.contains("Observation KV-2W-NOLOCK Sometimes "), r.out);
        assertTrue(r.out.contains("Observation BF-LATE Never "), r.out);
        assertTrue(r.out.contains("Expectations: 3 agree, 0 mismatches"), r.out);
    }
}
