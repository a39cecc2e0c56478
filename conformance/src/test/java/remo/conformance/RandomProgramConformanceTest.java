package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckOptions;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.InstructionKind;
import remo.litmus.gen.RandomProgramGenerator;
import remo.litmus.gen.Shrinker;

/**
 * Conformance on random programs of the operational.md §8.3 generator, each under a flag setting
 * derived from its seed (all 256 combinations of the eight flags of models.md §8 over the seeds):
 * observed final states are allowed and every recorded graph is consistent. WAIT-mode programs
 * (no poll) and POLL-mode programs (no wait/gf, matched polls) alternate. A failure prints the seed
 * and the shrunk program.
 */
class RandomProgramConformanceTest {
    private static final int RUNS = 150;
    private static final CheckOptions LIMITS = CheckOptions.defaults().withMaxExecutions(20_000);

    static LongStream seeds() {
        return LongStream.range(0, NicTestFiles.full() ? 2000 : 200);
    }

    private static Program program(long seed) {
        GeneratorConfig c = seed % 2 == 0 ? GeneratorConfig.forModel("rdma-wait-rmw")
                : GeneratorConfig.forModel("rdma-tso-rmw").without(Set.of(InstructionKind.WAIT, InstructionKind.GF))
                        .withMatchedPollsOnly(true);
        return new RandomProgramGenerator(c, 1234).program(seed);
    }

    private static FlagValues flags(long seed) {
        FlagValues f = FlagValues.defaults();
        Flag[] all = Flag.values();
        for (int i = 0; i < all.length; i++) {
            if (((seed / 2) >> i & 1) == 1) {
                f = f.with(all[i], all[i].allowedValues().get(1));
            }
        }
        return f;
    }

    /** Null if the program conforms (or its allowed set is too big to compute), else the report. */
    private static SimulationReport violation(Program p, FlagValues flags) {
        try {
            String model = LitmusRunner.conformanceModel(p);
            SimulationReport r = LitmusSimulator.simulate(p, flags, NicTestFiles.model(model), NicTestFiles.model(model),
                    LitmusSimulator.Options.deterministic(RUNS, 0), LIMITS);
            return r.allowed().partial() || r.ok() ? null : r;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomProgramsConform(long seed) {
        Program p = program(seed);
        FlagValues flags = flags(seed);
        SimulationReport r = violation(p, flags);
        if (r != null) {
            Program small = Shrinker.shrink(p, q -> {
                try {
                    return violation(q, flags) != null;
                } catch (RuntimeException e) {
                    return false;
                }
            });
            fail("seed " + seed + ", flags " + flags + ":\n" + r.format() + "\nshrunk program:\n" + ProgramPrinter.print(small));
        }
        assertTrue(true);
    }
}
