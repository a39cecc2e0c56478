package example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import remo.checker.FinalState;
import remo.litmus.Program;
import remo.testing.Checker;
import remo.testing.LitmusProperty;

/**
 * Example 2: outcomes under rdma-sc-rmw are outcomes under rdma-wait-rmw (the strong model only
 * forbids). The default generator is {@code Programs.random("rdma-wait-rmw")}: every instruction
 * class that model accepts (no poll).
 */
class StrongOutcomesAreWeakOutcomesTest {

    @LitmusProperty(tries = 200, seed = 42, model = "rdma-wait-rmw")
    void scOutcomesAreWaitRmwOutcomes(Program p, Checker checker) throws Exception {
        Set<FinalState> strong = checker.states(p, "rdma-sc-rmw");
        Set<FinalState> weak = checker.states(p);
        Set<FinalState> extra = new HashSet<>(strong);
        extra.removeAll(weak);
        assertTrue(extra.isEmpty(), "rdma-sc-rmw allows final states rdma-wait-rmw forbids: " + extra);
    }
}
