package remo.checker.operational;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;
import remo.litmus.gen.Shrinker;

/**
 * Comparisons 1 and 3 of operational.md §8.2 on seeded random programs of the operational.md §8.3 generator
 * ({@link GeneratorConfig#defaults()}): under the default flags and each single
 * flag change, the RDMA machine's final states equal {@code FS_rdma-tso-rmw} and the atomic
 * machine's equal {@code FS_rdma-sc-rmw}. Programs with more than {@value #CANDIDATE_BOUND}
 * axiomatic candidates under a setting are skipped there; the skip rate is printed and bounded. A
 * failure prints the seed, the index, the setting and the program shrunk by {@link Shrinker}.
 *
 * <p>This is a smoke-sized share of operational.md §8.2's "500 random programs per setting"; the full count is a
 * longer run of the same code ({@code -Dremo.operational.programs=500}).
 */
class RandomDifferentialTest {
    private static final long SEED = 20260407L;
    private static final long CANDIDATE_BOUND = 20_000;
    private static final int PROGRAMS = Integer.getInteger("remo.operational.programs", 100);
    private static final RandomProgramGenerator GENERATOR =
            new RandomProgramGenerator(GeneratorConfig.defaults(), SEED);
    private static final AtomicInteger COMPARED = new AtomicInteger();
    private static final AtomicInteger SKIPPED = new AtomicInteger();

    static LongStream indices() {
        return LongStream.range(0, PROGRAMS);
    }

    /** Whether the engines disagree on {@code p} under {@code model} and {@code flags}; null if skipped. */
    private static Boolean disagree(Program p, String model, FlagValues flags) throws Exception {
        CheckResult a = Engines.axiomatic(p, model, flags, CheckOptions.defaults().withMaxExecutions(CANDIDATE_BOUND));
        if (a.partial()) {
            return null;
        }
        Set<FinalState> o = Engines.operational(p, model, flags, CheckOptions.defaults()).fullStates();
        return !a.fullStates().equals(o);
    }

    @ParameterizedTest(name = "program {0}")
    @MethodSource("indices")
    void machinesReachTheModelsOutcomeSets(long index) throws Exception {
        Program p = GENERATOR.program(index);
        for (FlagValues flags : Engines.singleFlagSettings(p)) {
            for (String model : List.of("rdma-tso-rmw", "rdma-sc-rmw")) {
                Boolean differs = disagree(p, model, flags);
                if (differs == null) {
                    SKIPPED.incrementAndGet();
                    continue;
                }
                COMPARED.incrementAndGet();
                if (differs) {
                    Program small = Shrinker.shrink(p, q -> {
                        try {
                            return Boolean.TRUE.equals(disagree(q, model, flags));
                        } catch (Exception e) {
                            return false;
                        }
                    });
                    CheckResult a = Engines.axiomatic(small, model, flags, CheckOptions.defaults());
                    CheckResult o = Engines.operational(small, model, flags, CheckOptions.defaults());
                    fail("seed " + SEED + ", program " + index + ", " + model + " with " + flags + ": "
                            + Engines.difference(small, a.fullStates(), o.fullStates()) + "\nshrunk program:\n"
                            + ProgramPrinter.print(small) + "\noriginal:\n" + ProgramPrinter.print(p));
                }
            }
        }
    }

    @AfterAll
    static void report() {
        int compared = COMPARED.get();
        int skipped = SKIPPED.get();
        System.out.println("RandomDifferentialTest: " + PROGRAMS + " programs, " + compared + " comparisons, " + skipped
                + " skipped (over " + CANDIDATE_BOUND + " candidates)");
        assertTrue(skipped * 10 <= compared + skipped, "skip rate above 10%: " + skipped + " of " + (compared + skipped));
    }
}
