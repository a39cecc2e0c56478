package remo.cli;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import remo.core.SeedRange;
import remo.loco.KvStore;
import remo.loco.bench.ObjectBenchmark;
import remo.loco.lin.AtomicOp;
import remo.loco.lin.Call;
import remo.loco.lin.LinResult;
import remo.loco.lin.MapOp;
import remo.loco.runs.AtomicVarRun;
import remo.loco.runs.KvStoreRun;
import remo.loco.runs.RunMode;
import remo.loco.runs.RunOutcome;
import remo.loco.runs.RunSummary;

/**
 * {@code remo objects}: the LOCO objects (loco.md). {@code check} runs the required
 * linearizability runs of loco.md §4.10 (and the negative controls); {@code bench} measures KvStore and
 * AtomicVar throughput in concurrent mode on 4 nodes.
 */
@Command(name = "objects", mixinStandardHelpOptions = true,
        description = "remo's locks and LOCO objects: verification by the model checker (verify), linearizability runs "
                + "of KvStore and AtomicVar (check) and their throughput (bench).",
        subcommands = {ObjectsCommand.Check.class, ObjectsCommand.Bench.class, ObjectsVerifyCommand.class})
final class ObjectsCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "missing subcommand (for example 'remo objects check KvStore')");
    }

    /** The objects with a required run. */
    enum Checked { KvStore, AtomicVar }

    /** The negative controls of loco.md §4.10 (KvStore only). */
    enum Control { disableVersionCheck, disableLock }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Run the required linearizability runs of loco.md §4.10 on the simulated NIC and check every "
                    + "history (deterministic by default: 500 seeds; --concurrent: 20 runs).")
    static final class Check implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "KvStore|AtomicVar", description = "The object.")
        Checked object;

        @Option(names = "--seeds", paramLabel = "N", description = "Runs (default 500 deterministic, 20 concurrent, "
                + "10000 with --control).")
        Long seeds;

        @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "First seed (default 0).")
        long seed;

        @Option(names = "--concurrent", description = "Concurrent mode (4 nodes, 4 threads each, 1000 ops per thread) "
                + "instead of the deterministic scheduler (3 nodes, 2 threads each, 20 ops).")
        boolean concurrent;

        @Option(names = "--ops", paramLabel = "N", description = "Calls per thread (default: as loco.md §4.10).")
        Integer ops;

        @Option(names = "--control", paramLabel = "HOOK", description = "KvStore only: break the store with a test "
                + "hook (disableVersionCheck or disableLock) and stop at the first history that is not linearizable.")
        Control control;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
                description = "Time limit of the search per partition (default 60); a partition that exceeds it is "
                        + "inconclusive.")
        long timeout;

        @Override
        public Integer call() {
            ArgumentPositions args = ArgumentPositions.of(spec);
            long n = seeds != null ? seeds : control != null ? 10_000 : concurrent ? 20 : 500;
            String range = seed < 0 ? null : SeedRange.problem(seed, n, "--seed", "--seeds");
            String bad = n < 1 ? "--seeds" : seed < 0 || range != null ? "--seed" : ops != null && ops < 1 ? "--ops"
                    : timeout < 1 ? "--timeout" : control != null && object != Checked.KvStore ? "--control" : null;
            if (bad != null) {
                String why = bad.equals("--control") ? "--control applies to KvStore only"
                        : range != null ? range : bad + " must be at least " + (bad.equals("--seed") ? 0 : 1);
                System.err.println(ModelOptions.usage(args, bad, why).diagnostic().format());
                return 2;
            }
            LongFunction<RunOutcome<?, ?>> run;
            String config;
            if (object == Checked.KvStore) {
                KvStoreRun k = concurrent ? KvStoreRun.concurrent() : KvStoreRun.deterministic();
                k = new KvStoreRun(k.mode(), k.nodes(), k.threadsPerNode(), ops != null ? ops : k.opsPerThread(), k.keys(),
                        k.buckets(), k.entries(), k.valueWords(), k.getPercent(), k.putPercent(), hooks(),
                        Duration.ofSeconds(timeout), k.config());
                KvStoreRun cfg = k;
                run = cfg::run;
                config = String.format(Locale.ROOT, "%d nodes, %d threads each, %d ops per thread, keys 0..%d, B=%d E=%d "
                        + "V=%d, %d%% get %d%% put %d%% remove%s", cfg.nodes(), cfg.threadsPerNode(), cfg.opsPerThread(),
                        cfg.keys() - 1, cfg.buckets(), cfg.entries(), cfg.valueWords(), cfg.getPercent(), cfg.putPercent(),
                        100 - cfg.getPercent() - cfg.putPercent(), control == null ? "" : ", control " + control);
            } else {
                AtomicVarRun a = concurrent ? AtomicVarRun.concurrent() : AtomicVarRun.deterministic();
                AtomicVarRun cfg = new AtomicVarRun(a.mode(), a.nodes(), a.threadsPerNode(), ops != null ? ops
                        : a.opsPerThread(), a.variables(), a.faaPercent(), a.casPercent(), Duration.ofSeconds(timeout),
                        a.config());
                run = cfg::run;
                config = String.format(Locale.ROOT, "%d nodes, %d threads each, %d ops per thread, %d variables, %d%% "
                        + "fetchAdd %d%% compareAndSwap %d%% load", cfg.nodes(), cfg.threadsPerNode(), cfg.opsPerThread(),
                        cfg.variables(), cfg.faaPercent(), cfg.casPercent(), 100 - cfg.faaPercent() - cfg.casPercent());
            }
            System.out.printf(Locale.ROOT, "%s: %s run of loco.md §4.10 (%s), seeds %d..%d%n", object,
                    concurrent ? "concurrent" : "deterministic", config, seed, new SeedRange(seed, n).last());
            RunSummary s = RunSummary.of(object.name(), run, seed, n, control != null);
            System.out.println(s.line());
            System.out.printf(Locale.ROOT, "Time: %.2f s simulating, %.2f s checking%n", s.runNanos() / 1e9,
                    s.checkNanos() / 1e9);
            if (s.firstFailure() != null) {
                printFailure(s.firstFailure());
                return 1;
            }
            if (s.runs() == 0) {
                // Never a silent pass: a series that checked no history (e.g. interrupted) shows nothing.
                System.out.println(object + ": no history was checked, so nothing is shown linearizable");
                return 1;
            }
            return s.passed() ? 0 : 1;
        }

        private KvStore.Testing hooks() {
            if (control == null) {
                return KvStore.Testing.NONE;
            }
            return control == Control.disableLock ? KvStore.Testing.disableLock() : KvStore.Testing.disableVersionCheck();
        }

        @SuppressWarnings("unchecked")
        private void printFailure(RunOutcome<?, ?> o) {
            if (!o.failures().isEmpty()) {
                System.out.println("First failing run: seed " + o.seed() + ", a client thread failed: " + o.failures());
                return;
            }
            Map.Entry<?, ? extends LinResult<?>> f = o.report().firstFailure();
            System.out.println("First history that is not linearizable: seed " + o.seed() + ", "
                    + (object == Checked.KvStore ? "key " : "variable ") + f.getKey() + ": " + f.getValue().reason());
            String table;
            int before = f.getValue().calls().size();
            int after;
            if (object == Checked.KvStore) {
                List<Call<MapOp>> calls = (List<Call<MapOp>>) (List<?>) f.getValue().calls();
                List<Call<MapOp>> small = KvStoreRun.deterministic().shrink(calls);
                after = small.size();
                table = KvStoreRun.table(small);
            } else {
                List<Call<AtomicOp>> calls = (List<Call<AtomicOp>>) (List<?>) f.getValue().calls();
                List<Call<AtomicOp>> small = AtomicVarRun.deterministic().shrink(calls);
                after = small.size();
                table = AtomicVarRun.table(small);
            }
            System.out.println(after < before ? "Shrunk from " + before + " to " + after + " calls that still fail:"
                    : before + (before == 1 ? " call:" : " calls (the failing call and those overlapping it):"));
            System.out.print(table);
            if (!concurrent) {
                System.out.println("Replay: remo objects check " + object + " --seed " + o.seed() + " --seeds 1"
                        + (control == null ? "" : " --control " + control));
            }
        }
    }

    @Command(name = "bench", mixinStandardHelpOptions = true,
            description = "Measure KvStore get and put throughput and AtomicVar fetchAdd throughput in concurrent mode "
                    + "on 4 nodes with 4 client threads each, tracing off.")
    static final class Bench implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Option(names = "--calls", paramLabel = "N", defaultValue = "20000",
                description = "Calls per client thread per round (default ${DEFAULT-VALUE}).")
        int calls;

        @Option(names = "--rounds", paramLabel = "K", defaultValue = "3",
                description = "Measurements per workload after one warm-up round (default ${DEFAULT-VALUE}).")
        int rounds;

        @Override
        public Integer call() {
            if (calls < 1 || rounds < 1) {
                ArgumentPositions args = ArgumentPositions.of(spec);
                System.err.println(ModelOptions.usage(args, calls < 1 ? "--calls" : "--rounds",
                        "--calls and --rounds must be at least 1").diagnostic().format());
                return 2;
            }
            System.out.printf(Locale.ROOT, "LOCO objects, concurrent mode, %d nodes x %d threads, tracing off, %d processors%n",
                    ObjectBenchmark.NODES, ObjectBenchmark.THREADS, Runtime.getRuntime().availableProcessors());
            report("KvStore get", () -> ObjectBenchmark.kvGets(calls));
            report("KvStore put", () -> ObjectBenchmark.kvPuts(calls));
            report("AtomicVar fetchAdd", () -> ObjectBenchmark.atomicFetchAdds(calls));
            return 0;
        }

        private void report(String name, java.util.function.Supplier<ObjectBenchmark.Measurement> run) {
            run.get();
            double[] rates = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                ObjectBenchmark.Measurement m = run.get();
                rates[i] = m.callsPerSecond();
                System.out.printf(Locale.ROOT, "%s round %d: %d calls in %.3f s = %.0f calls/s (%.2f M NIC ops/s)%n", name,
                        i + 1, m.calls(), m.nanos() / 1e9, m.callsPerSecond(), m.nicOpsPerSecond() / 1e6);
            }
            System.out.printf(Locale.ROOT, "%s: median %.0f calls/s%n", name, BenchNicCommand.median(rates));
        }
    }
}
