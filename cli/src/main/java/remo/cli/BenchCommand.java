package remo.cli;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.checker.CheckResult;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.core.DiagnosticException;
import remo.models.ModelLibrary;

/**
 * {@code remo bench}: checks every test of a directory in one JVM and prints throughput figures:
 * tests per second for each round, and the time since JVM start.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure checking throughput (tests per second) over files or directories in one JVM.")
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ModelOptions modelOptions;

    @Mixin
    HerdOptions herdOptions;

    @Mixin
    JobsOption jobsOption;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--rounds", paramLabel = "K", defaultValue = "1",
            description = "Check the whole set K times (later rounds show warmed-up throughput; default ${DEFAULT-VALUE}).")
    int rounds;

    /** CPU time of the whole process (every thread, the JIT and the collector included), nanoseconds. */
    private static long processCpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }

    @Override
    public Integer call() {
        var out = System.out;
        TestRunner runner;
        int threads;
        try {
            if (rounds < 1) {
                throw ModelOptions.usage(ArgumentPositions.of(spec), "--rounds",
                        "--rounds must be at least 1, not " + rounds);
            }
            ArgumentPositions at = ArgumentPositions.of(spec);
            threads = jobsOption.jobs(at);
            ModelLibrary library = herdOptions.library(at);
            runner = new TestRunner(library, modelOptions.model, modelOptions.prepare(at, library),
                    modelOptions.checkOptions(), modelOptions.engine(), modelOptions.skipCheckPositions(at))
                    .unrolling(herdOptions.unroll);
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        }
        List<Inputs.Input> files = Inputs.expand(inputs);
        if (files.stream().allMatch(Inputs.Input::missing)) {
            // nothing to measure: say why instead of timing the errors as "tests"
            for (Inputs.Input in : files) {
                System.err.println(in.problemDiagnostic().format());
            }
            out.println("no tests to measure (0 tests, " + files.size() + " input error" + (files.size() == 1 ? "" : "s") + ")");
            return 2;
        }
        int errors = 0;
        ParallelRuns parallel = new ParallelRuns(threads);
        for (int round = 1; round <= rounds; round++) {
            long t0 = System.nanoTime();
            long cpu0 = processCpuNanos();
            java.util.Iterator<TestOutcome> checked = parallel.outcomes(files, runner);
            long executions = 0;
            long complete = 0;
            long pruned = 0;
            long consistent = 0;
            double worst = 0;
            String worstTest = null;
            errors = 0;
            int ran = 0;
            List<String> notRun = new java.util.ArrayList<>();
            for (int k = 0; k < files.size(); k++) {
                if (remo.core.Interruption.requested()) {
                    // the tests not started (as check lists them); a running one gives its partial outcome
                    for (int rest = k; rest < files.size(); rest++) {
                        notRun.add(files.get(rest).shown());
                    }
                    break;
                }
                TestOutcome o = checked.next();
                if (o == null) {
                    notRun.add(files.get(k).shown()); // interrupted before it started (another job's thread)
                    continue;
                }
                ran++;
                if (round == 1) {
                    ArgumentPositions args = ArgumentPositions.of(spec);
                    for (remo.core.Diagnostic w : o.warnings()) {
                        System.err.println(modelOptions.atOption(w, args).format());
                    }
                    if (o.error() != null) {
                        System.err.println(modelOptions.atOption(o.error(), args).format());
                    }
                }
                if (o.error() != null) {
                    errors++;
                } else {
                    executions += o.result().explored();
                    CheckResult.Statistics c = o.result().statistics();
                    complete += c.complete();
                    pruned += c.pruned();
                    consistent += c.consistent();
                    double ratio = c.complete() / (double) Math.max(1, c.consistent());
                    if (c.complete() > 0 && (worstTest == null || ratio > worst)) {
                        worst = ratio;
                        worstTest = o.name();
                    }
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            double cpu = (processCpuNanos() - cpu0) / 1e9;
            out.printf(Locale.ROOT, "round %d: %d %s in %.3f s = %.1f tests/s (process CPU %.3f s, %d %s; %d %s explored, %d errors)%s%n",
                    round, ran, ran == 1 ? "test" : "tests", s, ran / s, cpu, threads, threads == 1 ? "job" : "jobs", executions,
                    modelOptions.engine == EngineName.OPERATIONAL ? "machine states" : "candidates", errors,
                    remo.core.Interruption.requested() ? " (partial: " + remo.core.Interruption.reason() + "; " + notRun.size()
                            + " of " + files.size() + " tests not run" + (round == rounds ? "" : round + 1 == rounds
                            ? ", round " + rounds + " not run" : ", rounds " + (round + 1) + ".." + rounds + " not run") + ")" : "");
            if (modelOptions.engine != EngineName.OPERATIONAL) {
                out.printf(Locale.ROOT, "  candidates: %d complete checked, %d partial pruned; %d consistent (blocked included)"
                                + ", %.2f complete per consistent%s%n", complete, pruned, consistent,
                        complete / (double) Math.max(1, consistent),
                        worstTest == null ? "" : String.format(Locale.ROOT, " (most: %.2f, %s)", worst, worstTest));
            }
            if (!notRun.isEmpty()) {
                System.err.println("remo: " + remo.core.Interruption.reason() + ": " + notRun.size() + " of " + files.size()
                        + " tests not run: " + remo.core.SourceText.printable(String.join(", ", notRun)));
            }
            if (remo.core.Interruption.requested()) {
                break;
            }
        }
        parallel.close();
        double uptime = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0;
        out.printf(Locale.ROOT, "JVM start to end: %.3f s on %d processors%n", uptime, Runtime.getRuntime().availableProcessors());
        return errors == 0 ? 0 : 2;
    }
}
