package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import remo.checker.CheckOptions;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.models.ModelLibrary;

/**
 * {@link ParallelRuns}: no more threads than tests. A served {@code check --jobs 100000} of a few
 * tests started a worker per job, until the machine had no process IDs left.
 */
class ParallelRunsTest {

    @Test
    void aBatchStartsNoMoreWorkersThanItHasTestsBeyondTheFirst() {
        Path dir = TestData.root().resolve("examples/suite");
        List<Inputs.Input> three = new ArrayList<>();
        for (String name : List.of("L07.litmus", "B1.litmus", "B2.litmus")) {
            three.add(new Inputs.Input(dir.resolve(name), name, false));
        }
        TestRunner runner = new TestRunner(new ModelLibrary(), null, Map.of(), CheckOptions.defaults(),
                EngineName.AXIOMATIC.engine());
        Set<Thread> before = workers();
        List<String> names = new ArrayList<>();
        try (ParallelRuns parallel = new ParallelRuns(200)) {
            for (var it = parallel.outcomes(three, runner); it.hasNext(); ) {
                TestOutcome o = it.next();
                names.add(o.file());
            }
            Set<Thread> started = workers();
            started.removeAll(before);
            // the calling thread checks too: three tests, two workers
            assertEquals(2, started.size(), "workers started");
        }
        assertEquals(List.of("L07.litmus", "B1.litmus", "B2.litmus"), names, "input order");
    }

    /** The live threads of ParallelRuns' pools. */
    private static Set<Thread> workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("remo-check-") && t.isAlive())
                .collect(Collectors.toSet());
    }
}
