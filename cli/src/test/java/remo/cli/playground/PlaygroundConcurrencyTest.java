package remo.cli.playground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import remo.cli.TestData;

/**
 * Fifty requests at once on loopback, mixed: valid tests (each answered with exactly the document
 * of {@code remo check --json --json-executions}), invalid tests (each answered with its located
 * error, as the command line gives it), requests over the input limit (413, E-LIMIT), and slow tests
 * (stopped at their time limit with a partial result). None is lost, no answer is another's, and
 * the server answers afterwards.
 */
class PlaygroundConcurrencyTest {

    /** What one request must get back. */
    private record Expected(String kind, ObjectNode request, JsonNode cliDocument) {
    }

    @Test
    void fiftyMixedRequestsAtOnceAreEachAnsweredAsTheCommandLineAnswersThem() throws Exception {
        List<Expected> cases = new ArrayList<>();
        String[] valid = {"L01", "L03", "L07", "L09", "L11", "W1", "C01", "C02", "B1", "B2"};
        for (int i = 0; i < 20; i++) {
            Path file = i < 10 ? PlaygroundClient.suite(valid[i]) : TestData.corpusTest(
                    List.of("SB", "MP", "LB", "R", "S", "2+2W", "WRC", "RWC", "SB+mfences", "WWC").get(i - 10));
            cases.add(new Expected("valid", PlaygroundClient.checkOf(file),
                    PlaygroundClient.cliJson(file, "--show", "allowed", "--max-graphs", "5")));
        }
        for (int i = 1; i <= 10; i++) {
            Path file = TestData.errors().resolve(String.format("X%02d.litmus", i));
            cases.add(new Expected("invalid", PlaygroundClient.checkOf(file),
                    PlaygroundClient.cliJson(file, "--show", "allowed", "--max-graphs", "5")));
        }
        for (int i = 0; i < 10; i++) {
            ObjectNode r = PlaygroundClient.JSON.createObjectNode();
            r.put("test", "RDMA BIG" + i + "\n(* " + "x".repeat(70_000 + i) + " *)\n");
            cases.add(new Expected("over-limit", r, null));
        }
        for (int i = 0; i < 10; i++) {
            ObjectNode r = PlaygroundClient.checkOf(PlaygroundLimitsTest.heavy());
            r.put("timeout", 1);
            cases.add(new Expected("slow", r, null));
        }
        java.util.Collections.shuffle(cases, new java.util.Random(42));
        for (Expected c : cases) {
            c.request().put("maxGraphs", 5);
        }

        // the slow requests must meet their 1 s time limit, not the memory budget: the heavy test
        // allocates over 1.2 GB in its first second on a warm JIT, which the default budget of this
        // JVM's heap (1205 MiB on a 24 GiB machine) reached 7 ms before the time limit in one CI run
        try (PlaygroundClient client = new PlaygroundClient(PlaygroundLimits.defaults().withMemoryBudget(16_384))) {
            ExecutorService pool = Executors.newFixedThreadPool(cases.size());
            List<Future<PlaygroundClient.Answer>> answers = new ArrayList<>();
            for (Expected c : cases) {
                String body = PlaygroundClient.JSON.writeValueAsString(c.request());
                answers.add(pool.submit(() -> client.post("api/check", body, Map.of())));
            }
            int[] counts = new int[4];
            for (int i = 0; i < cases.size(); i++) {
                Expected c = cases.get(i);
                PlaygroundClient.Answer a = answers.get(i).get(120, TimeUnit.SECONDS);
                switch (c.kind()) {
                    case "valid", "invalid" -> {
                        assertEquals(200, a.status(), a.text());
                        assertEquals(PlaygroundClient.comparable(c.cliDocument()),
                                PlaygroundClient.comparable(a.body().get("result")), c.request().get("name").asText());
                        assertEquals(c.kind().equals("valid") ? "ok" : "error", a.body().at("/result/tests/0/status").asText());
                        counts[c.kind().equals("valid") ? 0 : 1]++;
                    }
                    case "over-limit" -> {
                        assertEquals(413, a.status(), a.text());
                        assertEquals("E-LIMIT", a.body().at("/error/code").asText());
                        counts[2]++;
                    }
                    default -> {
                        assertEquals(200, a.status(), a.text());
                        JsonNode t = a.body().at("/result/tests/0");
                        assertTrue(t.get("partial").asBoolean(), t.toString());
                        assertTrue(t.get("partialReason").asText().startsWith("time limit of 1 s reached"), t.toString());
                        counts[3]++;
                    }
                }
            }
            pool.shutdown();
            assertEquals(List.of(20, 10, 10, 10), List.of(counts[0], counts[1], counts[2], counts[3]), "every request answered");
            assertEquals(200, client.get("api/limits").status(), "the server is alive");
            JsonNode after = client.post("api/check", PlaygroundClient.checkOf(PlaygroundClient.suite("L07"))).body();
            assertEquals("Allowed", after.at("/result/tests/0/verdict").asText());
        }
    }
}
