import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Latency of the playground's check API (remo serve, docs/playground.md) for one small test, as a
 * client on loopback sees it: after a warm-up, REQUESTS requests one after the other, then the same
 * number from CLIENTS clients at once; prints p50, p90, p99 and the maximum of each, in ms.
 * Run by bench/playground-latency.sh, which starts the server; by hand:
 *
 * <pre>java bench/PlaygroundLatency.java URL FILE.litmus [REQUESTS [CLIENTS [WARMUP]]]</pre>
 */
public class PlaygroundLatency {
    public static void main(String[] args) throws Exception {
        String url = args[0].endsWith("/") ? args[0] : args[0] + "/";
        Path file = Path.of(args[1]);
        int requests = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
        int clients = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int warmup = args.length > 4 ? Integer.parseInt(args[4]) : 500;
        String body = "{\"test\": " + quote(Files.readString(file)) + ", \"name\": " + quote(file.getFileName().toString())
                + ", \"maxGraphs\": 10}";
        HttpClient http = HttpClient.newHttpClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "api/check"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
        for (int i = 0; i < warmup; i++) {
            send(http, request);
        }
        List<Double> alone = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            alone.add(send(http, request));
        }
        report("1 client, " + requests + " requests in a row", alone);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<List<Double>>> futures = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            futures.add(pool.submit(() -> {
                List<Double> mine = new ArrayList<>();
                for (int i = 0; i < requests / clients; i++) {
                    mine.add(send(http, request));
                }
                return mine;
            }));
        }
        List<Double> together = new ArrayList<>();
        for (Future<List<Double>> f : futures) {
            together.addAll(f.get());
        }
        pool.shutdown();
        report(clients + " clients at once, " + together.size() + " requests", together);
    }

    /** Sends one request and returns its latency in ms; a request that does not answer 200 stops the run. */
    private static double send(HttpClient http, HttpRequest request) throws Exception {
        long t0 = System.nanoTime();
        HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
        double ms = (System.nanoTime() - t0) / 1e6;
        if (r.statusCode() != 200 || !r.body().contains("\"status\":\"ok\"")) {
            throw new IllegalStateException("unexpected answer " + r.statusCode() + ": " + r.body());
        }
        return ms;
    }

    private static void report(String what, List<Double> ms) {
        Collections.sort(ms);
        System.out.printf(Locale.ROOT, "%s: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n", what, at(ms, 0.50),
                at(ms, 0.90), at(ms, 0.99), ms.get(ms.size() - 1));
    }

    private static double at(List<Double> sorted, double q) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> sb.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return sb.append('"').toString();
    }
}
