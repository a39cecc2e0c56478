package remo.checker.fuzz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.checker.GraphCheck;
import remo.checker.operational.OperationalExplorer;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.InstructionKind;
import remo.litmus.gen.RandomProgramGenerator;
import remo.litmus.gen.Shrinker;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.models.cat.CatException;

/**
 * Differential testing of the two semantics (operational.md §8): generated programs are checked
 * by the axiomatic engine (cat model) and by the operational explorer (abstract machine), and
 * compared on three properties: equal outcome sets; soundness (every graph the machine records is
 * consistent under the cat model, fixed-graph mode); completeness (every axiomatically allowed
 * state is reached by the machine). A disagreement is shrunk (delta debugging) and reported.
 *
 * <p>Program {@code i} of a run is generated for model {@code models[i mod m]} (the generator leaves
 * out what that model rejects) under flag combination number {@code (i div m) mod 512} — the 9
 * two-valued flags of models.md §8 as the bits of that number — so every model sees every flag
 * combination after {@code 512 m} programs.
 */
public final class DifferentialFuzzer {
    /** The models compared by default: each RDMA model, the strong model, tso and sc. */
    public static final List<String> DEFAULT_MODELS = List.of("rdma-tso-rmw", "rdma-sc-rmw", "rdma-wait-rmw", "rdma-tso", "tso", "sc");

    private final long seed;
    private final List<String> models;
    private final long candidateBound;
    private final Map<String, CatModel> loaded = new HashMap<>();
    private final Map<String, RandomProgramGenerator> generators = new HashMap<>();

    /**
     * @param seed           the run's seed
     * @param models         the bundled models to compare (the operational engine implements only those)
     * @param candidateBound programs whose axiomatic enumeration exceeds this many candidates are
     *                       skipped (operational.md §8.3 allows skipping; the rate is reported)
     * @throws CatException E-MODEL if a model is not one of the bundled models
     * @throws IllegalArgumentException if {@code models} is empty
     */
    public DifferentialFuzzer(long seed, List<String> models, long candidateBound) throws CatException {
        if (models.isEmpty()) {
            throw new IllegalArgumentException("no model to compare");
        }
        this.seed = seed;
        this.models = List.copyOf(models);
        this.candidateBound = candidateBound;
        ModelLibrary library = new ModelLibrary();
        for (String m : models) {
            if (!ModelLibrary.BUNDLED.contains(m)) {
                throw new CatException(remo.core.Diagnostic.error("E-MODEL", ModelLibrary.COMMAND_LINE,
                        remo.core.Position.START, "fuzz compares the cat models with the abstract machines, which exist "
                                + "only for the bundled models " + String.join(", ", ModelLibrary.BUNDLED) + "; '" + m
                                + "' is not one of them"));
            }
            loaded.put(m, library.load(m));
            generators.put(m, new RandomProgramGenerator(generatorConfig(m), seed ^ m.hashCode()));
        }
    }

    /**
     * The generator configuration of the programs drawn for {@code model}: the model's preset
     * ({@link GeneratorConfig#forModel}) with inline puts and unsignalled puts each drawn half as
     * often as plain ones wherever puts are drawn (operational.md §8.3), so that every comparison
     * covers them.
     *
     * @param model a bundled model name
     */
    public static GeneratorConfig generatorConfig(String model) {
        GeneratorConfig c = GeneratorConfig.forModel(model);
        if (c.weight(InstructionKind.PUT) == 0) {
            return c;
        }
        int half = c.weight(InstructionKind.PUT) / 2;
        return c.withWeight(InstructionKind.PUT_INLINE, half).withWeight(InstructionKind.PUT_UNSIGNALED, half);
    }

    /** The number of flag combinations: every flag of models.md §8 has two values. */
    public static final int COMBINATIONS = 1 << Flag.values().length;

    /** Flag combination number {@code k} (0..COMBINATIONS-1): bit j set means flag j of models.md §8 takes its non-default value. */
    public static FlagValues combination(int k) {
        FlagValues f = FlagValues.defaults();
        Flag[] all = Flag.values();
        for (int j = 0; j < all.length; j++) {
            if ((k >> j & 1) != 0) {
                f = f.with(all[j], all[j].allowedValues().get(1));
            }
        }
        return f;
    }

    /** The model program {@code index} is generated for. */
    public String modelOf(long index) {
        return models.get((int) (index % models.size()));
    }

    /** The flags program {@code index} is checked under. */
    public FlagValues flagsOf(long index) {
        return combination((int) ((index / models.size()) % COMBINATIONS));
    }

    /** Program {@code index} of this run. */
    public Program program(long index) {
        return generators.get(modelOf(index)).program(index / models.size()).withName("fuzz-" + seed + "-" + index);
    }

    /** Which generated programs are compared; the others are counted as left out. */
    private java.util.function.Predicate<Program> selection = p -> true;

    /**
     * Compares only the generated programs {@code which} accepts (say, those with an inline put);
     * the others are still generated, from their index as always, and counted as left out, so the
     * programs compared are the same whatever {@code jobs} and {@code from} split the run.
     */
    public void select(java.util.function.Predicate<Program> which) {
        this.selection = java.util.Objects.requireNonNull(which, "which");
    }

    /** Whether {@code p} has a put with the option {@code inline} (else: {@code unsignaled}; language.md §4.2). */
    public static boolean hasPutOption(Program p, boolean inline) {
        return p.threads().stream().flatMap(t -> t.instructions().stream())
                .anyMatch(x -> x instanceof remo.litmus.Instruction.Put put && (inline ? put.inline() : put.unsignaled()));
    }

    /** The machine states the operational explorer may visit per comparison: 25 per axiomatic candidate allowed, at least 500 000. */
    public long machineStateBound() {
        return Math.max(500_000L, candidateBound * 25);
    }

    /** The verdict of one comparison: null if consistent, else the kind and a description. */
    private record Disagreement(String kind, String detail) {
    }

    /** Per-comparison figures. */
    private static final class Tally {
        long candidates;
        long states;
        long graphs;
        boolean skipped;
        /** The check stopped because an interruption was requested: the program does not count. */
        boolean interrupted;
        /** The selection left the program out: generated, not compared. */
        boolean leftOut;
    }

    private Disagreement compare(Program p, String model, FlagValues flags, Tally tally) throws LitmusException {
        CatModel m = loaded.get(model);
        CheckResult ax = AxiomaticChecker.check(p, m, flags, CheckOptions.defaults().withMaxExecutions(candidateBound));
        tally.candidates += ax.explored();
        if (ax.partial()) {
            // an interrupted check is not a program over the bound
            if (remo.core.Interruption.requested()) {
                tally.interrupted = true;
            } else {
                tally.skipped = true;
            }
            return null;
        }
        CheckResult op = OperationalExplorer.check(p, m, flags, CheckOptions.defaults()
                .collecting(CheckOptions.Collect.ALLOWED, Integer.MAX_VALUE).withMaxExecutions(machineStateBound()));
        tally.states += op.explored();
        if (op.partial()) {
            // the machine's states are bounded too: one program must not take the run's heap (and
            // with it every figure) the way an unbounded machine once did at seed 2912
            if (remo.core.Interruption.requested()) {
                tally.interrupted = true;
            } else {
                tally.skipped = true;
            }
            return null;
        }
        for (Execution x : op.executions()) {
            tally.graphs++;
            GraphCheck.Verdict v = GraphCheck.check(x, m);
            if (!v.consistent()) {
                return new Disagreement("unsound", "the machine recorded a graph the model rejects: "
                        + (v.wellFormed() ? "check '" + v.failedCheck() + "' fails on cycle " + v.cycle() : "ill-formed: " + v.problems())
                        + "; final state " + x.finalState().format(p));
            }
        }
        Set<FinalState> a = ax.fullStates();
        Set<FinalState> o = op.fullStates();
        if (!o.containsAll(a)) {
            return new Disagreement("incomplete", difference(p, a, o));
        }
        if (!a.equals(o)) {
            return new Disagreement("states", difference(p, a, o));
        }
        return null;
    }

    private static String difference(Program p, Set<FinalState> axiomatic, Set<FinalState> operational) {
        Set<String> onlyA = axiomatic.stream().filter(s -> !operational.contains(s)).map(s -> s.format(p))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> onlyO = operational.stream().filter(s -> !axiomatic.contains(s)).map(s -> s.format(p))
                .collect(Collectors.toCollection(TreeSet::new));
        return "only the cat model allows " + onlyA + "; only the machine reaches " + onlyO;
    }

    /** What checking one program found: its figures, and its mismatch (shrunk) or null. */
    private record Checked(Tally tally, Mismatch mismatch) {
    }

    /** Generates, compares and (on a disagreement) shrinks program {@code i}. */
    private Checked checkProgram(long i) {
        Program p = program(i);
        String model = modelOf(i);
        FlagValues flags = flagsOf(i);
        Tally tally = new Tally();
        if (!selection.test(p)) {
            tally.leftOut = true;
            return new Checked(tally, null);
        }
        Disagreement d;
        try {
            d = compare(p, model, flags, tally);
        } catch (LitmusException e) {
            d = new Disagreement("error", e.diagnostic().format());
        }
        return new Checked(tally, d == null ? null : shrink(i, p, model, flags, d));
    }

    /**
     * Checks programs {@code from .. from+count-1} on the calling thread.
     *
     * @param progress called after each program with the number of programs done so far (may be null)
     * @return the figures and the shrunk mismatches
     */
    public FuzzReport run(long from, long count, Consumer<Long> progress) {
        return run(from, count, 1, progress);
    }

    /**
     * Checks programs {@code from .. from+count-1} on {@code jobs} threads. Each program is
     * generated from its index alone, so the report is the same for every {@code jobs}: the
     * results are gathered in index order (mismatches in index order, progress counted in order),
     * only the time differs. At most {@code 2 jobs} programs are in flight.
     *
     * @param jobs     threads, at least 1 ({@code 1} checks on the calling thread)
     * @param progress called after each program, in index order, with the number of programs done
     *                 so far (may be null)
     * @return the figures and the shrunk mismatches
     * @throws IllegalArgumentException if {@code jobs} is below 1
     */
    public FuzzReport run(long from, long count, int jobs, Consumer<Long> progress) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, not " + jobs);
        }
        long t0 = System.nanoTime();
        long comparisons = 0;
        long skipped = 0;
        long leftOut = 0;
        long graphs = 0;
        long candidates = 0;
        long states = 0;
        Set<Integer> combos = new HashSet<>();
        List<Mismatch> mismatches = new ArrayList<>();
        java.util.concurrent.ExecutorService pool = jobs == 1 ? null : java.util.concurrent.Executors.newFixedThreadPool(jobs,
                r -> {
                    // the engines recurse over the program's structure: the stack of remo's main thread
                    Thread t = new Thread(null, r, "remo-fuzz", 512L << 20);
                    t.setDaemon(true);
                    return t;
                });
        java.util.ArrayDeque<java.util.concurrent.Future<Checked>> ahead = new java.util.ArrayDeque<>();
        long submitted = from;
        long done = 0;
        String interrupted = null;
        try {
            for (long i = from; i < from + count; i++) {
                if (remo.core.Interruption.requested()) {
                    interrupted = remo.core.Interruption.reason();
                    break;
                }
                Checked c;
                if (pool == null) {
                    c = checkProgram(i);
                } else {
                    while (submitted < from + count && ahead.size() < 2 * jobs) {
                        long k = submitted++;
                        ahead.add(pool.submit(() -> checkProgram(k)));
                    }
                    c = result(ahead.poll());
                }
                Tally tally = c.tally();
                if (tally.interrupted) {
                    interrupted = remo.core.Interruption.reason();
                    break;
                }
                done++;
                candidates += tally.candidates;
                states += tally.states;
                graphs += tally.graphs;
                if (tally.leftOut) {
                    leftOut++;
                } else if (tally.skipped) {
                    skipped++;
                } else {
                    comparisons++;
                    combos.add((int) ((i / models.size()) % COMBINATIONS) * models.size() + (int) (i % models.size()));
                }
                if (c.mismatch() != null) {
                    mismatches.add(c.mismatch());
                }
                if (progress != null) {
                    progress.accept(i - from + 1);
                }
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
        int perModel = (int) combos.stream().map(c -> c / models.size()).distinct().count();
        return new FuzzReport(done, comparisons, skipped, graphs, perModel, candidates, states,
                (System.nanoTime() - t0) / 1e9, mismatches, leftOut, interrupted);
    }

    /** The result of a worker's program; its exception, if any, rethrown as it was. */
    private static Checked result(java.util.concurrent.Future<Checked> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fuzzing", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private Mismatch shrink(long index, Program p, String model, FlagValues flags, Disagreement d) {
        Program small = Shrinker.shrink(p, q -> {
            try {
                Disagreement again = compare(q, model, flags, new Tally());
                return again != null && again.kind().equals(d.kind());
            } catch (LitmusException | RuntimeException e) {
                return false;
            }
        });
        String detail = d.detail();
        try {
            Disagreement again = compare(small, model, flags, new Tally());
            if (again != null) {
                detail = again.detail();
            }
        } catch (LitmusException | RuntimeException e) {
            detail = d.detail();
        }
        return new Mismatch(seed, index, model, flags, d.kind(), detail, p, small);
    }
}
