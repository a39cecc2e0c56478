package remo.cli.playground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import remo.cli.TestData;

/**
 * Every playground request is stopped by its time limit, its memory budget or a cancel, keeps what
 * it found, marked partial with the reason, and the server goes on answering.
 */
class PlaygroundLimitsTest {
    /** A lock harness whose check takes far longer than the limits below (minutes). */
    static Path heavy() {
        return TestData.root().resolve("examples/locks-bench/S-ME-3T2A.litmus");
    }

    @Test
    void aRequestStopsAtItsTimeLimitWithAPartialResult() throws Exception {
        try (PlaygroundClient client = new PlaygroundClient(PlaygroundLimits.defaults().withTimeLimit(5))) {
            ObjectNode r = PlaygroundClient.checkOf(heavy());
            r.put("timeout", 0.5);
            r.put("maxGraphs", 2);
            long t0 = System.nanoTime();
            JsonNode t = client.post("api/check", r).body().at("/result/tests/0");
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(t.get("partial").asBoolean(), t.toString());
            assertTrue(t.get("partialReason").asText().startsWith("time limit of 0.5 s reached"), t.toString());
            assertEquals("Undecided", t.get("verdict").asText());
            assertTrue(seconds < 5, "stopped near its limit, not the server's: " + seconds + " s");
        }
    }

    @Test
    void aRequestStopsAtItsMemoryBudget() throws Exception {
        try (PlaygroundClient client = new PlaygroundClient(PlaygroundLimits.defaults().withMemoryBudget(16))) {
            ObjectNode r = PlaygroundClient.checkOf(heavy());
            r.put("maxGraphs", 1);
            JsonNode t = client.post("api/check", r).body().at("/result/tests/0");
            assertTrue(t.get("partial").asBoolean(), t.toString());
            assertTrue(t.get("partialReason").asText().contains("the memory budget of 16 MiB allocated per request"), t.toString());
            // a small test still fits the budget: the next request is not disturbed
            JsonNode small = client.post("api/check", PlaygroundClient.checkOf(PlaygroundClient.suite("L07"))).body();
            assertEquals("Allowed", small.at("/result/tests/0/verdict").asText(), small.toString());
        }
    }

    @Test
    void aCancelStopsThatRequestOnly() throws Exception {
        try (PlaygroundClient client = new PlaygroundClient(PlaygroundLimits.defaults().withTimeLimit(60))) {
            ObjectNode r = PlaygroundClient.checkOf(heavy());
            r.put("maxGraphs", 1);
            String body = PlaygroundClient.JSON.writeValueAsString(r);
            CompletableFuture<PlaygroundClient.Answer> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.post("api/check", body, Map.of("X-Remo-Run", "slow-1"));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            JsonNode cancelled = null;
            for (int i = 0; i < 100 && (cancelled == null || !cancelled.get("cancelled").asBoolean()); i++) {
                Thread.sleep(50);
                cancelled = client.post("api/cancel", Map.of("run", "slow-1")).body();
            }
            assertTrue(cancelled.get("cancelled").asBoolean(), "the request was at work and was cancelled");
            // another request at the same time is not cancelled
            JsonNode other = client.post("api/check", PlaygroundClient.checkOf(PlaygroundClient.suite("W1"))).body();
            assertEquals(false, other.at("/result/tests/0/partial").asBoolean(), other.toString());
            JsonNode t = running.get().body().at("/result/tests/0");
            assertTrue(t.get("partialReason").asText().contains("cancelled by the user"), t.toString());
            assertEquals(false, client.post("api/cancel", Map.of("run", "slow-1")).body().get("cancelled").asBoolean(),
                    "over: nothing to cancel");
        }
    }
}
