package remo.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.conformance.TraceLitmus;
import remo.nic.RunResult;
import remo.nic.SimCluster;
import remo.testing.fixtures.ForgottenWait;
import remo.testing.fixtures.TokenRing;
import remo.testing.fixtures.TokenRingCounter;

/** Issue 18, done-when 3: a failing simulation property replays byte for byte from its printed seed. */
class SimulationReplayTest {

    @Test
    void aCorrectRingPasses() {
        var results = WrongPropertyTest.run(TokenRingCounter.class, Map.of());
        assertEquals(100, results.testEvents().succeeded().count());
    }

    @Test
    void theForgottenWaitFailsAndReplaysFromItsSeed() throws Exception {
        SimulationFailedError e = assertInstanceOf(SimulationFailedError.class,
                WrongPropertyTest.onlyFailure(WrongPropertyTest.run(ForgottenWait.class, Map.of())));
        String text = e.getMessage();
        System.out.println(text);
        assertTrue(text.contains("falsified at seed " + e.seed()), text);
        assertTrue(text.contains("Schedule (" + e.schedule().size() + " actions"), text);
        assertTrue(text.contains(e.rerunCommand()), text);
        assertEquals("mvn test -Dtest='ForgottenWait#noUpdateIsLost' -Dremo.seed=" + e.seed() + " -Dremo.tries=1",
                e.rerunCommand());
        String schedule = Files.readString(e.scheduleFile(), StandardCharsets.UTF_8);
        assertEquals(e.schedule().size(), schedule.lines().count(), "one action per line");
        assertEquals(e.schedule().describe(0), schedule.lines().findFirst().orElseThrow());
        String litmus = Files.readString(e.runLitmusFile(), StandardCharsets.UTF_8);
        assertEquals(e.runLitmus(), litmus);

        // the printed command: only that seed, and the same run byte for byte
        Files.delete(e.scheduleFile());
        Files.delete(e.runLitmusFile());
        var rerun = WrongPropertyTest.run(ForgottenWait.class,
                Map.of("remo.seed", Long.toString(e.seed()), "remo.tries", "1"));
        assertEquals(1, rerun.testEvents().started().count());
        SimulationFailedError again = assertInstanceOf(SimulationFailedError.class, WrongPropertyTest.onlyFailure(rerun));
        assertEquals(text, again.getMessage());
        assertEquals(e.schedule(), again.schedule());
        assertEquals(schedule, Files.readString(again.scheduleFile(), StandardCharsets.UTF_8));
        assertEquals(litmus, Files.readString(again.runLitmusFile(), StandardCharsets.UTF_8));

        // and SimCluster.replay of the printed schedule re-executes the same run
        RunResult replayed = SimCluster.replay(e.builder(), e.schedule(),
                c -> TokenRing.setUp(c, ForgottenWait.ROUNDS, false));
        assertEquals(e.schedule(), replayed.schedule());
        assertEquals(litmus, TraceLitmus.translate(replayed.trace().orElseThrow()).text());
    }
}
