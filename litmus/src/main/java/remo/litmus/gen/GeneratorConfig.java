package remo.litmus.gen;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The knobs of {@link RandomProgramGenerator}. {@link #defaults()} is exactly the generator of
 * operational.md §8.3; every {@code with…} method returns a modified copy. Immutable.
 *
 * @param minNodes                  fewest nodes (at least 1)
 * @param maxNodes                  most nodes (at least {@code minNodes})
 * @param locationsPerNode          locations on every node {@code n}, named {@code x<n>}, {@code y<n>},
 *                                  {@code z<n>}, {@code w<n>}, {@code v<n>}, {@code u<n>} (1–6)
 * @param initialOneProbability     probability that a location starts at 1 rather than 0 (operational.md §8.3: 1/3)
 * @param minThreads                fewest threads in total (used when {@code threadsPerNode} is 0)
 * @param maxThreads                most threads in total (used when {@code threadsPerNode} is 0)
 * @param threadsPerNode            if positive, every node runs exactly this many threads and the
 *                                  thread range is ignored; if 0, {@code minThreads..maxThreads} threads
 *                                  each run on a node drawn uniformly
 * @param minInstructions           fewest instructions per thread (at least 1)
 * @param maxInstructions           most instructions per thread
 * @param weights                   relative weight of every instruction kind (missing kinds weigh 0);
 *                                  a kind of weight 0 is never drawn
 * @param tagProbability            probability that a NIC operation carries a work id (operational.md §8.3: 1/2)
 * @param workIds                   number of distinct work ids, named {@code d}, {@code e}, {@code f}, …
 *                                  (operational.md §8.3: 2)
 * @param registerOperandProbability probability that a value operand (store value, cas/rcas operands,
 *                                  faa/rfaa addend, await value) is an already assigned register instead
 *                                  of a constant (operational.md §8.3: 0)
 * @param matchedPollsOnly          if true, a {@code poll n} is drawn only while the thread has an earlier
 *                                  operation to {@code n} not yet matched by a poll, so no poll blocks
 *                                  statically (models.md §3.1); operational.md §8.3: false
 * @param condition                 {@link Condition#TRUE} ({@code exists (true)}, operational.md §8.3) or
 *                                  {@link Condition#RANDOM}
 */
public record GeneratorConfig(
        int minNodes,
        int maxNodes,
        int locationsPerNode,
        double initialOneProbability,
        int minThreads,
        int maxThreads,
        int threadsPerNode,
        int minInstructions,
        int maxInstructions,
        Map<InstructionKind, Integer> weights,
        double tagProbability,
        int workIds,
        double registerOperandProbability,
        boolean matchedPollsOnly,
        Condition condition) {

    /** The final condition of generated programs. */
    public enum Condition {
        /** {@code exists (true)}: outcome sets are compared, not verdicts (operational.md §8.3). */
        TRUE,
        /**
         * {@code exists} of a conjunction of one to three atoms over the registers the threads assign and
         * the locations, with values 0–3.
         */
        RANDOM
    }

    /** Location name prefixes, in order; location {@code i} of node {@code n} is {@code PREFIX[i] + n}. */
    static final String[] LOCATION_LETTERS = {"x", "y", "z", "w", "v", "u"};

    /**
     * Validates the knobs.
     *
     * @throws IllegalArgumentException if a range is empty or below 1, a probability is outside [0, 1],
     *                                  a weight is negative, or every kind that can always be drawn
     *                                  (not {@link InstructionKind#isConditional()}) weighs 0
     */
    public GeneratorConfig {
        requireRange("nodes", minNodes, maxNodes, 1);
        if (locationsPerNode < 1 || locationsPerNode > LOCATION_LETTERS.length) {
            throw new IllegalArgumentException("locations per node must be 1.." + LOCATION_LETTERS.length
                    + ", found " + locationsPerNode);
        }
        requireProbability("initial-one probability", initialOneProbability);
        if (threadsPerNode < 0) {
            throw new IllegalArgumentException("threads per node must be >= 0, found " + threadsPerNode);
        }
        if (threadsPerNode == 0) {
            requireRange("threads", minThreads, maxThreads, 1);
        }
        requireRange("instructions per thread", minInstructions, maxInstructions, 1);
        EnumMap<InstructionKind, Integer> w = new EnumMap<>(InstructionKind.class);
        for (InstructionKind k : InstructionKind.values()) {
            int value = weights.getOrDefault(k, 0);
            if (value < 0) {
                throw new IllegalArgumentException("weight of " + k.keyword() + " must be >= 0, found " + value);
            }
            w.put(k, value);
        }
        boolean drawable = false;
        for (InstructionKind k : InstructionKind.values()) {
            drawable |= !k.isConditional() && w.get(k) > 0;
        }
        if (!drawable) {
            throw new IllegalArgumentException("some instruction kind other than poll, rfence, wait, assume and "
                    + "assign must have a positive weight");
        }
        weights = Collections.unmodifiableMap(w);
        requireProbability("tag probability", tagProbability);
        if (workIds < 1 || workIds > 20) {
            throw new IllegalArgumentException("work ids must be 1..20, found " + workIds);
        }
        requireProbability("register-operand probability", registerOperandProbability);
        if (condition == null) {
            throw new IllegalArgumentException("condition must not be null");
        }
    }

    private static void requireRange(String what, int min, int max, int lowest) {
        if (min < lowest || max < min) {
            throw new IllegalArgumentException(what + " range " + min + ".." + max + " is empty or below " + lowest);
        }
    }

    private static void requireProbability(String what, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException(what + " must be in [0, 1], found " + p);
        }
    }

    /**
     * The generator of operational.md §8.3: 2–3 nodes, {@code x<n>} and {@code y<n>} on every node
     * (initially 0 with probability 2/3, else 1), 1–3 threads on random nodes, 1–4 instructions each,
     * kinds load, store, mfence, cas, faa, put, get, rcas, rfaa, poll, rfence, wait, gf with stores,
     * puts and gets twice as likely, tags {@code #d}/{@code #e} with probability 1/2, condition
     * {@code exists (true)}.
     */
    public static GeneratorConfig defaults() {
        EnumMap<InstructionKind, Integer> w = new EnumMap<>(InstructionKind.class);
        for (InstructionKind k : EnumSet.range(InstructionKind.LOAD, InstructionKind.GF)) {
            w.put(k, 1);
        }
        w.put(InstructionKind.STORE, 2);
        w.put(InstructionKind.PUT, 2);
        w.put(InstructionKind.GET, 2);
        return new GeneratorConfig(2, 3, 2, 1.0 / 3, 1, 3, 0, 1, 4, w, 0.5, 2, 0.0, false, Condition.TRUE);
    }

    /**
     * The defaults restricted to the instruction classes {@code model} accepts (language.md §4.3):
     * {@code sc} and {@code tso} get CPU-only programs on a single node (so that threads share
     * memory), {@code rdma-tso} no {@code rcas}/{@code rfaa}, {@code rdma-wait-rmw} no {@code poll};
     * {@code rdma-tso-rmw} and {@code rdma-sc-rmw} everything.
     *
     * @param model a bundled model name
     * @throws IllegalArgumentException for any other name
     */
    public static GeneratorConfig forModel(String model) {
        GeneratorConfig d = defaults();
        switch (model) {
            case "sc":
            case "tso":
                return d.withNodes(1, 1).without(EnumSet.of(InstructionKind.PUT, InstructionKind.GET, InstructionKind.RCAS,
                        InstructionKind.RFAA, InstructionKind.POLL, InstructionKind.RFENCE, InstructionKind.WAIT,
                        InstructionKind.GF));
            case "rdma-tso":
                return d.without(EnumSet.of(InstructionKind.RCAS, InstructionKind.RFAA));
            case "rdma-wait-rmw":
                return d.without(EnumSet.of(InstructionKind.POLL));
            case "rdma-tso-rmw":
            case "rdma-sc-rmw":
                return d;
            default:
                throw new IllegalArgumentException("unknown model '" + model + "'; expected sc, tso, rdma-tso, "
                        + "rdma-tso-rmw, rdma-wait-rmw or rdma-sc-rmw");
        }
    }

    /** The weight of {@code kind} (0 if never drawn). */
    public int weight(InstructionKind kind) {
        return weights.get(kind);
    }

    /** A copy with {@code kinds} excluded (weight 0). */
    public GeneratorConfig without(Set<InstructionKind> kinds) {
        EnumMap<InstructionKind, Integer> w = new EnumMap<>(weights);
        for (InstructionKind k : kinds) {
            w.put(k, 0);
        }
        return withWeights(w);
    }

    /** A copy with {@code kind} at weight {@code weight}. */
    public GeneratorConfig withWeight(InstructionKind kind, int weight) {
        EnumMap<InstructionKind, Integer> w = new EnumMap<>(weights);
        w.put(kind, weight);
        return withWeights(w);
    }

    /** A copy with these weights (missing kinds weigh 0). */
    public GeneratorConfig withWeights(Map<InstructionKind, Integer> w) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, w, tagProbability, workIds, registerOperandProbability,
                matchedPollsOnly, condition);
    }

    /** A copy with {@code min..max} nodes. */
    public GeneratorConfig withNodes(int min, int max) {
        return new GeneratorConfig(min, max, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy with {@code k} locations on every node. */
    public GeneratorConfig withLocationsPerNode(int k) {
        return new GeneratorConfig(minNodes, maxNodes, k, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy where a location starts at 1 with probability {@code p} (else 0). */
    public GeneratorConfig withInitialOneProbability(double p) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, p, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy with {@code min..max} threads in total, each on a random node. */
    public GeneratorConfig withThreads(int min, int max) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, min, max,
                0, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy with exactly {@code k} threads on every node ({@code k >= 1}). */
    public GeneratorConfig withThreadsPerNode(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("threads per node must be >= 1, found " + k);
        }
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                k, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy with {@code min..max} instructions per thread. */
    public GeneratorConfig withInstructions(int min, int max) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, min, max, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy where a NIC operation is tagged with probability {@code p}. */
    public GeneratorConfig withTagProbability(double p) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, p, workIds,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy with {@code k} distinct work ids. */
    public GeneratorConfig withWorkIds(int k) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, k,
                registerOperandProbability, matchedPollsOnly, condition);
    }

    /** A copy where value operands are assigned registers with probability {@code p}. */
    public GeneratorConfig withRegisterOperandProbability(double p) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                p, matchedPollsOnly, condition);
    }

    /** A copy with the poll rule switched (see {@code matchedPollsOnly}). */
    public GeneratorConfig withMatchedPollsOnly(boolean on) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, on, condition);
    }

    /** A copy with another kind of final condition. */
    public GeneratorConfig withCondition(Condition c) {
        return new GeneratorConfig(minNodes, maxNodes, locationsPerNode, initialOneProbability, minThreads, maxThreads,
                threadsPerNode, minInstructions, maxInstructions, weights, tagProbability, workIds,
                registerOperandProbability, matchedPollsOnly, c);
    }
}
