package remo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import remo.nic.bench.NicBenchmark;

/**
 * {@code remo bench-nic}: simulated NIC operations per second in concurrent mode (nic.md §10): a
 * stream of one-word puts, and a put/wait ping-pong between two nodes. Prints every round and the
 * median and best round of each workload.
 */
@Command(name = "bench-nic", mixinStandardHelpOptions = true,
        description = "Measure the simulated NIC's throughput in concurrent mode: a stream of one-word puts and a "
                + "put/wait ping-pong between two nodes (NIC operations per second).")
final class BenchNicCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--ops", paramLabel = "N", defaultValue = "5000000",
            description = "Puts per stream round (default ${DEFAULT-VALUE}).")
    long ops;

    @Option(names = "--round-trips", paramLabel = "N", defaultValue = "100000",
            description = "Ping-pong rounds per measurement (default ${DEFAULT-VALUE}; two puts each).")
    long roundTrips;

    @Option(names = "--rounds", paramLabel = "K", defaultValue = "5",
            description = "Measurements per workload after one warm-up round (default ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() {
        if (ops < 1 || roundTrips < 1 || rounds < 1) {
            ArgumentPositions cmd = ArgumentPositions.of(spec);
            String option = ops < 1 ? "--ops" : roundTrips < 1 ? "--round-trips" : "--rounds";
            System.err.println(ModelOptions.usage(cmd, option, "--ops, --round-trips and --rounds must be at least 1")
                    .diagnostic().format());
            return 2;
        }
        var out = System.out;
        out.printf(Locale.ROOT, "simulated NIC, concurrent mode, tracing off, %d processors%n",
                Runtime.getRuntime().availableProcessors());
        report(out, "put stream", () -> NicBenchmark.stream(ops));
        report(out, "put/wait ping-pong", () -> NicBenchmark.pingPong(roundTrips));
        return 0;
    }

    private void report(java.io.PrintStream out, String name, java.util.function.Supplier<NicBenchmark.Measurement> run) {
        run.get();
        List<NicBenchmark.Measurement> ms = new ArrayList<>();
        for (int i = 1; i <= rounds; i++) {
            NicBenchmark.Measurement m = run.get();
            ms.add(m);
            var c = m.metrics().cluster();
            out.printf(Locale.ROOT, "%s round %d: %d NIC ops in %.3f s = %.2f M ops/s (max QP depth %d, %d post stalls, "
                    + "%.0f ms blocked)%n", name, i, m.ops(), m.nanos() / 1e9, m.opsPerSecond() / 1e6, c.maxQpDepth(),
                    c.get("postStalls"), c.get("blockedNanos") / 1e6);
        }
        double[] rates = ms.stream().mapToDouble(NicBenchmark.Measurement::opsPerSecond).toArray();
        double best = java.util.Arrays.stream(rates).max().orElse(0);
        out.printf(Locale.ROOT, "%s: median %.2f M ops/s (%s), best %.2f M ops/s%n", name, median(rates) / 1e6,
                rates.length % 2 == 0 ? "mean of the two middle rounds of " + rates.length : "middle round of " + rates.length,
                best / 1e6);
    }

    /**
     * The median: the middle value of an odd number of values, the mean of the two middle values of
     * an even number (so the median of two rounds is their mean, not the faster one).
     *
     * @param values at least one value (not modified)
     */
    static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
