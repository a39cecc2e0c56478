package remo.cli.playground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import remo.cli.TestData;
import remo.models.ModelLibrary;

/**
 * The playground's JSON API (docs/playground.md) answers as the command line does: a check is the
 * document of {@code remo check --json --json-executions}, bad input is located, robustness and
 * simulation give the library's results, and a request over a limit or malformed gets its error.
 */
class PlaygroundApiTest {
    private static PlaygroundClient client;

    @BeforeAll
    static void start() throws Exception {
        client = new PlaygroundClient(PlaygroundLimits.defaults().withTimeLimit(20));
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @Test
    void checkAnswersTheDocumentOfCheckJsonWithADrawingPerExecution() throws Exception {
        for (String id : List.of("L07", "W1", "C01", "L03")) {
            Path file = PlaygroundClient.suite(id);
            PlaygroundClient.Answer a = client.post("api/check", PlaygroundClient.checkOf(file));
            assertEquals(200, a.status(), a.text());
            JsonNode cli = PlaygroundClient.cliJson(file, "--show", "allowed", "--max-graphs", "50");
            assertEquals(PlaygroundClient.comparable(cli), PlaygroundClient.comparable(a.body().get("result")), id);
            JsonNode executions = a.body().at("/result/tests/0/executions");
            assertTrue(executions.size() >= 1, id);
            assertEquals(executions.size(), a.body().get("graphs").size(), "one drawing per listed execution of " + id);
            for (JsonNode g : a.body().get("graphs")) {
                assertTrue(g.get("svg").asText().startsWith("<svg"), id);
                assertTrue(g.get("svg").asText().contains("class=\"event\""), id);
            }
        }
        // L07's witness drawn with its NIC events and reads-from
        PlaygroundClient.Answer l07 = client.post("api/check", PlaygroundClient.checkOf(PlaygroundClient.suite("L07")));
        String svg = l07.body().at("/graphs/0/svg").asText();
        assertTrue(svg.contains("NLR x=0") || svg.contains("NLR x=1"), svg);
        assertTrue(svg.contains("edge-rf"), svg);
    }

    @Test
    void forbiddenExecutionsAreDrawnWithTheViolatedChecksCycle() throws Exception {
        Path mp = TestData.corpusTest("MP");
        ObjectNode r = PlaygroundClient.checkOf(mp);
        r.put("show", "forbidden");
        r.put("maxGraphs", 5);
        PlaygroundClient.Answer a = client.post("api/check", r);
        assertEquals(200, a.status(), a.text());
        assertEquals(PlaygroundClient.comparable(PlaygroundClient.cliJson(mp, "--show", "forbidden", "--max-graphs", "5")),
                PlaygroundClient.comparable(a.body().get("result")));
        JsonNode first = a.body().at("/result/tests/0/executions/0");
        assertEquals("forbidden", first.get("status").asText());
        assertFalse(first.at("/failedCheck/cycle").isEmpty(), first.toString());
        assertTrue(a.body().at("/graphs/0/svg").asText().contains("edge-violation"), "the cycle is drawn");
    }

    @Test
    void errorsInTheTestAndTheModelAreLocatedAsTheCommandLineLocatesThem() throws Exception {
        Path dir = Files.createTempDirectory("playground");
        String broken = Files.readString(PlaygroundClient.suite("L07")).replace("put z@2, x ;", "put z@2 x ;");
        Path file = dir.resolve("broken.litmus");
        Files.writeString(file, broken);
        PlaygroundClient.Answer a = client.post("api/check", PlaygroundClient.checkOf(file));
        assertEquals(200, a.status(), "bad input is a result, not a bad request");
        JsonNode cli = PlaygroundClient.cliJson(file);
        assertEquals(PlaygroundClient.comparable(cli), PlaygroundClient.comparable(a.body().get("result")));
        JsonNode error = a.body().at("/result/tests/0/errors/0");
        assertEquals("broken.litmus", error.get("file").asText());
        assertEquals(6, error.get("line").asInt(), error.toString());
        assertTrue(error.get("column").asInt() > 1, error.toString());

        ObjectNode r = PlaygroundClient.checkOf(PlaygroundClient.suite("L07"));
        r.put("cat", "\"broken\"\nlet x = po |\nacyclic x as bad\n");
        r.put("catName", "mine.cat");
        JsonNode bad = client.post("api/check", r).body();
        JsonNode catError = bad.at("/result/errors/0");
        assertEquals("mine.cat", catError.get("file").asText(), bad.toString());
        assertTrue(catError.get("line").asInt() >= 2, catError.toString());
        assertEquals(0, bad.at("/result/tests").size());
    }

    @Test
    void aPastedModelChecksAsTheBundledModelOfTheSameText() throws Exception {
        ObjectNode pasted = PlaygroundClient.checkOf(TestData.corpusTest("SB"));
        pasted.put("cat", ModelLibrary.bundledText("tso.cat"));
        pasted.put("catName", "my-tso.cat");
        ObjectNode bundled = PlaygroundClient.checkOf(TestData.corpusTest("SB"));
        bundled.put("model", "tso");
        JsonNode a = client.post("api/check", pasted).body().at("/result/tests/0/states");
        JsonNode b = client.post("api/check", bundled).body().at("/result/tests/0/states");
        assertEquals(4, b.size());
        assertEquals(b, a);
    }

    @Test
    void compareListsTheStatesOnlyOneModelAllows() throws Exception {
        ObjectNode r = PlaygroundClient.checkOf(TestData.corpusTest("SB"));
        r.put("model", "tso");
        r.put("model2", "sc");
        PlaygroundClient.Answer a = client.post("api/compare", r);
        assertEquals(200, a.status(), a.text());
        assertEquals("Allowed", a.body().at("/first/result/tests/0/verdict").asText());
        assertEquals("Forbidden", a.body().at("/second/result/tests/0/verdict").asText());
        assertEquals(List.of("0:rax=0; 1:rax=0;"), texts(a.body().get("onlyFirst")));
        assertEquals(List.of(), texts(a.body().get("onlySecond")));
    }

    @Test
    void robustnessProposesTheRepairOfRobustRepairAndMarksItInTheProgram() throws Exception {
        ObjectNode r = PlaygroundClient.checkOf(PlaygroundClient.suite("L07"));
        PlaygroundClient.Answer a = client.post("api/robust", r);
        assertEquals(200, a.status(), a.text());
        assertFalse(a.body().get("stateRobust").asBoolean());
        JsonNode repair = a.body().at("/repairs/0");
        assertEquals("P0: rfence 2 before instruction 2", repair.get("description").asText());
        String[] lines = repair.get("repaired").asText().split("\n");
        JsonNode mark = repair.at("/marks/0");
        String marked = lines[mark.get("line").asInt() - 1].substring(mark.get("from").asInt() - 1, mark.get("to").asInt() - 1);
        assertEquals("rfence 2", marked);
        assertTrue(a.body().at("/violation/svg").asText().contains("edge-violation"), "the violating execution's cycle");
    }

    @Test
    void simulationCountsEveryRunAgainstTheAllowedStates() throws Exception {
        ObjectNode r = PlaygroundClient.checkOf(PlaygroundClient.suite("L03"));
        r.put("runs", 100);
        PlaygroundClient.Answer a = client.post("api/simulate", r);
        assertEquals(200, a.status(), a.text());
        long observed = 0;
        for (JsonNode row : a.body().get("rows")) {
            observed += row.get("observed").asLong();
            assertEquals("allowed", row.get("model").asText());
        }
        assertEquals(100, a.body().get("completed").asLong());
        assertEquals(100, observed);
        assertTrue(a.body().get("report").asText().startsWith("Simulation L03: 100 runs"));
    }

    @Test
    void badRequestsGetTheirErrorWithoutAStackTrace() throws Exception {
        List<PlaygroundClient.Answer> answers = new ArrayList<>();
        PlaygroundClient.Answer tooLarge = client.post("api/check", Map.of("test", "RDMA T\n" + "x".repeat(70_000)));
        assertEquals(413, tooLarge.status());
        assertEquals("E-LIMIT", tooLarge.body().at("/error/code").asText());
        answers.add(tooLarge);
        PlaygroundClient.Answer malformed = client.post("api/check", "{\"test\": \"RDMA\",\n  oops}", Map.of());
        assertEquals(400, malformed.status());
        assertEquals(2, malformed.body().at("/error/line").asInt(), malformed.text());
        answers.add(malformed);
        PlaygroundClient.Answer unknown = client.post("api/check", Map.of("test", "RDMA T", "modle", "sc"));
        assertTrue(unknown.body().at("/error/message").asText().contains("unknown field 'modle'"), unknown.text());
        answers.add(unknown);
        PlaygroundClient.Answer path = client.post("api/check", Map.of("test", "RDMA T", "model", "../../../etc/passwd"));
        assertEquals("E-MODEL", path.body().at("/error/code").asText(), "a model is bundled or pasted, never read from a path");
        answers.add(path);
        PlaygroundClient.Answer timeout = client.post("api/check", Map.of("test", "RDMA T", "timeout", 1000));
        assertEquals(400, timeout.status());
        answers.add(timeout);
        PlaygroundClient.Answer form = client.post("api/check", "test=x", Map.of("Content-Type", "application/x-www-form-urlencoded"));
        assertEquals(415, form.status());
        answers.add(form);
        answers.add(client.get("api/examples/suite/..%2F..%2Fpom.xml"));
        answers.add(client.get("assets/..%2F..%2F..%2Fremo%2Fcli%2FMain.class"));
        for (PlaygroundClient.Answer a : answers) {
            assertTrue(a.status() >= 400, a.text());
            assertFalse(a.text().contains("Exception") || a.text().contains("\tat ") || a.text().contains("at remo."), a.text());
        }
    }

    @Test
    void anotherHostNameIsRefused() throws Exception {
        // a page elsewhere reaching the server through a name that resolves to 127.0.0.1 (DNS rebinding)
        java.net.Socket s = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), client.server.port());
        try (s) {
            s.getOutputStream().write(("GET /api/limits HTTP/1.1\r\nHost: evil.example:" + client.server.port()
                    + "\r\nConnection: close\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            String reply = new String(s.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(reply.startsWith("HTTP/1.1 403"), reply);
        }
        assertEquals(200, client.get("api/limits").status());
    }

    @Test
    void theExamplesOfEveryGroupAreBundled() throws Exception {
        JsonNode list = client.get("api/examples").body().get("examples");
        List<String> names = new ArrayList<>();
        list.forEach(e -> names.add(e.get("group").asText() + "/" + e.get("name").asText()));
        for (String expected : List.of("suite/L07.litmus", "herd7-x86/SB.litmus", "locks/C-ME-W.litmus",
                "objects/KV-2W-NOLOCK.litmus", "models/x86tso-herd-style.cat")) {
            assertTrue(names.contains(expected), expected + " in " + names);
        }
        assertEquals(Files.readString(PlaygroundClient.suite("L07")),
                client.get("api/examples/suite/L07.litmus").body().get("text").asText());
        assertTrue(names.indexOf("suite/L2.litmus") < 0 || names.indexOf("suite/L2.litmus") < names.indexOf("suite/L10.litmus"));
        assertEquals(200, client.get("").status(), "the page");
        assertTrue(client.get("").text().contains("codemirror.js"));
        assertTrue(client.get("assets/codemirror-LICENSES.txt").text().contains("MIT"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
