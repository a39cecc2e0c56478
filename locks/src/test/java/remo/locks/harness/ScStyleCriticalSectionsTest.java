package remo.locks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.locks.harness.Harness.PSc;

/**
 * Property P-SC (locks.md §4.6, §7.4): for the listed harnesses the outcome sets under
 * rdma-wait-rmw and rdma-sc-rmw coincide (or, for W-SB-NIC, W-MP-NIC and W-ME-NW, differ).
 * Outcomes are the full final states projected onto client registers ({@code v} = r5,
 * {@code r} = r6) and client locations; lock-internal registers and locations are dropped, except
 * the ticket registers the condition names.
 */
class ScStyleCriticalSectionsTest {

    static Stream<String> listed() {
        return HarnessResults.harnesses("rdma-wait-rmw").filter(h -> h.expected().psc() != PSc.NONE && !h.expected().slow("rdma-sc-rmw")).map(Harness::id);
    }

    @ParameterizedTest
    @MethodSource("listed")
    void outcomeSetsCoincideOrDifferAsListed(String id) {
        Harness h = HarnessResults.harness(id);
        Set<FinalState> weak = outcomes(h, HarnessResults.result(h, "rdma-wait-rmw"));
        Set<FinalState> sc = outcomes(h, HarnessResults.result(h, "rdma-sc-rmw"));
        if (h.expected().psc() == PSc.SAME) {
            assertEquals(sc, weak, id + ": the outcome sets must coincide");
        } else {
            assertNotEquals(sc, weak, id + ": the outcome sets must differ");
        }
    }

    /** The projected outcome set of a result. */
    static Set<FinalState> outcomes(Harness h, CheckResult r) {
        List<StateItem> items = projection(h, r.program());
        Set<FinalState> out = new TreeSet<>();
        for (FinalState s : r.fullStates()) {
            out.add(s.project(items));
        }
        return out;
    }

    private static List<StateItem> projection(Harness h, Program p) {
        Set<StateItem> items = new TreeSet<>();
        for (String loc : h.clientLocations()) {
            items.add(new StateItem.LocationItem(loc));
        }
        for (int t = 0; t < p.threads().size(); t++) {
            for (String reg : p.finalRegisters(t)) {
                if (reg.equals("r5") || reg.equals("r6")) {
                    items.add(new StateItem.RegisterItem(t, reg));
                }
            }
        }
        p.condition().forEachAtom(a -> items.add(a.ref().item()));
        return new ArrayList<>(items);
    }
}
