package remo.cli.playground;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import remo.cli.report.JsonResults;
import remo.core.Diagnostic;
import remo.core.Position;
import remo.models.ModelLibrary;

/**
 * The playground's web server ({@code remo serve}, docs/playground.md): the page and its scripts
 * from the jar's resources, the bundled examples and models, and the JSON API that checks,
 * compares, analyses robustness and simulates. Built on the JDK's own
 * {@code com.sun.net.httpserver} (no dependency; the playground needs plain request and answer,
 * which it does well). It listens on loopback unless told otherwise and answers only requests
 * whose {@code Host} names the address it listens on (a web page elsewhere cannot reach it through
 * a name that resolves to 127.0.0.1); POSTs must be {@code application/json}, which a form of
 * another site cannot send.
 *
 * <p>Every API request is validated before it waits for a slot, then worked on by
 * {@link RequestRuns} with its own cancellation token, time limit and memory budget; an
 * unexpected failure is answered {@code 500} with {@code E-INTERNAL} and its cause, never a
 * stack trace (the stack goes to the server's standard error).
 */
public final class PlaygroundServer implements AutoCloseable {
    /** Stack of a request's thread (bytes): parsers and evaluators recurse over the input. */
    private static final long STACK_BYTES = 128L << 20;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final PlaygroundLimits limits;
    private final String tool;
    private final HttpServer http;
    private final ExecutorService executor;
    private final RequestRuns runs;
    private final CheckService checks;
    private final AnalysisService analyses;
    private final Examples examples;
    private final StaticAssets assets = new StaticAssets();
    private final PrintStream log;

    /**
     * Opens the server's socket (it serves after {@link #start}).
     *
     * @param bind   the address to listen on (127.0.0.1 by default)
     * @param port   the port, 0 for a free one
     * @param limits the limits of every request
     * @param tool   the program and version ({@code remo 0.1.0})
     * @param log    where unexpected failures are written with their stack
     * @throws IOException if the address cannot be bound
     */
    public PlaygroundServer(InetAddress bind, int port, PlaygroundLimits limits, String tool, PrintStream log) throws IOException {
        this.limits = limits;
        this.tool = tool;
        this.log = log;
        this.examples = new Examples();
        this.runs = new RequestRuns(limits);
        this.checks = new CheckService(limits, tool);
        this.analyses = new AnalysisService(limits);
        this.http = HttpServer.create(new InetSocketAddress(bind, port), 256);
        AtomicInteger n = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(Math.max(16, 4 * limits.maxRuns()), r -> {
            Thread t = new Thread(null, r, "remo-serve-" + n.incrementAndGet(), STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
        http.setExecutor(executor);
        http.createContext("/", this::handle);
    }

    /** Starts serving. */
    public void start() {
        http.start();
    }

    /** The address served, as a URL ending in {@code /}. */
    public String url() {
        InetSocketAddress a = http.getAddress();
        String host = a.getAddress().getHostAddress();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/";
    }

    /** The port served. */
    public int port() {
        return http.getAddress().getPort();
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
        runs.close();
    }

    private void handle(HttpExchange x) throws IOException {
        // closed in finally, not by try-with-resources: the catch below still answers on it
        try {
            if (!hostAllowed(x)) {
                error(x, 403, BadRequest.of("E-REQUEST", "this server answers requests addressed to " + url() + " only"));
                return;
            }
            String path = x.getRequestURI().getPath();
            String method = x.getRequestMethod();
            if (method.equals("GET") || method.equals("HEAD")) {
                get(x, path);
            } else if (method.equals("POST")) {
                post(x, path);
            } else {
                error(x, 405, BadRequest.of("E-REQUEST", "method " + method + " is not supported; use GET or POST"));
            }
        } catch (RuntimeException | Error e) {
            log.println("remo serve: internal error on " + x.getRequestMethod() + " " + x.getRequestURI().getPath() + ":");
            e.printStackTrace(log);
            try {
                error(x, 500, new BadRequest(500, Diagnostic.error(e instanceof OutOfMemoryError ? "E-LIMIT" : "E-INTERNAL",
                        RequestFields.REQUEST, Position.START, e instanceof OutOfMemoryError
                                ? "out of memory while working on this request; try smaller limits"
                                : "internal error: " + remo.core.SourceText.printable(String.valueOf(e))
                                + " (a bug in remo; please report it with the request)")));
            } catch (IOException | RuntimeException ignored) {
                // the answer was under way already: the connection closes
            }
        } finally {
            x.close();
        }
    }

    /** Whether the request's {@code Host} is the server's own address (or {@code localhost} on loopback). */
    private boolean hostAllowed(HttpExchange x) {
        String host = x.getRequestHeaders().getFirst("Host");
        if (host == null) {
            return true; // HTTP/1.0 clients (curl -0, scripts): no name to check
        }
        InetSocketAddress a = http.getAddress();
        String port = ":" + a.getPort();
        String ip = a.getAddress().getHostAddress();
        if (host.equals(ip + port) || host.equals("[" + ip + "]" + port)) {
            return true;
        }
        return a.getAddress().isLoopbackAddress() && (host.equals("localhost" + port) || host.equals("127.0.0.1" + port)
                || host.equals("[::1]" + port));
    }

    private void get(HttpExchange x, String path) throws IOException {
        if (path.equals("/") || path.equals("/index.html")) {
            asset(x, "index.html");
        } else if (path.startsWith("/assets/")) {
            asset(x, path.substring("/assets/".length()));
        } else if (path.equals("/api/limits")) {
            json(x, 200, new ApiMessages.LimitsAnswer(ApiMessages.SCHEMA, tool, limits.maxInputBytes(), limits.timeLimitSeconds(),
                    limits.memoryBudgetMiB(), runs.measuresMemory(), limits.maxRuns(), limits.queueSeconds(),
                    limits.maxExecutions(), limits.maxGraphs(), limits.maxSimulationRuns(), ModelLibrary.BUNDLED));
        } else if (path.equals("/api/examples")) {
            json(x, 200, Map.of("schema", ApiMessages.SCHEMA, "examples", examples.list()));
        } else if (path.startsWith("/api/examples/")) {
            String[] parts = path.substring("/api/examples/".length()).split("/", -1);
            String text = parts.length == 2 ? examples.text(parts[0], parts[1]) : null;
            if (text == null) {
                error(x, 404, BadRequest.of("E-REQUEST", "no bundled example " + remo.core.SourceText.printable(path)
                        .substring("/api/examples/".length()) + "; GET /api/examples lists them"));
                return;
            }
            json(x, 200, Map.of("schema", ApiMessages.SCHEMA, "group", parts[0], "name", parts[1], "text", text));
        } else if (path.startsWith("/api/models/")) {
            String name = path.substring("/api/models/".length());
            String text = ModelLibrary.BUNDLED.contains(name) ? ModelLibrary.bundledText(name + ".cat") : null;
            if (text == null) {
                error(x, 404, BadRequest.of("E-MODEL", "no bundled model '" + remo.core.SourceText.printable(name)
                        + "'; expected one of " + String.join(", ", ModelLibrary.BUNDLED)));
                return;
            }
            json(x, 200, Map.of("schema", ApiMessages.SCHEMA, "name", name, "text", text));
        } else {
            error(x, 404, BadRequest.of("E-REQUEST", "nothing at " + remo.core.SourceText.printable(path)));
        }
    }

    private void asset(HttpExchange x, String name) throws IOException {
        StaticAssets.Asset a = assets.get(name);
        if (a == null) {
            error(x, 404, BadRequest.of("E-REQUEST", "no such file: " + remo.core.SourceText.printable(name)));
            return;
        }
        x.getResponseHeaders().set("Content-Type", a.contentType());
        x.getResponseHeaders().set("Cache-Control", "no-cache");
        securityHeaders(x);
        send(x, 200, a.bytes());
    }

    private void post(HttpExchange x, String path) throws IOException {
        String type = x.getRequestHeaders().getFirst("Content-Type");
        if (type == null || !type.toLowerCase(java.util.Locale.ROOT).startsWith("application/json")) {
            error(x, 415, new BadRequest(415, Diagnostic.error("E-REQUEST", RequestFields.REQUEST, Position.START,
                    "a POST must send JSON with Content-Type: application/json")));
            return;
        }
        String runId = x.getRequestHeaders().getFirst("X-Remo-Run");
        if (runId != null && !runId.matches("[A-Za-z0-9_-]{1,64}")) {
            error(x, 400, BadRequest.of("E-REQUEST", "header X-Remo-Run must be 1 to 64 letters, digits, '-' or '_'"));
            return;
        }
        try {
            byte[] body = body(x);
            switch (path) {
                case "/api/check", "/api/compare" -> {
                    boolean compare = path.endsWith("compare");
                    ApiMessages.CheckRequest r = read(body, ApiMessages.CheckRequest.class);
                    checks.validate(r, compare);
                    double seconds = new RequestFields(limits).seconds(r.timeout()) * (compare ? 2 : 1);
                    answer(x, runs.run(runId, seconds, () -> compare ? checks.compare(r) : checks.check(r)));
                }
                case "/api/robust" -> {
                    ApiMessages.RobustRequest r = read(body, ApiMessages.RobustRequest.class);
                    analyses.validate(r);
                    answer(x, runs.run(runId, new RequestFields(limits).seconds(r.timeout()), () -> analyses.robust(r)));
                }
                case "/api/simulate" -> {
                    ApiMessages.SimulateRequest r = read(body, ApiMessages.SimulateRequest.class);
                    analyses.validate(r);
                    answer(x, runs.run(runId, new RequestFields(limits).seconds(r.timeout()), () -> analyses.simulate(r)));
                }
                case "/api/cancel" -> {
                    Map<?, ?> r = read(body, Map.class);
                    Object id = r.get("run");
                    boolean found = id instanceof String s && runs.cancel(s);
                    json(x, 200, Map.of("schema", ApiMessages.SCHEMA, "cancelled", found));
                }
                default -> error(x, 404, BadRequest.of("E-REQUEST", "no API at " + remo.core.SourceText.printable(path)
                        + "; see docs/playground.md"));
            }
        } catch (BadRequest e) {
            error(x, e.status(), e);
        } catch (RequestRuns.Busy e) {
            error(x, 503, new BadRequest(503, Diagnostic.error("E-BUSY", RequestFields.REQUEST, Position.START, e.getMessage())));
        } catch (IllegalArgumentException e) {
            error(x, 409, BadRequest.of("E-REQUEST", String.valueOf(e.getMessage())));
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The request's body, at most {@link PlaygroundLimits#maxBodyBytes()}. */
    private byte[] body(HttpExchange x) throws IOException, BadRequest {
        long max = limits.maxBodyBytes();
        try (InputStream in = x.getRequestBody()) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (bytes.length > max) {
                throw new BadRequest(413, Diagnostic.error("E-LIMIT", RequestFields.REQUEST, Position.START,
                        "request body over " + max + " bytes: the playground takes texts of at most "
                                + limits.maxInputBytes() + " bytes (remo serve --max-input-bytes)"));
            }
            return bytes;
        }
    }

    private static <T> T read(byte[] body, Class<T> type) throws BadRequest {
        try {
            T value = MAPPER.readValue(body, type);
            if (value == null) {
                throw BadRequest.of("E-REQUEST", "the request body is empty or null; send a JSON object");
            }
            return value;
        } catch (JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            Position p = at == null || at.getLineNr() < 1 ? Position.START : new Position(at.getLineNr(), Math.max(1, at.getColumnNr()));
            String why = e.getOriginalMessage();
            if (e instanceof com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException u) {
                why = "unknown field '" + u.getPropertyName() + "'";
            }
            throw new BadRequest(400, Diagnostic.error("E-REQUEST", RequestFields.REQUEST, p,
                    "malformed request: " + remo.core.SourceText.printable(String.valueOf(why))));
        } catch (IOException e) {
            throw BadRequest.of("E-REQUEST", "cannot read the request: " + e.getMessage());
        }
    }

    private void error(HttpExchange x, int status, BadRequest e) throws IOException {
        json(x, status, new ApiMessages.ErrorAnswer(ApiMessages.SCHEMA, JsonResults.diagnostic(e.diagnostic())));
    }

    /** Answers a request that {@link RequestRuns} worked on, with what it allocated in a header. */
    private void answer(HttpExchange x, Object body) throws IOException {
        x.getResponseHeaders().set("X-Remo-Allocated-MiB", Long.toString(runs.lastAllocated() >> 20));
        json(x, 200, body);
    }

    private void json(HttpExchange x, int status, Object body) throws IOException {
        byte[] bytes = MAPPER.writeValueAsBytes(body);
        x.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        x.getResponseHeaders().set("Cache-Control", "no-store");
        securityHeaders(x);
        send(x, status, bytes);
    }

    private static void securityHeaders(HttpExchange x) {
        x.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        x.getResponseHeaders().set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                + "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'");
    }

    private static void send(HttpExchange x, int status, byte[] bytes) throws IOException {
        boolean head = x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(status, head ? -1 : bytes.length == 0 ? -1 : bytes.length);
        if (!head && bytes.length > 0) {
            try (OutputStream out = x.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
