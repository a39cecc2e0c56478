package remo.verify.objects;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.TestFiles;
import remo.nic.explore.ExplorationOptions;
import remo.verify.Bounds;
import remo.verify.VerifiableObject;
import remo.verify.Verifier;

/**
 * loco.md §6 item 6: the LOCO objects verified by the model checker at their default bounds
 * ({@link ObjectVerifiables}) under both models: no violation within the bounds, every schedule run
 * within 60 s. The default build runs the verifications that take a few seconds; the tag
 * {@code slow} runs the others (docs/testing.md). Every object is here: {@code KvStore}, once
 * undecided within 60 s, is decided in seconds since its retry loops declare their failed attempts.
 */
class ObjectVerifierTest {

    /** Decided, but taking more than a few seconds: left to the slow build. */
    private static final Set<String> SLOW = Set.of("Sst", "Barrier", "RingBuffer");

    static Stream<Arguments> cases(boolean slow) {
        List<Arguments> out = new ArrayList<>();
        for (String model : List.of("rdma-wait-rmw", "rdma-sc-rmw")) {
            for (VerifiableObject o : ObjectVerifiables.all()) {
                for (Bounds b : o.defaultBounds()) {
                    if (SLOW.contains(o.name()) == slow) {
                        out.add(Arguments.of(o.name(), b, model));
                    }
                }
            }
        }
        return out.stream();
    }

    static Stream<Arguments> fast() {
        return cases(false);
    }

    static Stream<Arguments> slow() {
        return cases(true);
    }

    @ParameterizedTest(name = "{0} {1} under {2}")
    @MethodSource("fast")
    void noViolationWithinTheBounds(String object, Bounds bounds, String model) {
        verify(object, bounds, model);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0} {1} under {2}")
    @MethodSource("slow")
    void noViolationWithinTheBoundsSlow(String object, Bounds bounds, String model) {
        verify(object, bounds, model);
    }

    private static void verify(String object, Bounds bounds, String model) {
        VerifiableObject o = ObjectVerifiables.all().stream().filter(x -> x.name().equals(object)).findFirst()
                .orElseThrow();
        Verifier.Result r = Verifier.run(o.at(bounds, TestFiles.model(model), model.equals("rdma-wait-rmw")), model,
                ExplorationOptions.defaults().withTimeLimit(Duration.ofSeconds(60)));
        System.out.println(r.summary());
        assertTrue(r.exploration().passed(), r.summary() + "\n" + r.exploration().counterexamples());
        assertTrue(r.exploration().complete(), r.summary());
    }
}
