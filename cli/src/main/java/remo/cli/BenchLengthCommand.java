package remo.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import remo.checker.LengthBenchmark;
import remo.checker.LengthBenchmark.Kind;
import remo.checker.LengthBenchmark.Measurement;
import remo.checker.TestRunner;
import remo.core.DiagnosticException;
import remo.models.ModelLibrary;

/**
 * {@code remo bench-length}: issue 28's length workloads ({@link LengthBenchmark}), one X86 thread
 * of N loads or N stores of one location, checked whole in this JVM for each N. Prints each
 * round's wall-clock time, the checking thread's CPU time and the heap's peak, then per kind the
 * median thread CPU and wall-clock time per size and its growth from one size to the next (linear cost: the time per
 * instruction stays flat). With {@code --timeout T} it also prints how far past T each stopped run
 * ended and whether that is within max(1 s, 10 % of T).
 */
@Command(name = "bench-length", mixinStandardHelpOptions = true,
        description = "Measure how checking cost grows with program length: one X86 thread of N loads or N stores "
                + "of one location, for each N (wall time, CPU time, peak heap).")
final class BenchLengthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions modelOptions;

    @Option(names = "--sizes", paramLabel = "N,...", split = ",", defaultValue = "1000,10000,100000",
            description = "Instructions per thread (default ${DEFAULT-VALUE}).")
    List<Integer> sizes = new ArrayList<>();

    @Option(names = "--kinds", paramLabel = "KIND,...", split = ",", defaultValue = "loads,stores",
            description = "loads, stores or both (default ${DEFAULT-VALUE}).")
    List<String> kinds = new ArrayList<>();

    @Option(names = "--rounds", paramLabel = "K", defaultValue = "3",
            description = "Measurements per kind and size, after a warm-up at the smallest size (default ${DEFAULT-VALUE}).")
    int rounds;

    @Override
    public Integer call() {
        var out = System.out;
        TestRunner runner;
        List<Kind> ks = new ArrayList<>();
        try {
            ArgumentPositions at = ArgumentPositions.of(spec);
            if (rounds < 1) {
                throw ModelOptions.usage(at, "--rounds", "--rounds must be at least 1, not " + rounds);
            }
            for (int n : sizes) {
                if (n < 1) {
                    throw ModelOptions.usage(at, "--sizes", "--sizes must be positive instruction counts, not " + n);
                }
            }
            for (String k : kinds) {
                switch (k.trim()) {
                    case "loads" -> ks.add(Kind.LOADS);
                    case "stores" -> ks.add(Kind.STORES);
                    default -> throw ModelOptions.usage(at, "--kinds", "--kinds takes loads and stores, not '"
                            + remo.core.SourceText.printable(k) + "'");
                }
            }
            ModelLibrary library = new ModelLibrary();
            runner = new TestRunner(library, modelOptions.model, modelOptions.prepare(at, library),
                    modelOptions.checkOptions(), modelOptions.engine(), modelOptions.skipCheckPositions(at));
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        }
        double limit = modelOptions.timeoutSeconds;
        int smallest = sizes.stream().mapToInt(Integer::intValue).min().orElse(1);
        out.printf(Locale.ROOT, "length workloads: one X86 thread of N loads or stores of x, %d processors, max heap %d MB%s%n",
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                limit > 0 ? String.format(Locale.ROOT, ", --timeout %s", remo.checker.CheckOptions.seconds(limit)) : "");
        for (Kind k : ks) {
            for (int i = 0; i < 3; i++) {
                LengthBenchmark.measure(runner, k, smallest); // warm-up, not shown
            }
        }
        boolean allWithin = true;
        for (Kind k : ks) {
            double[] medians = new double[sizes.size()];
            double[] wallMedians = new double[sizes.size()];
            for (int s = 0; s < sizes.size(); s++) {
                int n = sizes.get(s);
                double[] cpu = new double[rounds];
                double[] wall = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    if (remo.core.Interruption.requested()) {
                        out.println("partial: " + remo.core.Interruption.reason() + "; the rest not run");
                        return 130;
                    }
                    Measurement m = LengthBenchmark.measure(runner, k, n);
                    cpu[r] = m.cpuSeconds();
                    wall[r] = m.wallSeconds();
                    String stop = "";
                    if (m.partialReason() != null && limit > 0) {
                        double over = m.wallSeconds() - limit;
                        boolean within = over <= Math.max(1.0, 0.1 * limit);
                        allWithin &= within;
                        stop = String.format(Locale.ROOT, "; stopped %.3f s after the limit (%s max(1 s, 10 %%))",
                                over, within ? "within" : "NOT within");
                    }
                    out.printf(Locale.ROOT, "%s round %d: %.3f s wall, %.3f s CPU (process %.3f s), peak heap %.1f MB, %s%s%s%n",
                            LengthBenchmark.name(k, n), r + 1, m.wallSeconds(), m.cpuSeconds(), m.processCpuSeconds(), m.peakHeapBytes() / 1048576.0,
                            m.verdict(), m.partialReason() == null ? "" : " (partial: " + m.partialReason() + ")", stop);
                }
                medians[s] = BenchNicCommand.median(cpu);
                wallMedians[s] = BenchNicCommand.median(wall);
            }
            StringBuilder line = new StringBuilder(k.word() + ": median thread CPU (wall)");
            for (int s = 0; s < sizes.size(); s++) {
                line.append(String.format(Locale.ROOT, "%s N=%d %.3f s (%.3f s), %.2f µs per instruction", s == 0 ? "" : ";",
                        sizes.get(s), medians[s], wallMedians[s], medians[s] * 1e6 / sizes.get(s)));
            }
            out.println(line);
        }
        if (limit > 0) {
            out.println(allWithin ? "every stopped run ended within max(1 s, 10 %) of --timeout"
                    : "some stopped run ended later than max(1 s, 10 %) after --timeout");
        }
        return 0;
    }
}
