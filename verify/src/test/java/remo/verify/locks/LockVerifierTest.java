package remo.verify.locks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.TestFiles;
import remo.locks.LockVariant;
import remo.nic.explore.ExplorationOptions;

/**
 * locks.md §10.7: every lock class verified by the model checker at the default bounds under both
 * models — two threads on two client nodes acquiring twice each, three threads on three nodes once
 * each, and (ticket locks) two slots per node: no violation within the bounds, every schedule run.
 */
class LockVerifierTest {

    static Stream<Arguments> bounds() {
        List<Arguments> out = new ArrayList<>();
        for (String model : List.of("rdma-wait-rmw", "rdma-sc-rmw")) {
            for (LockVariant v : LockVariant.values()) {
                out.add(Arguments.of(new LockWorkload(v, 2, 2, 2), model));
                out.add(Arguments.of(new LockWorkload(v, 3, 3, 1), model));
                if (v.ticket()) {
                    out.add(Arguments.of(new LockWorkload(v, 3, 2, 1), model));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("bounds")
    void noViolationWithinTheBounds(LockWorkload w, String model) {
        LockVerifier.Result r = LockVerifier.verify(w, TestFiles.model(model), model.equals("rdma-wait-rmw"),
                ExplorationOptions.defaults().withTimeLimit(java.time.Duration.ofSeconds(60)));
        System.out.println(r.summary());
        assertTrue(r.exploration().passed(), r.summary() + "\n" + r.exploration().counterexamples());
        assertTrue(r.exploration().complete(), r.summary());
    }
}
