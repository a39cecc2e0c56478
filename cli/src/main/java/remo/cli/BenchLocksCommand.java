package remo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import remo.locks.bench.LockBenchmark;

/**
 * {@code remo bench-locks}: acquire+release pairs per second of the three remote locks (the CAS
 * lock in both release modes) on the simulated NIC in concurrent mode, uncontended and with 8
 * threads on 4 nodes ({@link LockBenchmark}). Prints every round and the median of each.
 */
@Command(name = "bench-locks", mixinStandardHelpOptions = true,
        description = "Measure the remote locks on the simulated NIC in concurrent mode: uncontended acquire+release "
                + "pairs per second, and contended throughput with 8 threads on 4 nodes, per lock class.")
final class BenchLocksCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--pairs", paramLabel = "N", defaultValue = "200000",
            description = "Uncontended acquire+release pairs per round (default ${DEFAULT-VALUE}).")
    long pairs;

    @Option(names = "--acquisitions", paramLabel = "N", defaultValue = "5000",
            description = "Contended acquisitions per thread per round, 8 threads (default ${DEFAULT-VALUE}).")
    long acquisitions;

    @Option(names = "--rounds", paramLabel = "K", defaultValue = "3",
            description = "Measurements per workload and lock after one warm-up round (default ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() {
        if (pairs < 1 || acquisitions < 1 || rounds < 1) {
            ArgumentPositions cmd = ArgumentPositions.of(spec);
            String option = pairs < 1 ? "--pairs" : acquisitions < 1 ? "--acquisitions" : "--rounds";
            System.err.println(ModelOptions.usage(cmd, option, "--pairs, --acquisitions and --rounds must be at least 1")
                    .diagnostic().format());
            return 2;
        }
        var out = System.out;
        out.printf(Locale.ROOT, "remote locks on the simulated NIC, concurrent mode, tracing off, %d processors%n",
                Runtime.getRuntime().availableProcessors());
        for (LockBenchmark.Subject s : LockBenchmark.Subject.values()) {
            report(out, () -> LockBenchmark.uncontended(s, pairs));
        }
        for (LockBenchmark.Subject s : LockBenchmark.Subject.values()) {
            report(out, () -> LockBenchmark.contended(s, acquisitions));
        }
        return 0;
    }

    private void report(java.io.PrintStream out, Supplier<LockBenchmark.Measurement> run) {
        LockBenchmark.Measurement first = run.get();
        List<LockBenchmark.Measurement> ms = new ArrayList<>();
        for (int i = 1; i <= rounds; i++) {
            LockBenchmark.Measurement m = run.get();
            ms.add(m);
            out.printf(Locale.ROOT, "  round %d: %s%n", i, m);
        }
        double[] rates = ms.stream().mapToDouble(LockBenchmark.Measurement::perSecond).toArray();
        out.printf(Locale.ROOT, "%s %s: median %.0f pairs/s (%s)%n", first.subject().label, first.workload(),
                BenchNicCommand.median(rates), rates.length % 2 == 0 ? "mean of the two middle rounds of " + rates.length
                        : "middle round of " + rates.length);
    }
}
