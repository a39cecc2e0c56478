package remo.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.gen.CycleTestBuilder;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;

/**
 * The program generators of remo as {@link ProgramGenerator} values: random programs of
 * operational.md §8.3 with every knob of {@code remo gen --random} ({@link GeneratorConfig}), the
 * tests of diy-style cycles of relaxation edges (docs/diy-edges.md, {@code remo gen --cycle}), the
 * tests of a directory, fixed programs, and their interleaving.
 */
public final class Programs {

    private static final String CYCLES_SOURCE = "<cycles>";

    private Programs() {
    }

    /**
     * Random programs: draw {@code index} of seed {@code seed} is program {@code gen-<seed>-<index>} of
     * {@code remo gen --random} with the same knobs and seed
     * ({@link RandomProgramGenerator#program(long)}).
     *
     * @param config the knobs ({@link GeneratorConfig#defaults()}, {@link GeneratorConfig#forModel}, then
     *               {@code with…} for each {@code gen} option)
     * @return an infinite generator
     */
    public static ProgramGenerator random(GeneratorConfig config) {
        Objects.requireNonNull(config, "config");
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                return Draw.of(new RandomProgramGenerator(config, seed).program(index));
            }

            @Override
            public String description() {
                return "random programs (" + describe(config) + ")";
            }
        };
    }

    /**
     * Random programs with only the instruction classes {@code model} accepts
     * ({@code remo gen --random --model MODEL}).
     *
     * @param model a bundled model name
     * @throws IllegalArgumentException for any other name
     */
    public static ProgramGenerator random(String model) {
        return random(GeneratorConfig.forModel(model));
    }

    /**
     * The tests of the given cycles, one per cycle, in order ({@code remo gen --cycle EDGES}); draw
     * {@code index} is cycle {@code index mod n} whatever the seed.
     *
     * @param cycles cycles of edges such as {@code "PodWR Fre PodWR Fre"}
     * @return a finite generator of {@code cycles.length} programs
     * @throws IllegalArgumentException if no cycle is given, or with the diagnostic
     *                                  ({@code <cycles>:1:COL: error[E-EDGE|E-CYCLE]: …}) of a cycle that
     *                                  is not a test
     */
    public static ProgramGenerator cycles(String... cycles) {
        if (cycles.length == 0) {
            throw new IllegalArgumentException("cycles: give at least one cycle, e.g. \"PodWR Fre PodWR Fre\"");
        }
        List<Program> tests = new ArrayList<>();
        for (String c : cycles) {
            try {
                tests.add(CycleTestBuilder.fromEdges(c, null, CYCLES_SOURCE, 1));
            } catch (LitmusException e) {
                throw new IllegalArgumentException(e.diagnostic().format(), e);
            }
        }
        return listed("cycles " + String.join(" | ", cycles), tests);
    }

    /**
     * Random cycles over a vocabulary of edges, as diy enumerates them but drawn: each draw picks
     * {@code minEdges..maxEdges} edges of {@code edges} uniformly (with repetition) until they form a
     * cycle that is a test; sequences that are not (E-CYCLE) are counted as discarded. The test is
     * named by its shape or its edges joined by {@code +}.
     *
     * @param edges    the vocabulary, e.g. {@code List.of("PodWR", "PodWW", "Rfe", "Fre", "PodPP")}
     * @param minEdges fewest edges of a cycle (at least 2)
     * @param maxEdges most edges of a cycle (at least {@code minEdges})
     * @return an infinite generator; a draw is empty after {@value Draw#DEFAULT_ATTEMPTS} sequences that are
     *         no test
     * @throws IllegalArgumentException for an empty vocabulary, an unknown edge (its E-EDGE diagnostic)
     *                                  or a bad length range
     */
    public static ProgramGenerator randomCycles(List<String> edges, int minEdges, int maxEdges) {
        List<String> vocabulary = List.copyOf(edges);
        if (vocabulary.isEmpty()) {
            throw new IllegalArgumentException("randomCycles: the vocabulary of edges is empty");
        }
        if (minEdges < 2 || maxEdges < minEdges) {
            throw new IllegalArgumentException("randomCycles: the range " + minEdges + ".." + maxEdges
                    + " of edges is empty or below 2");
        }
        for (String e : vocabulary) {
            try {
                CycleTestBuilder.fromEdges(e, null, CYCLES_SOURCE, 1);
            } catch (LitmusException x) {
                if (x.diagnostic().code().equals("E-EDGE")) {
                    throw new IllegalArgumentException(x.diagnostic().format(), x);
                }
            }
        }
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                SplittableRandom random = new SplittableRandom(RandomProgramGenerator.programSeed(seed, index));
                for (int a = 0; a < Draw.DEFAULT_ATTEMPTS; a++) {
                    int length = minEdges + random.nextInt(maxEdges - minEdges + 1);
                    StringBuilder text = new StringBuilder();
                    for (int i = 0; i < length; i++) {
                        text.append(i == 0 ? "" : " ").append(vocabulary.get(random.nextInt(vocabulary.size())));
                    }
                    try {
                        return new Draw(CycleTestBuilder.fromEdges(text.toString(), null, CYCLES_SOURCE, 1), a);
                    } catch (LitmusException e) {
                        // not a test (E-CYCLE): draw another sequence
                    }
                }
                return new Draw(null, Draw.DEFAULT_ATTEMPTS);
            }

            @Override
            public String description() {
                return "random cycles of " + minEdges + ".." + maxEdges + " edges over " + vocabulary;
            }
        };
    }

    /**
     * The litmus tests of a directory: every {@code *.litmus} file below it (RDMA or herd7 X86), in
     * the order of their paths; draw {@code index} is file {@code index mod n} whatever the seed. All
     * files are parsed and validated here, so a bad file is reported before any try runs.
     *
     * @param dir the directory
     * @return a finite generator
     * @throws IllegalArgumentException if the directory has no {@code .litmus} file, cannot be read, or with
     *                                  the diagnostic ({@code file:line:column: error[CODE]: …}) of the first
     *                                  file that does not parse or validate
     */
    public static ProgramGenerator fromDirectory(Path dir) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".litmus"))
                    .sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new IllegalArgumentException("fromDirectory: cannot read " + dir + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("fromDirectory: no .litmus file below " + dir);
        }
        List<Program> tests = new ArrayList<>();
        for (Path f : files) {
            try {
                tests.add(LitmusParser.read(f, f.toString()));
            } catch (LitmusException e) {
                throw new IllegalArgumentException(e.diagnostic().format(), e);
            } catch (IOException e) {
                throw new IllegalArgumentException("fromDirectory: cannot read " + f + ": " + e.getMessage(), e);
            }
        }
        return listed("the " + tests.size() + " tests of " + dir, tests);
    }

    /**
     * Fixed programs, in order; draw {@code index} is program {@code index mod n} whatever the seed.
     *
     * @param programs validated programs
     * @throws IllegalArgumentException if none is given
     */
    public static ProgramGenerator of(Program... programs) {
        if (programs.length == 0) {
            throw new IllegalArgumentException("of: give at least one program");
        }
        return listed(programs.length + " fixed programs", List.of(programs));
    }

    /**
     * Several generators in turn: draw {@code index} is draw {@code index div k} of generator
     * {@code index mod k} ({@code k} generators). Finite only if every generator is finite; its size is
     * then {@code k} times the largest size.
     *
     * @throws IllegalArgumentException if none is given
     */
    public static ProgramGenerator interleave(ProgramGenerator... generators) {
        List<ProgramGenerator> all = List.of(generators);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("interleave: give at least one generator");
        }
        boolean finite = all.stream().allMatch(g -> g.size().isPresent());
        long largest = finite ? all.stream().mapToLong(g -> g.size().getAsLong()).max().orElse(0) : 0;
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                int k = all.size();
                return all.get((int) Math.floorMod(index, (long) k)).draw(seed, Math.floorDiv(index, (long) k));
            }

            @Override
            public String description() {
                return "interleave(" + String.join(", ", all.stream().map(ProgramGenerator::description).toList()) + ")";
            }

            @Override
            public OptionalLong size() {
                return finite ? OptionalLong.of(largest * all.size()) : OptionalLong.empty();
            }
        };
    }

    private static ProgramGenerator listed(String description, List<Program> programs) {
        List<Program> copy = List.copyOf(programs);
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                return Draw.of(copy.get((int) Math.floorMod(index, (long) copy.size())));
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public OptionalLong size() {
                return OptionalLong.of(copy.size());
            }
        };
    }

    /** The knobs that differ from operational.md §8.3's defaults, or {@code operational.md §8.3 defaults}. */
    static String describe(GeneratorConfig c) {
        GeneratorConfig d = GeneratorConfig.defaults();
        List<String> parts = new ArrayList<>();
        if (c.minNodes() != d.minNodes() || c.maxNodes() != d.maxNodes()) {
            parts.add("nodes " + c.minNodes() + ".." + c.maxNodes());
        }
        if (c.threadsPerNode() > 0) {
            parts.add(c.threadsPerNode() + " threads per node");
        } else if (c.minThreads() != d.minThreads() || c.maxThreads() != d.maxThreads()) {
            parts.add("threads " + c.minThreads() + ".." + c.maxThreads());
        }
        if (c.minInstructions() != d.minInstructions() || c.maxInstructions() != d.maxInstructions()) {
            parts.add("instructions " + c.minInstructions() + ".." + c.maxInstructions());
        }
        if (!c.weights().equals(d.weights())) {
            List<String> w = new ArrayList<>();
            c.weights().forEach((k, v) -> {
                if (v > 0) {
                    w.add(k.keyword() + "=" + v);
                }
            });
            parts.add("weights " + String.join(" ", w));
        }
        if (c.locationsPerNode() != d.locationsPerNode()) {
            parts.add(c.locationsPerNode() + " locations per node");
        }
        if (c.tagProbability() != d.tagProbability()) {
            parts.add("tag probability " + c.tagProbability());
        }
        if (c.workIds() != d.workIds()) {
            parts.add(c.workIds() + " work ids");
        }
        if (c.initialOneProbability() != d.initialOneProbability()) {
            parts.add("initial-one probability " + c.initialOneProbability());
        }
        if (c.registerOperandProbability() != d.registerOperandProbability()) {
            parts.add("register operands " + c.registerOperandProbability());
        }
        if (c.matchedPollsOnly()) {
            parts.add("matched polls");
        }
        if (c.condition() != d.condition()) {
            parts.add("random condition");
        }
        return parts.isEmpty() ? "operational.md §8.3 defaults" : String.join(", ", parts);
    }
}
