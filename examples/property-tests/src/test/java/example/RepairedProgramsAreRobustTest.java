package example;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import remo.checker.robust.Notion;
import remo.checker.robust.RepairResult;
import remo.litmus.Program;
import remo.litmus.gen.GeneratorConfig;
import remo.testing.Checker;
import remo.testing.LitmusProperty;
import remo.testing.ProgramGenerator;
import remo.testing.Programs;

/** Example 1: every program that {@code remo robust --repair} outputs is robust under its weak model. */
class RepairedProgramsAreRobustTest {

    /** Small random programs with every instruction class of rdma-tso-rmw. */
    static final ProgramGenerator SMALL = Programs.random(GeneratorConfig.forModel("rdma-tso-rmw").withInstructions(1, 3));

    @LitmusProperty(tries = 100, seed = 1, model = "rdma-tso-rmw", generator = "SMALL")
    void theRepairedProgramIsStateRobust(Program p, Checker checker) throws Exception {
        RepairResult repair = checker.repair(p, Notion.STATE, 3);
        assumeTrue(repair.found(), "no repair with at most 3 insertions");
        assertTrue(checker.isRobust(repair.repaired(), Notion.STATE),
                "the repair " + repair.describe() + " leaves a non-robust program");
    }
}
