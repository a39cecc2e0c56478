package remo.checker.robust;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.FinalState;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Property (issue 6, done-when 4): on 500 seeded random programs (operational.md §8.3 generator),
 * {@code FS_rdma-sc-rmw ⊆ FS_rdma-tso-rmw} (models.md §6.3 fact 2), and the repair of every
 * state-non-robust program within the default bound is robust with an unchanged strong outcome
 * set. A failure prints the seed and the program.
 */
class RobustnessPropertyTest {
    private static final long SEED = 20261130L;
    private static CatModel weak;
    private static CatModel strong;
    private static RandomProgramGenerator generator;
    private static int nonRobust;
    private static int repaired;

    @BeforeAll
    static void setUp() throws Exception {
        weak = new ModelLibrary().load("rdma-tso-rmw");
        strong = new ModelLibrary().load("rdma-sc-rmw");
        generator = new RandomProgramGenerator(GeneratorConfig.forModel("rdma-tso-rmw").withInstructions(1, 3), SEED);
    }

    static LongStream indices() {
        return LongStream.range(0, 500);
    }

    @ParameterizedTest(name = "program {0}")
    @MethodSource("indices")
    void strongOutcomesAreWeakOutcomesAndRepairsWork(long index) throws Exception {
        Program p = generator.program(index);
        String where = "seed " + SEED + ", program " + index + ":\n" + ProgramPrinter.print(p);
        FlagValues flags = FlagValues.defaults();
        Set<FinalState> weakStates = AxiomaticChecker.check(p, weak, flags, CheckOptions.defaults()).fullStates();
        Robustness robustness = new Robustness(weak, strong, flags, CheckOptions.defaults());
        Set<FinalState> strongStates = robustness.strongStates(p);
        assertTrue(weakStates.containsAll(strongStates), "FS_rdma-sc-rmw must be a subset of FS_rdma-tso-rmw; " + where);
        if (weakStates.equals(strongStates)) {
            return;
        }
        synchronized (RobustnessPropertyTest.class) {
            nonRobust++;
        }
        RepairResult r = new Repair(robustness).find(p, Notion.STATE, 2, false);
        if (!r.found()) {
            return; // e.g. weak atomicity: no fence repairs it (models.md §10.3)
        }
        synchronized (RobustnessPropertyTest.class) {
            repaired++;
        }
        Program fixed = r.repaired();
        if (!robustness.isRobust(fixed, Notion.STATE, strongStates)) {
            fail("the repair " + r.describe() + " does not make the program robust; " + where);
        }
        assertTrue(robustness.strongStates(fixed).equals(strongStates), "a repair changed FS_S; " + where);
    }

    @AfterAll
    static void report() {
        System.out.println("RobustnessPropertyTest: 500 programs, " + nonRobust + " not state-robust, " + repaired
                + " repaired within 2 insertions");
        assertTrue(nonRobust > 25, "the generator produces non-robust programs (" + nonRobust + ")");
        assertTrue(repaired > 10, "and repairs are found for some (" + repaired + ")");
    }
}
