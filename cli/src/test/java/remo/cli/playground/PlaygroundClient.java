package remo.cli.playground;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import remo.cli.Cli;
import remo.cli.TestData;

/**
 * The playground's tests' side of the API: a server on a free loopback port, and requests to it
 * with the JDK's HTTP client; also the {@code remo check --json} answer on the same test, which the
 * API's answers must equal.
 */
final class PlaygroundClient implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    final PlaygroundServer server;
    final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** A server with {@code limits}, started; its failures are written to standard error. */
    PlaygroundClient(PlaygroundLimits limits) throws IOException {
        this(limits, System.err);
    }

    /** A server with {@code limits} whose unexpected failures go to {@code log}, started. */
    PlaygroundClient(PlaygroundLimits limits, PrintStream log) throws IOException {
        server = new PlaygroundServer(InetAddress.getLoopbackAddress(), 0, limits, "remo 0.1.0", log);
        server.start();
    }

    /** An answer: the HTTP status and the JSON body. */
    record Answer(int status, JsonNode body, String text, HttpResponse<String> response) {
    }

    Answer get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.url() + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        return answer(r);
    }

    Answer post(String path, Object body) throws IOException, InterruptedException {
        return post(path, JSON.writeValueAsString(body), Map.of());
    }

    Answer post(String path, String body, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path)).timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (!headers.containsKey("Content-Type")) {
            b.header("Content-Type", "application/json");
        }
        headers.forEach(b::header);
        return answer(http.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
    }

    private static Answer answer(HttpResponse<String> r) throws IOException {
        String type = r.headers().firstValue("Content-Type").orElse("");
        JsonNode body = type.startsWith("application/json") ? JSON.readTree(r.body()) : null;
        return new Answer(r.statusCode(), body, r.body(), r);
    }

    /** A check request of the file's text, named as the file. */
    static ObjectNode checkOf(Path file) throws IOException {
        ObjectNode r = JSON.createObjectNode();
        r.put("test", Files.readString(file));
        r.put("name", file.getFileName().toString());
        return r;
    }

    /** {@code examples/suite/ID.litmus}. */
    static Path suite(String id) {
        return TestData.suite().resolve(id + ".litmus");
    }

    /**
     * The {@code remo check --json --json-executions} document of a file, with {@code args} before
     * the file, as the in-process command line prints it.
     */
    static JsonNode cliJson(Path file, String... args) throws IOException {
        String[] all = new String[args.length + 4];
        all[0] = "check";
        all[1] = "--json";
        all[2] = "--json-executions";
        System.arraycopy(args, 0, all, 3, args.length);
        all[all.length - 1] = file.toString();
        Cli.Run run = Cli.run(all);
        return JSON.readTree(run.out());
    }

    /**
     * A result document as compared: each test's {@code time} removed and its {@code file} set to
     * the file's name (the API names a test as the request does, the command line as given).
     */
    static JsonNode comparable(JsonNode document) {
        JsonNode copy = document.deepCopy();
        for (JsonNode t : copy.path("tests")) {
            ObjectNode o = (ObjectNode) t;
            o.remove("time");
            o.put("file", Path.of(o.path("file").asText()).getFileName().toString());
            if (o.path("status").asText().equals("error")) {
                // a test that does not parse is named by its file, as given
                o.put("name", Path.of(o.path("name").asText()).getFileName().toString());
            }
            for (JsonNode d : o.path("errors")) {
                ((ObjectNode) d).put("file", Path.of(d.path("file").asText()).getFileName().toString());
            }
            for (JsonNode d : o.path("warnings")) {
                ((ObjectNode) d).put("file", Path.of(d.path("file").asText()).getFileName().toString());
            }
        }
        return copy;
    }

    @Override
    public void close() {
        server.close();
    }
}
