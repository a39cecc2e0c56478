package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.InstructionKind;
import remo.litmus.gen.RandomProgramGenerator;
import remo.nic.explore.ExplorationOptions;

/**
 * nic.md §5.3, completeness of the simulator against the models: on every test of the regression
 * suite the NIC runs, the final states the model checker reaches on the simulated NIC are exactly
 * the states the axiomatic checker allows under the model its traces are checked against (the
 * table {@code remo simulate --explore} prints). Both directions matter: a state the NIC reaches
 * and the model forbids is a simulator bug; a state the model allows and no schedule reaches is a
 * reordering the simulator cannot do (none today).
 */
class SimulatorCompletenessTest {

    static Stream<String> suite() {
        return NicTestFiles.suiteFiles().stream().filter(f -> {
            Program p = NicTestFiles.suite(f);
            return LitmusRunner.completionModeConflict(p).isEmpty();
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void theExploredStatesAreTheAllowedStates(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        FlagValues flags = NicTestFiles.flags(p);
        String model = LitmusRunner.conformanceModel(p);
        CheckResult allowed = AxiomaticChecker.check(p, NicTestFiles.model(model), flags, CheckOptions.defaults());
        assertTrue(!allowed.partial());
        ExploredStates explored = new LitmusRunner(p, flags).explore(ExplorationOptions.defaults());
        assertTrue(explored.exploration().complete(), explored.exploration().summary());
        Set<FinalState> extra = new HashSet<>(explored.states());
        extra.removeAll(allowed.fullStates());
        Set<FinalState> missing = new HashSet<>(allowed.fullStates());
        missing.removeAll(explored.states());
        System.out.printf(Locale.ROOT, "%s (%s): %d explored = %d allowed; %s%n", file, model, explored.states().size(),
                allowed.fullStates().size(), explored.exploration().summary());
        assertEquals(Set.of(), extra, "states the NIC reaches and " + model + " forbids");
        assertEquals(Set.of(), missing, "states " + model + " allows and no schedule reaches");
    }

    static LongStream seeds() {
        return LongStream.range(0, NicTestFiles.full() ? 3000 : 100);
    }

    /**
     * The same on the random programs of the operational.md §8.3 generator that the conformance tests
     * use (WAIT-mode and POLL-mode programs alternate), each under one of the 256 flag combinations.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void onRandomProgramsTheExploredStatesAreTheAllowedStates(long seed) throws Exception {
        GeneratorConfig c = seed % 2 == 0 ? GeneratorConfig.forModel("rdma-wait-rmw")
                : GeneratorConfig.forModel("rdma-tso-rmw").without(Set.of(InstructionKind.WAIT, InstructionKind.GF))
                        .withMatchedPollsOnly(true);
        Program p = new RandomProgramGenerator(c, 4321).program(seed);
        FlagValues flags = FlagValues.defaults();
        Flag[] all = Flag.values();
        for (int i = 0; i < all.length; i++) {
            if (((seed / 2) >> i & 1) == 1) {
                flags = flags.with(all[i], all[i].allowedValues().get(1));
            }
        }
        String model = LitmusRunner.conformanceModel(p);
        CheckResult allowed = AxiomaticChecker.check(p, NicTestFiles.model(model), flags,
                CheckOptions.defaults().withMaxExecutions(20_000));
        if (allowed.partial()) {
            return; // too many candidates to know the allowed set: nothing to compare
        }
        ExploredStates explored = new LitmusRunner(p, flags).explore(ExplorationOptions.defaults().withMaxExecutions(200_000));
        if (!explored.exploration().complete()) {
            return;
        }
        Set<FinalState> extra = new HashSet<>(explored.states());
        extra.removeAll(allowed.fullStates());
        Set<FinalState> missing = new HashSet<>(allowed.fullStates());
        missing.removeAll(explored.states());
        String where = "seed " + seed + ", flags " + flags + ", " + model + ":\n" + ProgramPrinter.print(p);
        assertEquals(Set.of(), extra, "states the NIC reaches and the model forbids; " + where);
        assertEquals(Set.of(), missing, "states the model allows and no schedule reaches; " + where);
    }
}
