package remo.conformance;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import remo.checker.FinalState;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.RegisterInit;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.nic.Access;
import remo.nic.FaultPlan;
import remo.nic.NicConfig;
import remo.nic.Region;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.SimCluster;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.ExplorationTarget;
import remo.nic.explore.Explorer;

/**
 * Runs a litmus {@link Program} on the simulated fabric (nic.md §6.6): threads become simulated
 * threads on their nodes (as {@link LitmusScript}s), every location a one-word region with all
 * rights on its home node, initialised as declared. The completion mode is POLL when the program
 * uses {@code poll}, WAIT otherwise; the flags are the program's (and the caller's) model flags.
 * The final state is memory plus registers after quiescence.
 */
public final class LitmusRunner {
    /** Step limit of one litmus run in deterministic mode (litmus runs take tens to thousands of steps). */
    public static final long STEP_LIMIT = 2_000_000;

    private final Program program;
    private final FlagValues flags;
    private final NicConfig config;
    private final int nodes;
    private final Map<Integer, Set<String>> finalRegisters;
    private final FaultPlan faults;
    /** The step budget of one deterministic run. */
    private final long maxSteps;

    /**
     * @param program a validated program
     * @param flags   the model flags of the runs (program flag line and command line already applied)
     * @throws IllegalArgumentException if the program mixes {@code poll} with {@code wait}/{@code gf}
     *                                  (the completion modes of nic.md §2.4 are exclusive; see
     *                                  {@link #completionModeConflict})
     */
    public LitmusRunner(Program program, FlagValues flags) {
        this(program, flags, FaultPlan.none());
    }

    /**
     * A runner whose runs inject {@code faults} (nic.md §7). A flushed request is reported to the
     * litmus thread by the poll, wait or {@code gf} that covers it and the thread goes on
     * ({@link LitmusScript#recover}); flushed requests nothing covers are counted as unreported
     * instead of failing the run; a run in which a node crashed has no final state
     * ({@link LitmusRun.Status#CRASHED}).
     *
     * @param program a validated program
     * @param flags   the model flags of the runs
     * @param faults  the fault plan of every run ({@link FaultPlan#none()}: none)
     * @throws IllegalArgumentException as {@link #LitmusRunner(Program, FlagValues)}
     */
    public LitmusRunner(Program program, FlagValues flags, FaultPlan faults) {
        this(program, flags, faults, STEP_LIMIT);
    }

    /**
     * As {@link #LitmusRunner(Program, FlagValues, FaultPlan)}, with the step budget of one
     * deterministic run: a longer run ends {@link LitmusRun.Status#CUT} (nic.md §5.1).
     *
     * @param maxSteps the budget in scheduler steps, at least 1
     */
    public LitmusRunner(Program program, FlagValues flags, FaultPlan faults, long maxSteps) {
        this.maxSteps = maxSteps;
        this.faults = faults.isEmpty() ? faults : withExpectUnreported(faults);
        this.program = program;
        this.flags = flags;
        Optional<Diagnostic> mix = completionModeConflict(program);
        if (mix.isPresent()) {
            throw new IllegalArgumentException(mix.get().format());
        }
        boolean poll = uses(program, Instruction.Poll.class);
        this.config = NicConfig.defaults().withFlags(flags)
                .withCompletionMode(poll ? NicConfig.CompletionMode.POLL : NicConfig.CompletionMode.WAIT);
        int n = 1;
        for (LocationDecl l : program.locations()) {
            n = Math.max(n, l.home());
        }
        for (ThreadCode t : program.threads()) {
            n = Math.max(n, t.node());
            for (Instruction ins : t.instructions()) {
                if (ins instanceof Instruction.NicOperation op) {
                    n = Math.max(n, op.node().node());
                } else if (ins instanceof Instruction.Poll p) {
                    n = Math.max(n, p.node().node());
                } else if (ins instanceof Instruction.RFence f) {
                    n = Math.max(n, f.node().node());
                }
            }
        }
        this.nodes = n;
        this.finalRegisters = finalRegisters(program);
    }

    /**
     * Why the simulator cannot run {@code p}, if it cannot: unrolled x86 branches, an x86
     * read-modify-write without {@code LOCK}, or a locked one other than exchange, add and
     * compare-exchange (the NIC's endpoint has no such call); or the program mixes {@code poll} with
     * {@code wait}/{@code gf}, and the completion modes POLL and WAIT of the simulated NIC are
     * exclusive (nic.md §2.4). The diagnostic (E-SIMULATE) is located at the instruction that makes
     * the mix: the first instruction of whichever kind (poll, or wait/gf) appears later in the source.
     *
     * @param p a validated program
     * @return the error, or empty if the simulator can run the program
     */
    public static Optional<Diagnostic> completionModeConflict(Program p) {
        Optional<Instruction> x86 = p.firstUnrolledOrUnlocked();
        if (x86.isEmpty()) {
            x86 = p.threads().stream().flatMap(t -> t.instructions().stream())
                    .filter(i -> i instanceof Instruction.LockedRmw r && r.kind().isX86Only() && r.kind() != Instruction.RmwKind.XCHG)
                    .findFirst();
        }
        if (x86.isPresent()) {
            Instruction i = x86.get();
            String what = i instanceof Instruction.PlainRmw ? "an x86 read-modify-write of memory without LOCK"
                    : i instanceof Instruction.LockedRmw ? "LOCK " + i.keyword().toUpperCase(java.util.Locale.ROOT)
                    : "x86 conditional jumps and loops";
            return Optional.of(Diagnostic.error("E-SIMULATE", p.sourceName(), i.pos(), "the simulator cannot run " + what
                    + " (it runs XCHG, LOCK ADD/INC/DEC/XADD and LOCK CMPXCHG); check the test with 'remo check'"));
        }
        Instruction poll = first(p, Instruction.Poll.class);
        Instruction wait = first(p, Instruction.Wait.class);
        Instruction gf = first(p, Instruction.GlobalFence.class);
        if (wait == null || (gf != null && gf.pos().compareTo(wait.pos()) < 0)) {
            wait = gf;
        }
        if (poll == null || wait == null) {
            return Optional.empty();
        }
        boolean pollLater = poll.pos().compareTo(wait.pos()) > 0;
        Instruction culprit = pollLater ? poll : wait;
        Instruction other = pollLater ? wait : poll;
        String kind = culprit instanceof Instruction.Poll ? "poll" : culprit instanceof Instruction.Wait ? "wait" : "gf";
        String otherKind = other instanceof Instruction.Poll ? "poll" : other instanceof Instruction.Wait ? "wait" : "gf";
        return Optional.of(Diagnostic.error("E-SIMULATE", p.sourceName(), culprit.pos(), "the simulator cannot run "
                + kind + " in a program that also uses " + otherKind + " (at " + other.pos() + "): its completion "
                + "modes POLL (poll) and WAIT (wait, gf) are exclusive (nic.md §2.4)"));
    }

    /** The first instruction of {@code kind} in source order, or null. */
    private static Instruction first(Program p, Class<? extends Instruction> kind) {
        Instruction found = null;
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (kind.isInstance(i) && (found == null || i.pos().compareTo(found.pos()) < 0)) {
                    found = i;
                }
            }
        }
        return found;
    }

    private static boolean uses(Program p, Class<? extends Instruction> kind) {
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (kind.isInstance(i)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the program has any NIC instruction (put, get, rcas, rfaa, poll, rfence, wait, gf). */
    public static boolean usesNic(Program p) {
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.NicOperation || i instanceof Instruction.Poll || i instanceof Instruction.RFence
                        || i instanceof Instruction.Wait || i instanceof Instruction.GlobalFence) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The model a recorded graph of {@code p} must satisfy (operational.md §6.4, nic.md §6.5):
     * {@code tso} for CPU-only programs, {@code rdma-tso-rmw} with {@code poll} (POLL mode),
     * {@code rdma-wait-rmw} otherwise (WAIT mode).
     */
    public static String conformanceModel(Program p) {
        if (!usesNic(p)) {
            return "tso";
        }
        return uses(p, Instruction.Poll.class) ? "rdma-tso-rmw" : "rdma-wait-rmw";
    }

    /** {@code plan} with {@code expectUnreported}: unreported flushed requests are counted, not thrown. */
    private static FaultPlan withExpectUnreported(FaultPlan plan) {
        if (plan.expectUnreported()) {
            return plan;
        }
        FaultPlan.Builder b = FaultPlan.builder().expectUnreported();
        for (FaultPlan.Rule r : plan.rules()) {
            addRule(b, r);
        }
        return b.build();
    }

    /** Adds rule {@code r} to {@code b} (a {@link FaultPlan} lists its rules but has no way to copy one). */
    static void addRule(FaultPlan.Builder b, FaultPlan.Rule r) {
        if (r instanceof FaultPlan.DelayNic d) {
            b.delayNic(d.selector(), d.probability(), d.meanSteps());
        } else if (r instanceof FaultPlan.DelayDrain d) {
            b.delayDrain(d.selector(), d.probability(), d.meanSteps());
        } else if (r instanceof FaultPlan.QpError q) {
            b.qpError(q.thread(), q.target(), q.afterOps());
        } else if (r instanceof FaultPlan.QpErrorAtStep q) {
            b.qpErrorAtStep(q.thread(), q.target(), q.step());
        } else if (r instanceof FaultPlan.Crash c) {
            b.crash(c.node(), c.atStep());
        }
    }

    /** Registers a thread assigns or initialises (the register part of a final state, models.md §9.1). */
    static Map<Integer, Set<String>> finalRegisters(Program program) {
        return new HashMap<>(program.finalRegisters());
    }


    /** The program. */
    public Program program() {
        return program;
    }

    /** The flags. */
    public FlagValues flags() {
        return flags;
    }

    /** The cluster configuration of the runs. */
    public NicConfig config() {
        return config;
    }

    /** Number of nodes of the cluster. */
    public int nodes() {
        return nodes;
    }

    /** One deterministic run with {@code seed} under {@code policy}, recording a trace iff {@code trace}. */
    public LitmusRun runDeterministic(long seed, SchedulerPolicy policy, boolean trace) {
        return run(SimCluster.builder().nodes(nodes).config(config).allowThreadFailures(true).deterministic(seed, policy).recordTrace(trace)
                .spinCompression(false).stepLimit(maxSteps).faults(faults), seed, null);
    }

    /** Replays a deterministic run of {@code seed} under {@code policy} from its schedule (tracing on). */
    public LitmusRun replay(long seed, SchedulerPolicy policy, Schedule schedule) {
        return run(SimCluster.builder().nodes(nodes).config(config).allowThreadFailures(true).deterministic(seed, policy).recordTrace(true)
                .spinCompression(false).stepLimit(maxSteps).faults(faults), seed, schedule);
    }

    /** One run in concurrent mode (real threads), recording a trace iff {@code trace}. */
    public LitmusRun runConcurrent(boolean trace) {
        return run(SimCluster.builder().nodes(nodes).config(config).allowThreadFailures(true).concurrent().recordTrace(trace).spinCompression(false)
                .faults(faults), 0, null);
    }

    private LitmusRun run(SimCluster.Builder builder, long seed, Schedule replay) {
        List<LitmusScript> scripts = new ArrayList<>();
        java.util.function.Consumer<SimCluster> setup = c -> setup(c, scripts);
        RunResult result;
        SimCluster cluster = null;
        try {
            if (replay != null) {
                result = SimCluster.replay(builder, replay, c -> {
                    setup.accept(c);
                });
                return finish(seed, result, scripts, null);
            }
            cluster = builder.build();
            setup.accept(cluster);
            result = cluster.run();
            return finish(seed, result, scripts, cluster);
        } catch (SimulationDeadlockException e) {
            return stuck(seed, e.partial(), scripts, e.getMessage());
        } catch (StepLimitExceededException e) {
            LitmusRun r = stuck(seed, e.partial(), scripts, e.getMessage());
            return r.status() != LitmusRun.Status.STUCK ? r : new LitmusRun(seed, LitmusRun.Status.CUT, null, r.trace(),
                    r.schedule(), r.callInstructions(), r.problem(), r.result(), r.faults());
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    /** Registers the program's locations on {@code c} and spawns its threads as scripts (into {@code scripts}). */
    private void setup(SimCluster c, List<LitmusScript> scripts) {
        scripts.clear();
        Map<String, Region> regions = new HashMap<>();
        Set<Access> all = EnumSet.allOf(Access.class);
        for (LocationDecl l : program.locations()) {
            regions.put(l.name(), c.node(l.home()).register(l.name(), 1, all, new long[] {l.initial()}));
        }
        for (ThreadCode t : program.threads()) {
            Map<String, Long> init = new HashMap<>();
            for (RegisterInit r : program.registerInits()) {
                if (r.thread() == t.index()) {
                    init.put(r.register().name(), r.value());
                }
            }
            LitmusScript s = new LitmusScript(t, regions, init);
            scripts.add(s);
            c.spawnScript(t.node(), t.name(), s);
        }
    }

    /**
     * Every final state the simulated NIC can reach on the program (nic.md §5.3): the model checker
     * runs every schedule up to the reordering of independent steps. Runs stuck at an {@code await}
     * that can never succeed and runs an {@code assume} discards have no final state (models.md §9.3).
     *
     * @param options the exploration's bounds (its deadlock setting is replaced: a stuck run is
     *                counted, not a violation)
     * @return the final states over every location and register, with the exploration's counts
     */
    public ExploredStates explore(ExplorationOptions options) {
        List<LitmusScript> scripts = new ArrayList<>();
        Set<FinalState> states = new java.util.HashSet<>();
        long[] discarded = {0};
        ExplorationTarget target = new ExplorationTarget(nodes, config, c -> setup(c, scripts), false, false);
        Exploration e = Explorer.explore(target, options.withDeadlockIsViolation(false), run -> {
            LitmusRun r = finish(0, run.result(), scripts, run.cluster());
            if (r.status() == LitmusRun.Status.COMPLETED) {
                states.add(r.state());
            } else if (r.status() == LitmusRun.Status.DISCARDED) {
                discarded[0]++;
            }
            return List.of();
        });
        return new ExploredStates(Set.copyOf(states), discarded[0], e);
    }

    private LitmusRun stuck(long seed, RunResult partial, List<LitmusScript> scripts, String why) {
        boolean discarded = scripts.stream().anyMatch(LitmusScript::discarded);
        // after a crash a thread may wait forever for a value the crashed node never writes: the crash is the cause
        boolean crashed = partial != null && !partial.crashedNodes().isEmpty();
        return new LitmusRun(seed, crashed ? LitmusRun.Status.CRASHED : discarded ? LitmusRun.Status.DISCARDED
                : LitmusRun.Status.STUCK, null,
                partial == null ? Optional.empty() : partial.trace(), partial == null ? Schedule.empty() : partial.schedule(),
                calls(scripts), why, partial, faultCounts(partial, scripts));
    }

    private static List<List<Integer>> calls(List<LitmusScript> scripts) {
        List<List<Integer>> out = new ArrayList<>();
        for (LitmusScript s : scripts) {
            List<Integer> c = new ArrayList<>();
            for (int i = 0; i < s.calls(); i++) {
                c.add(s.instructionOfCall(i));
            }
            out.add(c);
        }
        return out;
    }

    private LitmusRun finish(long seed, RunResult result, List<LitmusScript> scripts, SimCluster cluster) {
        FaultCounts counts = faultCounts(result, scripts);
        if (!result.crashedNodes().isEmpty()) {
            // nic.md §7.3: a crashed node's memory is gone and the models have no partial executions
            return new LitmusRun(seed, LitmusRun.Status.CRASHED, null, result.trace(), result.schedule(), calls(scripts),
                    "node" + (result.crashedNodes().size() == 1 ? " " : "s ") + result.crashedNodes() + " crashed", result,
                    counts);
        }
        if (!result.threadFailures().isEmpty() && result.threadFailures().values().stream()
                .allMatch(t -> t instanceof SimulationDeadlockException)) {
            // concurrent mode: an await that can never succeed is a stuck run (operational.md §5), not a failure
            return stuck(seed, result, scripts, result.threadFailures().values().iterator().next().getMessage());
        }
        if (!result.threadFailures().isEmpty()) {
            Map.Entry<String, Throwable> f = result.threadFailures().entrySet().iterator().next();
            return new LitmusRun(seed, LitmusRun.Status.FAILED, null, result.trace(), result.schedule(), calls(scripts),
                    f.getKey() + " threw " + f.getValue(), result, counts);
        }
        if (scripts.stream().anyMatch(LitmusScript::discarded)) {
            return new LitmusRun(seed, LitmusRun.Status.DISCARDED, null, result.trace(), result.schedule(), calls(scripts),
                    null, result, counts);
        }
        Map<StateItem, Long> values = new TreeMap<>();
        for (LocationDecl l : program.locations()) {
            long v = cluster != null ? cluster.peek(l.home(), l.name(), 0) : finalValue(result, l);
            values.put(new StateItem.LocationItem(l.name()), v);
        }
        for (Map.Entry<Integer, Set<String>> e : finalRegisters.entrySet()) {
            if (e.getKey() >= scripts.size()) {
                continue;
            }
            Map<String, Long> regs = scripts.get(e.getKey()).registers();
            for (String r : e.getValue()) {
                values.put(new StateItem.RegisterItem(e.getKey(), r), regs.getOrDefault(r, 0L));
            }
        }
        return new LitmusRun(seed, LitmusRun.Status.COMPLETED, new FinalState(values), result.trace(), result.schedule(),
                calls(scripts), null, result, counts);
    }

    /**
     * Where the run's requests went (nic.md §7.4), from the NIC's metrics, the scripts' reported
     * failures and the run's unreported ones; {@link FaultCounts#ZERO} without a fault plan.
     */
    private FaultCounts faultCounts(RunResult result, List<LitmusScript> scripts) {
        if (faults.isEmpty() || result == null) {
            return FaultCounts.ZERO;
        }
        var metrics = result.metrics();
        long reported = 0;
        long onCrashed = 0;
        List<ThreadCode> threads = program.threads();
        for (int i = 0; i < scripts.size() && i < threads.size(); i++) {
            LitmusScript s = scripts.get(i);
            reported += s.reportedFailures();
            if (result.crashedNodes().contains(threads.get(i).node())) {
                onCrashed += metrics.endpoint(threads.get(i).name()).get("opsFlushed") - s.reportedFailures();
            }
        }
        long flushed = metrics.cluster().get("opsFlushed");
        boolean crashed = !result.crashedNodes().isEmpty();
        return new FaultCounts(1, flushed > 0 || crashed ? 1 : 0, crashed ? 1 : 0, metrics.cluster().opsPosted(),
                metrics.cluster().get("opsCompleted"), flushed, reported, result.unreportedFailures().size(), onCrashed);
    }

    /** A location's final value from the trace (replay runs, whose cluster is closed): its co-last write. */
    private static long finalValue(RunResult result, LocationDecl l) {
        var g = result.trace().orElseThrow();
        for (var loc : g.locations()) {
            if (loc.region().equals(l.name()) && loc.node() == l.home()) {
                List<Integer> co = g.co().get(loc.index());
                return g.events().get(co.get(co.size() - 1)).value();
            }
        }
        return l.initial();
    }
}
