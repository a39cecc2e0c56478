package remo.checker.operational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.checker.TestFiles;
import remo.checker.Verdict;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/** The operational engine's entry point: machine choice, errors, limits, counting modes, example runs. */
class OperationalExplorerTest {
    private static final CheckOptions GRAPHS = CheckOptions.defaults().collecting(CheckOptions.Collect.ALLOWED, Integer.MAX_VALUE);

    private static Program program(String text) throws LitmusException {
        return LitmusParser.parseAndValidate("T.litmus", text);
    }

    private static CheckResult run(Program p, String model, CheckOptions options) throws Exception {
        return OperationalExplorer.check(p, TestFiles.model(model), FlagValues.defaults().withAll(p.flags()), options);
    }

    private static Set<String> states(CheckResult r) {
        return r.fullStates().stream().map(s -> s.format(r.program())).collect(Collectors.toSet());
    }

    @Test
    void aUserModelIsRejectedWithEngineError() throws Exception {
        CatModel user = new ModelLibrary().loadText("mine.cat", "\"mine\"\nacyclic po | rf | co | fr as sc\n");
        Program p = program("RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        LitmusException e = assertThrows(LitmusException.class,
                () -> OperationalExplorer.check(p, user, FlagValues.defaults(), CheckOptions.defaults()));
        assertEquals("E-ENGINE", e.diagnostic().code());
        assertEquals("<command line>", e.diagnostic().file());
        assertEquals(1, e.diagnostic().position().line());
        assertEquals(1, e.diagnostic().position().column());
        assertTrue(e.diagnostic().message().contains("implements only the bundled models"), e.diagnostic().message());
    }

    @Test
    void aBundledTextUnderAnotherSourceIsNotBundled() throws Exception {
        CatModel copy = new ModelLibrary().loadText("tso.cat", ModelLibrary.bundledText("tso.cat"));
        assertEquals("tso", copy.name());
        assertFalse(copy.isBundled());
        assertThrows(LitmusException.class, () -> OperationalExplorer.machineFor(copy));
        assertEquals(OperationalExplorer.MachineKind.RDMA, OperationalExplorer.machineFor(TestFiles.model("tso")));
        assertEquals(OperationalExplorer.MachineKind.ATOMIC, OperationalExplorer.machineFor(TestFiles.model("sc")));
        assertEquals(OperationalExplorer.MachineKind.ATOMIC, OperationalExplorer.machineFor(TestFiles.model("rdma-sc-rmw")));
        for (String m : new String[] {"rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw"}) {
            assertEquals(OperationalExplorer.MachineKind.RDMA, OperationalExplorer.machineFor(TestFiles.model(m)), m);
        }
    }

    @Test
    void skippedChecksAreAnEngineError() throws Exception {
        Program p = program("RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        LitmusException e = assertThrows(LitmusException.class, () -> OperationalExplorer.check(p, TestFiles.model("tso"),
                FlagValues.defaults(), CheckOptions.defaults().skipping(Set.of("tso"))));
        assertEquals("E-ENGINE", e.diagnostic().code());
    }

    @Test
    void unsupportedInstructionsAreRejectedAsByTheAxiomaticEngine() throws Exception {
        Program p = program("RDMA T\n{ x@1 = 0; z@2 = 0; }\n P0@1 ;\n rfaa x, z@2, 1 ;\nexists (x = 0)\n");
        LitmusException e = assertThrows(LitmusException.class, () -> run(p, "rdma-tso", CheckOptions.defaults()));
        assertEquals("E-UNSUPPORTED", e.diagnostic().code());
        assertEquals(4, e.diagnostic().position().line());
    }

    @Test
    void exploredCountsDistinctMachineStates() throws Exception {
        // one store: pc 0 | pc 1 with St(x,1) buffered | flushed
        Program one = program("RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = 1 ;\nexists (x = 1)\n");
        assertEquals(3, run(one, "rdma-tso-rmw", CheckOptions.defaults()).explored());
        // the atomic machine: before and after the store
        assertEquals(2, run(one, "rdma-sc-rmw", CheckOptions.defaults()).explored());
        // two independent stores: 3 x 3 local states, interleavings meet in memoised states
        Program two = program("RDMA T\n{ x@1 = 0; y@1 = 0; }\n P0@1 | P1@1 ;\n x = 1 | y = 1 ;\nexists (x = 1)\n");
        CheckResult r = run(two, "rdma-tso-rmw", CheckOptions.defaults());
        assertEquals(9, r.explored());
        assertEquals(1, r.fullStates().size());
        assertEquals("operational", r.engine());
        assertEquals("rdma-tso-rmw", r.model().name());
    }

    @Test
    void stateModeCountsDistinctFinalStatesAndGraphModeCountsExecutions() throws Exception {
        // two writers of the same value: 2 co orders x 3 rf choices, but only 2 final states
        Program p = program("RDMA T\n{ x@1 = 0; }\n P0@1 | P1@1 | P2@1 ;\n x = 1 | x = 1 | r0 = x ;\n"
                + "exists (x = 1)\n");
        CheckResult states = run(p, "tso", CheckOptions.defaults());
        CheckResult graphs = run(p, "tso", GRAPHS);
        assertEquals(states.fullStates(), graphs.fullStates());
        assertEquals(states.fullStates().size(), states.positive() + states.negative());
        CheckResult axiomatic = Engines.axiomatic(p, "tso", FlagValues.defaults(), CheckOptions.defaults());
        assertEquals(axiomatic.positive(), graphs.positive());
        assertEquals(axiomatic.negative(), graphs.negative());
        assertEquals(axiomatic.states(), graphs.states());
        assertEquals(2, states.positive());
        assertEquals(6, graphs.positive());
        assertEquals(Verdict.ALLOWED, states.verdict());
        assertTrue(graphs.explored() >= states.explored());
        assertTrue(states.executions().isEmpty());
        assertEquals(graphs.positive() + graphs.negative(), graphs.executions().size());
    }

    @Test
    void collectionFollowsTheOptions() throws Exception {
        Program p = program("RDMA T\n{ x@1 = 0; }\n P0@1 | P1@1 | P2@1 ;\n x = 1 | x = 2 | r0 = x ;\n"
                + "exists (x = 2 /\\ 2:r0 = 1)\n");
        CheckResult witnesses = run(p, "tso", CheckOptions.defaults().collecting(CheckOptions.Collect.WITNESS, 100));
        assertEquals(witnesses.positive(), witnesses.executions().size());
        for (Execution x : witnesses.executions()) {
            assertTrue(p.condition().eval(x.finalState()::get));
            assertTrue(x.consistent());
        }
        assertTrue(run(p, "tso", CheckOptions.defaults().collecting(CheckOptions.Collect.FORBIDDEN, 100)).executions().isEmpty());
        assertEquals(2, run(p, "tso", CheckOptions.defaults().collecting(CheckOptions.Collect.ALL, 2)).executions().size());
    }

    @Test
    void theStateLimitGivesAPartialResult() throws Exception {
        Program p = Engines.suite("W10");
        CheckResult r = run(p, "rdma-tso-rmw", CheckOptions.defaults().withMaxExecutions(50));
        assertTrue(r.partial());
        assertEquals(50, r.explored());
        assertTrue(r.partialReason().contains("--max-executions 50"), r.partialReason());
        CheckResult full = run(p, "rdma-tso-rmw", CheckOptions.defaults());
        assertNull(full.partialReason());
        assertTrue(full.fullStates().containsAll(r.fullStates()));
    }

    @Test
    void theTimeLimitGivesAPartialResult() throws Exception {
        CheckResult r = run(Engines.suite("W10"), "rdma-tso-rmw", CheckOptions.defaults().withTimeout(Duration.ofNanos(1)));
        assertTrue(r.partial());
        assertTrue(r.partialReason().contains("--timeout"), r.partialReason());
    }

    @Test
    void progressIsReported() throws Exception {
        long[] last = new long[1];
        run(Engines.suite("W10"), "rdma-tso-rmw", CheckOptions.defaults().withProgress((explored, finals) -> last[0] = explored));
        assertTrue(last[0] >= 256);
    }

    @Test
    void aStaticallyBlockedPollHasNoFinalStateAndIsStuck() throws Exception {
        Program p = program("RDMA T\n{ x@1 = 0; z@2 = 0; }\n P0@1 ;\n poll 2 ;\n put z@2, x ;\nexists (z = 0)\n");
        for (String model : new String[] {"rdma-tso-rmw", "rdma-sc-rmw"}) {
            CheckResult r = run(p, model, CheckOptions.defaults());
            assertEquals(0, r.fullStates().size(), model);
            assertEquals(1, r.blocked(), model + ": the initial state is stuck");
            assertEquals(java.util.Map.of("P0:1 poll 2", 1L), r.blockedAt(), model);
            assertEquals("W-POLL-BLOCKS", r.warnings().get(0).code());
            assertFalse(r.ok());
        }
    }

    @Test
    void anAwaitThatCanNeverSucceedLeavesAStuckState() throws Exception {
        Program p = program("RDMA T\n{ x@1 = 0; }\n P0@1 | P1@1 ;\n x = 1 | await x == 2 ;\nexists (x = 1)\n");
        CheckResult r = run(p, "rdma-tso-rmw", CheckOptions.defaults());
        assertEquals(0, r.fullStates().size());
        assertTrue(r.blocked() >= 1);
        assertEquals(Set.of("P1:1 await x == 2"), r.blockedAt().keySet());
    }

    @Test
    void exampleRunL03APutReadsALaterStore() throws Exception {
        // operational.md §10: z = 1 is reachable; with a poll between put and store it is not
        Set<String> plain = states(run(Engines.suite("L03"), "rdma-tso-rmw", CheckOptions.defaults()));
        assertTrue(plain.contains("x=1; z=1;"), plain::toString);
        assertTrue(plain.contains("x=1; z=0;"), plain::toString);
        Set<String> polled = states(run(Engines.suite("L03p"), "rdma-tso-rmw", CheckOptions.defaults()));
        assertEquals(Set.of("x=1; z=0;"), polled);
    }

    @Test
    void exampleRunW1ACpuStoreInsideARemoteCas() throws Exception {
        // operational.md §10: x = 1, z = 0, r0 = 0 is reachable under rdma-tso-rmw, not under rdma-sc-rmw
        Program p = Engines.suite("W1");
        FinalState lost = run(p, "rdma-tso-rmw", CheckOptions.defaults()).fullStates().stream()
                .filter(s -> s.format(p).equals("0:r0=0; x=1; z=0;")).findFirst().orElse(null);
        assertTrue(lost != null, "P1's store is lost");
        assertFalse(run(p, "rdma-sc-rmw", CheckOptions.defaults()).fullStates().contains(lost));
    }

    @Test
    void failedRcasWritesActsOnBothMachines() throws Exception {
        // a failing rcas writes back the old value: x = 1 stays, but the write-back can overwrite a CPU store
        Program p = program("RDMA T\n{ z@1 = 0; x@2 = 1; }\n P0@1 | P1@2 ;\n rcas z, x@2, 0, 5 | x = 2 ;\n"
                + "exists (x = 1 /\\ z = 1)\n");
        FlagValues yes = FlagValues.defaults().with(Flag.FAILED_RCAS_WRITES, "YES");
        CatModel weak = TestFiles.model("rdma-tso-rmw");
        assertEquals(Verdict.FORBIDDEN, OperationalExplorer.check(p, weak, FlagValues.defaults(), CheckOptions.defaults()).verdict());
        assertEquals(Verdict.ALLOWED, OperationalExplorer.check(p, weak, yes, CheckOptions.defaults()).verdict());
        CatModel strong = TestFiles.model("rdma-sc-rmw");
        assertEquals(Verdict.FORBIDDEN, OperationalExplorer.check(p, strong, yes, CheckOptions.defaults()).verdict());
    }

    @Test
    void underRdmaScRmwTheAxiomsLeaveRaoFreeButTheAtomicMachineRecordsTimeOrder() throws Exception {
        // docs/operational.md, "Note on rao under the SC models"
        Program p = program("RDMA R2\n{ z@1 = 0; w@1 = 0; x@2 = 0; }\n P0@1 ;\n rfaa z, x@2, 1 ;\n rfaa w, x@2, 1 ;\n"
                + "exists (x = 2)\n");
        CheckResult axiomatic = Engines.axiomatic(p, "rdma-sc-rmw", FlagValues.defaults(), CheckOptions.defaults());
        CheckResult machine = run(p, "rdma-sc-rmw", GRAPHS);
        assertEquals(axiomatic.fullStates(), machine.fullStates());
        assertEquals(2, axiomatic.positive());
        assertEquals(1, machine.positive());
        assertEquals(1, Engines.axiomatic(p, "rdma-tso-rmw", FlagValues.defaults(), CheckOptions.defaults()).positive());
        assertEquals(1, run(p, "rdma-tso-rmw", GRAPHS).positive());
    }
}
