package remo.checker.operational;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.checker.ModelSupport;
import remo.checker.OutcomeTally;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.core.Position;
import remo.core.graph.ExecutionGraph;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * The operational engine: explores every run of the abstract machine of operational.md and
 * reports the same {@link CheckResult} as the axiomatic engine ({@code remo.checker.AxiomaticChecker}).
 *
 * <p>The machine is chosen by the model's name: the RDMA machine (operational.md §1–§6) for {@code rdma-tso},
 * {@code rdma-tso-rmw}, {@code rdma-wait-rmw} and {@code tso}; the atomic machine (operational.md §9) for
 * {@code rdma-sc-rmw} and {@code sc}. The model itself is used only for its instruction guards
 * (E-UNSUPPORTED) and its name; the machine embodies its rules.
 *
 * <p>Two modes (operational.md §8.1):
 * <ul>
 * <li><b>states</b> (when {@link CheckOptions#collect()} is {@code NONE}): the memoised state is
 *     everything in operational.md §1 except {@code lw}; the result counts <em>distinct full final states</em>:
 *     each projected state's count, {@code positive} and {@code negative} are numbers of distinct
 *     full final states, not of executions;</li>
 * <li><b>graphs</b> (any other {@code collect}): the partial graph ({@code rf}, {@code co},
 *     {@code rao}) is part of the memoised state and the result counts <em>distinct graphs of final
 *     runs</em>, i.e. executions, exactly as the axiomatic engine does. Graphs are kept as
 *     {@link Execution}s for {@code WITNESS} (those in X satisfying the proposition),
 *     {@code ALLOWED} and {@code ALL} (every graph); {@code FORBIDDEN} keeps none, since the machine
 *     produces only consistent executions.</li>
 * </ul>
 * In both modes {@link CheckResult#fullStates()}, the verdict, {@code Ok}/{@code No} and the
 * observation are those of the model; {@link CheckResult#explored()} is the number of distinct
 * machine states visited and {@link CheckResult#blocked()} the number of distinct stuck states
 * (operational.md §5), which is not the axiomatic engine's count of blocked candidates;
 * {@link CheckResult#blockedAt()} counts the stuck states per blocking point.
 * {@link CheckResult#raisedFlags()} is empty: the bundled models declare no per-execution
 * {@code flag} besides their instruction guards. Design notes: {@code docs/operational.md}.
 */
public final class OperationalExplorer {

    /** The engine name reported in results. */
    public static final String ENGINE = "operational";

    private OperationalExplorer() {
    }

    /** Which machine implements a bundled model. */
    enum MachineKind { RDMA, ATOMIC }

    /**
     * The machine implementing {@code model}.
     *
     * @throws LitmusException E-ENGINE (at {@code <command line>:1:1}) if the model is not one of the
     *                         bundled models of models.md §7.6 loaded by name
     */
    static MachineKind machineFor(CatModel model) throws LitmusException {
        if (model.isBundled()) {
            switch (model.name()) {
                case "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "tso":
                    return MachineKind.RDMA;
                case "rdma-sc-rmw", "sc":
                    return MachineKind.ATOMIC;
                default:
                    break;
            }
        }
        throw new LitmusException(Diagnostic.error("E-ENGINE", ModelLibrary.COMMAND_LINE, Position.START,
                "the operational engine implements only the bundled models (sc, tso, rdma-tso, rdma-tso-rmw, "
                        + "rdma-wait-rmw, rdma-sc-rmw), not model '" + model.name() + "' from " + model.source()
                        + "; use the axiomatic engine"));
    }

    /**
     * Checks a program by exhaustive exploration of the machine matching {@code model}.
     *
     * @param program a validated program
     * @param model   a bundled model (see {@link #machineFor})
     * @param flags   the flag values of the run; they act as the guards of operational.md §4.1
     * @param options {@code maxExecutions} bounds the number of distinct machine states visited and
     *                {@code timeout} the time (either gives a partial result); {@code collect} and
     *                {@code maxCollected} choose the mode and the graphs kept (see the class comment);
     *                {@code prune} is irrelevant
     * @return the result, engine {@code operational}
     * @throws LitmusException E-ENGINE for a model that is not bundled, or when checks are to be
     *                         skipped ({@code --skipcheck} changes a model the machine cannot follow);
     *                         E-UNSUPPORTED if the model rejects an instruction (language.md §6.2 step 5)
     */
    public static CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options)
            throws LitmusException {
        long start = System.nanoTime();
        MachineKind kind = machineFor(model);
        java.util.Optional<remo.litmus.Instruction> unrolled = program.firstUnrolledOrUnlocked();
        if (unrolled.isPresent()) {
            throw new LitmusException(Diagnostic.error("E-ENGINE", program.sourceName(), unrolled.get().pos(),
                    "the operational engine does not run " + (unrolled.get() instanceof remo.litmus.Instruction.PlainRmw
                            ? "x86 read-modify-writes of memory without LOCK" : "x86 conditional jumps and loops")
                            + "; use the axiomatic engine"));
        }
        if (!options.skippedChecks().isEmpty()) {
            throw new LitmusException(Diagnostic.error("E-ENGINE", ModelLibrary.COMMAND_LINE, Position.START,
                    "the operational engine cannot skip model checks (" + String.join(", ", options.skippedChecks())
                            + "); use the axiomatic engine"));
        }
        EventStructure structure = new EventStructure(program, flags);
        ModelSupport.requireSupported(structure, model, flags);
        List<Diagnostic> warnings = ModelSupport.warnings(structure);
        boolean graphs = options.collect() != CheckOptions.Collect.NONE;
        MachineLayout layout = new MachineLayout(structure, graphs);
        Machine machine = kind == MachineKind.RDMA ? new RdmaMachine(layout) : new AtomicMachine(layout);
        StateSpaceSearch.Outcome outcome = new StateSpaceSearch(machine, options, start).run();
        OutcomeTally tally = new OutcomeTally(program, options);
        Set<List<Object>> seenGraphs = new HashSet<>();
        Set<FinalState> distinctStates = new HashSet<>();
        for (long[] state : outcome.finals()) {
            FinalState full = new MachineState(layout, state).finalState();
            if (graphs) {
                ExecutionGraph g = RecordedGraph.of(layout, state);
                if (seenGraphs.add(witnessKey(g))) {
                    // consistent and complete by construction (operational.md §7, soundness; the tests
                    // check it with GraphCheck), with no raised flag
                    tally.complete(full, () -> new Execution(structure, g, full, true, null, false, List.of()));
                }
            } else if (distinctStates.add(full)) {
                // without graphs a final state is counted once (states, not executions, are explored)
                tally.complete(full, null);
            }
        }
        for (long[] state : outcome.stuck()) {
            tally.blocked(blockingPoints(layout, new MachineState(layout, state)));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new CheckResult(program, model, ENGINE, flags, tally.outcome(warnings),
                new CheckResult.Statistics(outcome.explored(), outcome.partialReason(), seconds), tally.executions());
    }

    /** What tells two recorded graphs apart: their rf, co and rao (values and existence follow from them). */
    private static List<Object> witnessKey(ExecutionGraph g) {
        List<Integer> rf = new ArrayList<>();
        for (int e = 0; e < g.events().size(); e++) {
            rf.add(g.rf(e));
        }
        return List.of(rf, g.co(), g.rao());
    }

    /**
     * Where a stuck state is stuck, in the form of the axiomatic engine's blocking points: the next
     * instruction of every thread that has not terminated, {@code P1:3 assume (r0 == 1)}, joined by
     * {@code ", "} (1-based instruction numbers, the instruction as written).
     */
    private static String blockingPoints(MachineLayout layout, MachineState s) {
        List<String> points = new ArrayList<>();
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            if (!s.terminated(plan.index)) {
                int i = s.pc(plan.index);
                points.add("P" + plan.index + ":" + (i + 1) + " " + plan.code.sourceTexts().get(i));
            }
        }
        return String.join(", ", points);
    }
}
