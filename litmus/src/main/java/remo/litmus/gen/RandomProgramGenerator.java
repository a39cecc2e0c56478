package remo.litmus.gen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import remo.core.Position;
import remo.litmus.BinOp;
import remo.litmus.BoolExpr;
import remo.litmus.Dialect;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.LocationRef;
import remo.litmus.NodeRef;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.Register;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.litmus.WorkIdRef;

/**
 * Seeded random generator of well-formed RDMA litmus programs (operational.md §8.3), for
 * differential testing and fuzzing.
 *
 * <p>Program {@code k} of seed {@code s} is named {@code gen-s-k} and depends only on the
 * configuration, {@code s} and {@code k} ({@link #program(long)}), so a failing program can be
 * regenerated from the two numbers alone. {@link #next()} (and {@link #get()}) return programs
 * {@code 0, 1, 2, …} in turn.
 *
 * <p>Every generated program passes {@code ProgramValidator.validate}, can be printed by
 * {@code ProgramPrinter.print}, and parses back to an equal program (up to positions and source
 * texts). The generation rules:
 * <ul>
 *   <li>nodes, locations, initial values, threads and instruction counts as in
 *       {@link GeneratorConfig};</li>
 *   <li>each instruction's kind is drawn by weight. Loads, {@code cas} and {@code faa} write a fresh
 *       register {@code r0, r1, …} of their thread; CPU instructions access a random location of the
 *       thread's node;</li>
 *   <li>a NIC operation targets a random node (possibly the thread's own: loopback), a random
 *       location on it, and a random local location different from the target where possible (always
 *       for {@code rcas}/{@code rfaa}, as E-SLOT-ALIAS requires); it carries a random work id with the
 *       tag probability;</li>
 *   <li>{@code poll n} and {@code rfence n} go only to nodes the thread already targets, otherwise a
 *       {@code put} is drawn instead; {@code wait d} only on work ids the thread already used,
 *       otherwise a {@code get}. {@code assume} and register arithmetic need an assigned register. When
 *       such a replacement is impossible (its weight is 0) the kind is drawn again.</li>
 * </ul>
 *
 * <p>Not thread-safe ({@link #next()} advances a counter); {@link #program(long)} and
 * {@link #generate} have no shared state.
 */
public final class RandomProgramGenerator implements Supplier<Program> {

    private static final int MAX_DRAWS = 10_000;

    private final GeneratorConfig config;
    private final long seed;
    private long nextIndex;

    /**
     * @param config the knobs
     * @param seed   the seed; together with a program's index it determines the program
     */
    public RandomProgramGenerator(GeneratorConfig config, long seed) {
        this.config = java.util.Objects.requireNonNull(config);
        this.seed = seed;
    }

    /** The configuration. */
    public GeneratorConfig config() {
        return config;
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /** The index the next call of {@link #next()} generates. */
    public long nextIndex() {
        return nextIndex;
    }

    /** Program {@link #nextIndex()}, then advances the index. */
    public Program next() {
        return program(nextIndex++);
    }

    /** Same as {@link #next()}. */
    @Override
    public Program get() {
        return next();
    }

    /**
     * Program {@code index} of this generator's seed, named {@code gen-<seed>-<index>}.
     *
     * @param index any number; the same index always gives the same program
     * @return a validated program
     */
    public Program program(long index) {
        SplittableRandom random = new SplittableRandom(programSeed(seed, index));
        String name = "gen-" + seed + "-" + index;
        return new Draw(config, random).program(name, "Random program " + index + " of seed " + seed);
    }

    /**
     * The seed of program {@code index} of seed {@code seed} (a 64-bit mix of the two numbers).
     */
    public static long programSeed(long seed, long index) {
        return mix(mix(seed) + index * 0x9E3779B97F4A7C15L);
    }

    /**
     * Generates one program from a caller-supplied random source.
     *
     * @param config the knobs
     * @param random advanced by the draw
     * @param name   the test name (characters of language.md §3.1 {@code NAME})
     * @return a validated program without doc string
     */
    public static Program generate(GeneratorConfig config, SplittableRandom random, String name) {
        return new Draw(config, random).program(name, null);
    }

    /** Stafford's mix13 finaliser (as in {@link SplittableRandom}). */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The state of one program draw. */
    private static final class Draw {
        private final GeneratorConfig config;
        private final SplittableRandom random;
        private final int totalWeight;
        private int nodes;
        private final Map<Integer, List<LocationDecl>> locationsByNode = new LinkedHashMap<>();

        Draw(GeneratorConfig config, SplittableRandom random) {
            this.config = config;
            this.random = random;
            int total = 0;
            for (InstructionKind k : InstructionKind.values()) {
                total += config.weight(k);
            }
            this.totalWeight = total;
        }

        Program program(String name, String doc) {
            nodes = between(config.minNodes(), config.maxNodes());
            List<LocationDecl> locations = new ArrayList<>();
            for (int n = 1; n <= nodes; n++) {
                List<LocationDecl> here = new ArrayList<>();
                for (int i = 0; i < config.locationsPerNode(); i++) {
                    long init = chance(config.initialOneProbability()) ? 1 : 0;
                    here.add(new LocationDecl(GeneratorConfig.LOCATION_LETTERS[i] + n, n, init, Position.NONE));
                }
                locationsByNode.put(n, here);
                locations.addAll(here);
            }
            List<Integer> threadNodes = new ArrayList<>();
            if (config.threadsPerNode() > 0) {
                for (int n = 1; n <= nodes; n++) {
                    for (int k = 0; k < config.threadsPerNode(); k++) {
                        threadNodes.add(n);
                    }
                }
            } else {
                int threads = between(config.minThreads(), config.maxThreads());
                for (int t = 0; t < threads; t++) {
                    threadNodes.add(between(1, nodes));
                }
            }
            List<ThreadCode> threads = new ArrayList<>();
            List<List<Register>> assigned = new ArrayList<>();
            for (int t = 0; t < threadNodes.size(); t++) {
                ThreadDraw td = new ThreadDraw(threadNodes.get(t));
                int count = between(config.minInstructions(), config.maxInstructions());
                for (int i = 0; i < count; i++) {
                    td.code.add(instruction(td));
                }
                threads.add(ThreadCode.of(t, td.node, td.code));
                assigned.add(td.assigned);
            }
            Prop condition = config.condition() == GeneratorConfig.Condition.TRUE
                    ? new Prop.Constant(true) : randomCondition(assigned, locations);
            return new Program(name, Dialect.RDMA, doc, name + ".litmus", List.of(), Map.of(), locations, List.of(),
                    threads, List.of(), null, Quantifier.EXISTS, condition);
        }

        private Prop randomCondition(List<List<Register>> assigned, List<LocationDecl> locations) {
            List<ItemRef> items = new ArrayList<>();
            for (int t = 0; t < assigned.size(); t++) {
                for (Register r : assigned.get(t)) {
                    items.add(new ItemRef(new StateItem.RegisterItem(t, r.name()), r.name(), Position.NONE));
                }
            }
            for (LocationDecl d : locations) {
                items.add(new ItemRef(new StateItem.LocationItem(d.name()), d.name(), Position.NONE));
            }
            int atoms = between(1, Math.min(3, items.size()));
            List<Prop> parts = new ArrayList<>();
            for (int k = 0; k < atoms; k++) {
                ItemRef item = items.remove(random.nextInt(items.size()));
                parts.add(new Prop.Atom(item, true, between(0, 3)));
            }
            return Prop.conjunction(parts);
        }

        /** Draws kinds until one can be made here. */
        private Instruction instruction(ThreadDraw td) {
            for (int attempt = 0; attempt < MAX_DRAWS; attempt++) {
                Instruction i = make(drawKind(), td);
                if (i != null) {
                    return i;
                }
            }
            throw new IllegalStateException("the generator configuration cannot produce an instruction for a thread on node "
                    + td.node + " (check the weights and locations per node)");
        }

        private InstructionKind drawKind() {
            int x = random.nextInt(totalWeight);
            for (InstructionKind k : InstructionKind.values()) {
                x -= config.weight(k);
                if (x < 0) {
                    return k;
                }
            }
            throw new AssertionError("weights changed during a draw");
        }

        /** Makes an instruction of {@code kind}, a replacement, or {@code null} if neither is possible. */
        private Instruction make(InstructionKind kind, ThreadDraw td) {
            switch (kind) {
                case LOAD:
                    return new Instruction.Load(td.fresh(), local(td), Position.NONE);
                case STORE:
                    return new Instruction.Store(local(td), value(td, 1, 3), Position.NONE);
                case MFENCE:
                    return new Instruction.MFence(Position.NONE);
                case CAS: {
                    LocationRef x = local(td);
                    Operand e = value(td, 0, 1);
                    Operand v = value(td, 2, 3);
                    return new Instruction.LockedRmw(Instruction.RmwKind.CAS, td.fresh(), x, e, v, Position.NONE);
                }
                case FAA: {
                    LocationRef x = local(td);
                    Operand k = value(td, 1, 1);
                    return new Instruction.LockedRmw(Instruction.RmwKind.FAA, td.fresh(), x, k, null, Position.NONE);
                }
                case PUT:
                case PUT_INLINE:
                case PUT_UNSIGNALED:
                case GET:
                case RCAS:
                case RFAA:
                    return nicOperation(kind, td);
                case POLL: {
                    List<Integer> targets = new ArrayList<>();
                    for (Map.Entry<Integer, Integer> e : td.unmatched.entrySet()) {
                        if (!config.matchedPollsOnly() || e.getValue() > 0) {
                            targets.add(e.getKey());
                        }
                    }
                    if (targets.isEmpty()) {
                        return replacement(InstructionKind.PUT, td);
                    }
                    int n = targets.get(random.nextInt(targets.size()));
                    td.unmatched.merge(n, -1, Integer::sum);
                    return new Instruction.Poll(NodeRef.of(n), Position.NONE);
                }
                case RFENCE: {
                    if (td.unmatched.isEmpty()) {
                        return replacement(InstructionKind.PUT, td);
                    }
                    List<Integer> targets = new ArrayList<>(td.unmatched.keySet());
                    return new Instruction.RFence(NodeRef.of(targets.get(random.nextInt(targets.size()))), Position.NONE);
                }
                case WAIT: {
                    if (td.tags.isEmpty()) {
                        return replacement(InstructionKind.GET, td);
                    }
                    List<String> tags = new ArrayList<>(td.tags);
                    return new Instruction.Wait(WorkIdRef.of(tags.get(random.nextInt(tags.size()))), Position.NONE);
                }
                case GF:
                    return new Instruction.GlobalFence(Position.NONE);
                case AWAIT: {
                    LocationRef x = local(td);
                    return new Instruction.Await(x, value(td, 0, 1), Position.NONE);
                }
                case ASSUME: {
                    if (td.assigned.isEmpty()) {
                        return null;
                    }
                    Register r = td.assigned.get(random.nextInt(td.assigned.size()));
                    return new Instruction.Assume(new BoolExpr.Compare(r, BoolExpr.RelOp.EQ,
                            Operand.constant(between(0, 1))), Position.NONE);
                }
                case ASSIGN: {
                    if (td.assigned.isEmpty()) {
                        return null;
                    }
                    Register r = td.assigned.get(random.nextInt(td.assigned.size()));
                    BinOp[] ops = {BinOp.ADD, BinOp.XOR, BinOp.AND};
                    BinOp op = ops[random.nextInt(ops.length)];
                    Operand c = Operand.constant(between(1, 3));
                    return new Instruction.Assign(td.fresh(), r, op, c, Position.NONE);
                }
                default:
                    throw new AssertionError(kind);
            }
        }

        /** The replacement instruction of operational.md §8.3, unless its kind is excluded (weight 0). */
        private Instruction replacement(InstructionKind kind, ThreadDraw td) {
            return config.weight(kind) > 0 ? nicOperation(kind, td) : null;
        }

        private Instruction nicOperation(InstructionKind kind, ThreadDraw td) {
            int target = between(1, nodes);
            List<LocationDecl> there = locationsByNode.get(target);
            LocationDecl remote = there.get(random.nextInt(there.size()));
            List<LocationDecl> here = new ArrayList<>(locationsByNode.get(td.node));
            if (here.size() > 1 || kind == InstructionKind.RCAS || kind == InstructionKind.RFAA) {
                here.removeIf(d -> d.name().equals(remote.name()));
            }
            if (here.isEmpty()) {
                return null;
            }
            LocationRef local = LocationRef.of(here.get(random.nextInt(here.size())).name());
            LocationRef x = LocationRef.of(remote.name());
            NodeRef n = NodeRef.of(target);
            Instruction op;
            switch (kind) {
                case PUT:
                case PUT_INLINE:
                    op = new Instruction.Put(x, n, local, tag(td), kind == InstructionKind.PUT_INLINE, Position.NONE);
                    break;
                case PUT_UNSIGNALED:
                    // no completion of its own: the thread targets n, but no poll is matched with it
                    td.unmatched.merge(target, 0, Integer::sum);
                    return new Instruction.Put(x, n, local, tag(td), false, true, Position.NONE);
                case GET:
                    op = new Instruction.Get(local, x, n, tag(td), Position.NONE);
                    break;
                case RCAS: {
                    Operand e = value(td, 0, 1);
                    Operand v = value(td, 2, 3);
                    op = new Instruction.RemoteCas(local, x, n, e, v, tag(td), Position.NONE);
                    break;
                }
                case RFAA:
                    op = new Instruction.RemoteFaa(local, x, n, value(td, 1, 2), tag(td), Position.NONE);
                    break;
                default:
                    throw new AssertionError(kind);
            }
            td.unmatched.merge(target, 1, Integer::sum);
            return op;
        }

        private WorkIdRef tag(ThreadDraw td) {
            if (!chance(config.tagProbability())) {
                return null;
            }
            String name = String.valueOf((char) ('d' + random.nextInt(config.workIds())));
            td.tags.add(name);
            return WorkIdRef.of(name);
        }

        private LocationRef local(ThreadDraw td) {
            List<LocationDecl> here = locationsByNode.get(td.node);
            return LocationRef.of(here.get(random.nextInt(here.size())).name());
        }

        /** A constant in {@code lo..hi}, or an assigned register with the register-operand probability. */
        private Operand value(ThreadDraw td, long lo, long hi) {
            if (!td.assigned.isEmpty() && chance(config.registerOperandProbability())) {
                return td.assigned.get(random.nextInt(td.assigned.size()));
            }
            return Operand.constant(lo + random.nextInt((int) (hi - lo + 1)));
        }

        private int between(int lo, int hi) {
            return lo + random.nextInt(hi - lo + 1);
        }

        private boolean chance(double p) {
            return p > 0 && random.nextDouble() < p;
        }
    }

    /** The state of one thread during a draw. */
    private static final class ThreadDraw {
        final int node;
        final List<Instruction> code = new ArrayList<>();
        /** Registers assigned so far, in order. */
        final List<Register> assigned = new ArrayList<>();
        /** Target nodes of earlier NIC operations, with the number not yet matched by a poll. */
        final Map<Integer, Integer> unmatched = new LinkedHashMap<>();
        /** Work ids used so far. */
        final LinkedHashSet<String> tags = new LinkedHashSet<>();

        ThreadDraw(int node) {
            this.node = node;
        }

        Register fresh() {
            Register r = Register.of("r" + assigned.size());
            assigned.add(r);
            return r;
        }
    }
}
