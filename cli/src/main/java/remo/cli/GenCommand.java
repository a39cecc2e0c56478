package remo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.CycleTestBuilder;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.InstructionKind;
import remo.litmus.gen.RandomProgramGenerator;
import remo.models.ModelLibrary;

/**
 * {@code remo gen}: writes generated litmus tests. {@code --random N} draws N programs from the
 * seeded random generator of operational.md §8.3 (files {@code gen-S-K.litmus}); {@code --cycle EDGES}
 * builds the test of a cycle of relaxation edges (docs/diy-edges.md). Exit status: 0 success, 2 a
 * usage error, bad knobs, bad edges ({@code <command line>:1:col: error[...]}) or an I/O error.
 */
@Command(name = "gen", mixinStandardHelpOptions = true,
        description = {"Generate litmus tests: random RDMA programs (operational.md §8.3) or the test of a cycle of "
                + "relaxation edges (docs/diy-edges.md).",
                "Examples:",
                "  remo gen --random 100 --seed 7 --out gen/",
                "  remo gen --cycle \"PodWR Fre PodWR Fre\"",
                "  remo gen --cycle \"PodPP Rfe PodRR Fre\" --name MP+puts --out tests/",
                "  remo gen --stores 400 --out perf/"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the tests were written", "2:usage error, bad option value, bad edge or I/O error"})
final class GenCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    /** Exactly one of {@code --random}, {@code --cycle} and {@code --stores}. */
    static final class Mode {
        @Option(names = "--random", paramLabel = "N", required = true,
                description = "Generate N random programs, named gen-S-K (K = 0..N-1).")
        Integer random;

        @Option(names = "--cycle", paramLabel = "EDGES", required = true,
                description = "Build the test of this cycle of edges, e.g. \"PodWR Fre PodWR Fre\" (docs/diy-edges.md).")
        String cycle;

        @Option(names = "--stores", paramLabel = "N", required = true,
                description = "Write the scaling benchmark STORES-N: one X86 thread of N stores to one location.")
        Integer stores;
    }

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write each test to DIR/NAME.litmus (created if needed) instead of printing it.")
    Path out;

    @Option(names = "--name", paramLabel = "NAME",
            description = "--cycle: the test name (default: the classic shape name such as SB, or the edges joined by '+').")
    String name;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "--random: the seed; program K of seed S is always the same (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--model", paramLabel = "NAME",
            description = "--random: only instruction classes the model accepts (language.md §4.3): sc, tso (CPU only, "
                    + "one node), rdma-tso (no rcas/rfaa), rdma-wait-rmw (no poll), rdma-tso-rmw, rdma-sc-rmw.")
    String model;

    @Option(names = "--nodes", paramLabel = "MIN[..MAX]", description = "--random: number of nodes (default 2..3).")
    String nodes;

    @Option(names = "--threads", paramLabel = "MIN[..MAX]",
            description = "--random: number of threads, each on a random node (default 1..3).")
    String threads;

    @Option(names = "--threads-per-node", paramLabel = "K", description = "--random: exactly K threads on every node.")
    Integer threadsPerNode;

    @Option(names = "--instructions", paramLabel = "MIN[..MAX]",
            description = "--random: instructions per thread (default 1..4).")
    String instructions;

    @Option(names = "--locations-per-node", paramLabel = "K",
            description = "--random: locations x<n>, y<n>, … on every node n (1..6, default 2).")
    Integer locationsPerNode;

    @Option(names = "--weight", paramLabel = "KIND=W",
            description = "--random: weight of an instruction kind (load store mfence cas faa put get rcas rfaa poll "
                    + "rfence wait gf await assume assign); repeatable. Defaults: store, put, get 2; await, assume, "
                    + "assign 0; others 1.")
    List<String> weights = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "KIND", description = "--random: never generate KIND (weight 0); repeatable.")
    List<String> excluded = new ArrayList<>();

    @Option(names = "--tag-probability", paramLabel = "P",
            description = "--random: probability that a NIC operation carries a work id (default 0.5).")
    Double tagProbability;

    @Option(names = "--work-ids", paramLabel = "K", description = "--random: distinct work ids d, e, … (default 2).")
    Integer workIds;

    @Option(names = "--init-one-probability", paramLabel = "P",
            description = "--random: probability that a location starts at 1 instead of 0 (default 1/3).")
    Double initOneProbability;

    @Option(names = "--register-operands", paramLabel = "P",
            description = "--random: probability that a value operand is an assigned register (default 0).")
    Double registerOperands;

    @Option(names = "--matched-polls",
            description = "--random: draw a poll only when it matches an earlier operation (no statically blocked polls).")
    boolean matchedPolls;

    @Option(names = "--condition", paramLabel = "true|random", defaultValue = "true",
            description = "--random: 'true' gives exists (true) (default); 'random' a conjunction of 1–3 atoms.")
    String condition;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        ArgumentPositions args = ArgumentPositions.of(spec);
        try {
            OutputPath.requireNonEmpty(args, "--out", out);
            List<Program> programs = new ArrayList<>();
            if (name != null && !name.matches("[A-Za-z0-9_./+\\-\\[\\]:]+")) {
                throw error(args.value("--name"), "E-GEN", "--name must be one or more of the characters A-Z a-z 0-9 _ . / + - [ ] : "
                        + "(a litmus test name, language.md §3.1), found '" + remo.core.SourceText.printable(name) + "'");
            }
            if (mode.stores != null) {
                try {
                    programs.add(remo.litmus.gen.StoreSequence.program(mode.stores));
                } catch (IllegalArgumentException e) {
                    throw error(args.value("--stores"), "E-GEN", e.getMessage());
                }
            } else if (mode.cycle != null) {
                int column = args.value("--cycle").column();
                try {
                    programs.add(CycleTestBuilder.fromEdges(mode.cycle, name, ModelLibrary.COMMAND_LINE, column));
                } catch (IllegalArgumentException e) {
                    throw error(args.value(name == null ? "--cycle" : "--name"), "E-GEN", e.getMessage());
                }
            } else {
                if (mode.random < 0) {
                    throw error(args.value("--random"), "E-GEN", "--random needs a count >= 0");
                }
                RandomProgramGenerator gen = new RandomProgramGenerator(config(args), seed);
                try {
                    for (int k = 0; k < mode.random; k++) {
                        programs.add(gen.next());
                    }
                } catch (IllegalArgumentException e) {
                    throw new DiagnosticException(Diagnostic.error("E-GEN", ModelLibrary.COMMAND_LINE, Position.START,
                            "the knobs cannot generate a program: " + e.getMessage()));
                }
            }
            if (out == null) {
                for (int i = 0; i < programs.size(); i++) {
                    stdout.print((i > 0 ? "\n" : "") + ProgramPrinter.print(programs.get(i)));
                }
            } else {
                write(programs, stdout);
            }
            stdout.flush();
            return 0;
        } catch (DiagnosticException e) {
            stderr.println(e.diagnostic().format());
            stderr.flush();
            return 2;
        }
    }

    private void write(List<Program> programs, PrintWriter stdout) throws DiagnosticException {
        int written = 0;
        try {
            Files.createDirectories(out);
            for (Program p : programs) {
                Path file = out.resolve(p.name().replace('/', '_') + ".litmus");
                OutputPath.writeAtomically(file, ProgramPrinter.print(p));
                written++;
                if (mode.random == null) {
                    stdout.println(file);
                }
            }
            if (mode.random != null) {
                stdout.println("wrote " + programs.size() + " program" + (programs.size() == 1 ? "" : "s") + " of seed "
                        + seed + " to " + out);
            }
        } catch (IOException | RuntimeException e) {
            // each file is whole or absent: say how many are there
            throw new DiagnosticException(Diagnostic.error("E-IO", out.toString(), Position.START,
                    OutputPath.describeWriteFailure(e) + (programs.size() > 1 ? " (" + written + " of " + programs.size()
                            + " programs were written before it)" : "")));
        }
    }

    /** The generator configuration from the knobs, over the model preset or the defaults. */
    private GeneratorConfig config(ArgumentPositions args) throws DiagnosticException {
        GeneratorConfig c;
        try {
            c = model == null ? GeneratorConfig.defaults() : GeneratorConfig.forModel(model);
        } catch (IllegalArgumentException e) {
            throw error(args.value("--model"), "E-MODEL", e.getMessage());
        }
        if (nodes != null) {
            int[] r = range(args.value("--nodes"), nodes);
            c = knob(args, "--nodes", c, x -> x.withNodes(r[0], r[1]));
        }
        if (threads != null) {
            int[] r = range(args.value("--threads"), threads);
            c = knob(args, "--threads", c, x -> x.withThreads(r[0], r[1]));
        }
        if (threadsPerNode != null) {
            c = knob(args, "--threads-per-node", c, x -> x.withThreadsPerNode(threadsPerNode));
        }
        if (instructions != null) {
            int[] r = range(args.value("--instructions"), instructions);
            c = knob(args, "--instructions", c, x -> x.withInstructions(r[0], r[1]));
        }
        if (locationsPerNode != null) {
            c = knob(args, "--locations-per-node", c, x -> x.withLocationsPerNode(locationsPerNode));
        }
        c = withWeights(args, c);
        if (tagProbability != null) {
            c = knob(args, "--tag-probability", c, x -> x.withTagProbability(tagProbability));
        }
        if (workIds != null) {
            c = knob(args, "--work-ids", c, x -> x.withWorkIds(workIds));
        }
        if (initOneProbability != null) {
            c = knob(args, "--init-one-probability", c, x -> x.withInitialOneProbability(initOneProbability));
        }
        if (registerOperands != null) {
            c = knob(args, "--register-operands", c, x -> x.withRegisterOperandProbability(registerOperands));
        }
        if (matchedPolls) {
            c = c.withMatchedPollsOnly(true);
        }
        switch (condition) {
            case "true" -> c = c.withCondition(GeneratorConfig.Condition.TRUE);
            case "random" -> c = c.withCondition(GeneratorConfig.Condition.RANDOM);
            default -> throw error(args.value("--condition"), "E-GEN", "--condition must be 'true' or 'random', found '" + condition + "'");
        }
        return c;
    }

    /** Applies one knob; the generator's rejection of its value is an error at the option's value. */
    private static GeneratorConfig knob(ArgumentPositions args, String option, GeneratorConfig c,
                                        java.util.function.UnaryOperator<GeneratorConfig> apply) throws DiagnosticException {
        try {
            return apply.apply(c);
        } catch (IllegalArgumentException e) {
            throw ModelOptions.optionError("E-GEN", args, option, e.getMessage());
        }
    }

    /**
     * The {@code --weight} and {@code --exclude} knobs, applied together (so that only the final
     * weights must leave a kind to draw). A negative weight is an error at its value; weights that
     * leave nothing to draw, at the last argument on the command line that set a drawable kind to 0.
     */
    private GeneratorConfig withWeights(ArgumentPositions args, GeneratorConfig c) throws DiagnosticException {
        java.util.EnumMap<InstructionKind, Integer> w = new java.util.EnumMap<>(c.weights());
        Position lastZeroing = null;
        for (int n = 0; n < weights.size(); n++) {
            String x = weights.get(n);
            Position at = args.valueOffset("--weight", n, 0);
            int eq = x.indexOf('=');
            InstructionKind kind = eq < 0 ? null : InstructionKind.byKeyword(x.substring(0, eq)).orElse(null);
            if (kind == null) {
                throw error(at, "E-GEN", "expected KIND=WEIGHT with KIND one of " + kinds() + ", found '" + x + "'");
            }
            int valueColumn = at.column() + eq + 1;
            int weight;
            try {
                weight = Integer.parseInt(x.substring(eq + 1));
            } catch (NumberFormatException e) {
                throw error(valueColumn, "weight of " + kind.keyword() + " is not a number: '" + x.substring(eq + 1) + "'");
            }
            if (weight < 0) {
                throw error(valueColumn, "weight of " + kind.keyword() + " must be >= 0, found " + weight);
            }
            if (weight > 1_000_000) {
                throw error(valueColumn, "weight of " + kind.keyword() + " is too large: " + weight + " (at most 1000000)");
            }
            w.put(kind, weight);
            if (weight == 0 && !kind.isConditional()) {
                lastZeroing = later(lastZeroing, at);
            }
        }
        for (int n = 0; n < excluded.size(); n++) {
            String x = excluded.get(n);
            Position at = args.valueOffset("--exclude", n, 0);
            InstructionKind kind = InstructionKind.byKeyword(x).orElse(null);
            if (kind == null) {
                throw error(at, "E-GEN", "unknown instruction kind '" + x + "'; expected one of " + kinds());
            }
            w.put(kind, 0);
            if (!kind.isConditional()) {
                lastZeroing = later(lastZeroing, at);
            }
        }
        try {
            return c.withWeights(w);
        } catch (IllegalArgumentException e) {
            Position culprit = lastZeroing != null ? lastZeroing : model != null ? args.value("--model") : Position.START;
            throw error(culprit, "E-GEN", e.getMessage());
        }
    }

    /** Of two positions on the command line (a may be null), the later one. */
    private static Position later(Position a, Position b) {
        return a == null || b.column() >= a.column() ? b : a;
    }

    private static String kinds() {
        List<String> names = new ArrayList<>();
        for (InstructionKind k : InstructionKind.values()) {
            names.add(k.keyword());
        }
        return String.join(", ", names);
    }

    /** {@code MIN} or {@code MIN..MAX}, with {@code 1 <= MIN <= MAX}. */
    private static int[] range(Position at, String text) throws DiagnosticException {
        String[] parts = text.split("\\.\\.", -1);
        int[] r = null;
        try {
            if (parts.length == 1) {
                int v = Integer.parseInt(parts[0].trim());
                r = new int[] {v, v};
            } else if (parts.length == 2) {
                r = new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())};
            }
        } catch (NumberFormatException e) {
            r = null;
        }
        if (r == null) {
            throw error(at, "E-GEN", "expected MIN or MIN..MAX, found '" + text + "'");
        }
        if (r[0] < 1 || r[1] < r[0]) {
            throw error(at, "E-GEN", "the range '" + text + "' is empty or starts below 1");
        }
        return r;
    }

    private static DiagnosticException error(Position at, String code, String message) {
        return new DiagnosticException(Diagnostic.error(code, ModelLibrary.COMMAND_LINE, at, message));
    }

    private static DiagnosticException error(int column, String message) {
        return new DiagnosticException(Diagnostic.error("E-GEN", ModelLibrary.COMMAND_LINE, new Position(1, column), message));
    }
}
