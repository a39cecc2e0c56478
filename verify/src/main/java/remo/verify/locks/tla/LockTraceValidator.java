package remo.verify.locks.tla;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.locks.liveness.TraceValidation;
import remo.nic.EngineState;
import remo.nic.Schedule;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;
import remo.nic.explore.StepObserver;
import remo.verify.locks.LockWorkload;

/**
 * Ties the locks' TLA+ model to their Java code (locks.md §10.7): the model checker explores a
 * {@link LockWorkload}, every run is projected onto the model's variables
 * ({@link LockTraceProjection}), and TLC checks that every distinct projected behaviour is a
 * behaviour of {@code RdmaLocks.tla} ({@link TraceValidation}). A divergence names the run's
 * schedule and the first state whose successor the model does not allow.
 */
public final class LockTraceValidator {
    /** Behaviours per TLC run (a TLC run costs a child JVM's start; a module of thousands of states parses slowly). */
    static final int BATCH = 300;

    private LockTraceValidator() {
    }

    /**
     * The verdict.
     *
     * @param workload    what was validated
     * @param exploration the exploration of the Java code
     * @param behaviours  the distinct projected behaviours TLC checked
     * @param tlcStates   the states TLC generated
     * @param divergence  the first behaviour the model rejects, or null when every one is accepted
     */
    public record Result(LockWorkload workload, Exploration exploration, int behaviours, long tlcStates, Divergence divergence) {
        /** Whether every explored execution is a behaviour of the model. */
        public boolean accepted() {
            return divergence == null;
        }

        /** One line. */
        public String summary() {
            return workload + ": " + (accepted() ? "every explored execution is a behaviour of RdmaLocks.tla"
                    : "a run diverges from RdmaLocks.tla at state " + divergence.step()) + "; " + exploration.executions()
                    + " executions, " + behaviours + " distinct projected behaviours, " + tlcStates + " TLC states";
        }
    }

    /**
     * A run the model does not accept.
     *
     * @param schedule the run's schedule (it replays)
     * @param step     the 1-based state of the projected behaviour whose successor the model rejects
     * @param from     that state, as a TLA+ record
     * @param to       its successor in the run, which no action of the model (nor a stutter) gives
     */
    public record Divergence(Schedule schedule, int step, String from, String to) {
    }

    /**
     * Explores {@code workload} within {@code options} and validates every run against the model.
     *
     * @param tlcTimeout the time limit of each TLC run
     * @throws InterruptedException if interrupted while TLC runs
     * @throws remo.locks.liveness.LivenessException if TLC fails (not: a rejected behaviour)
     */
    public static Result validate(LockWorkload workload, ExplorationOptions options, Duration tlcTimeout)
            throws InterruptedException {
        LockTraceProjection projection = new LockTraceProjection(workload);
        Map<List<String>, Schedule> behaviours = new LinkedHashMap<>();
        EngineState[] last = new EngineState[1];
        StepObserver observer = new StepObserver() {
            @Override
            public void runStarting() {
                projection.reset();
                last[0] = null;
            }

            @Override
            public void before(EngineState s) {
                projection.step(s);
                last[0] = s;
            }
        };
        List<LockWorkload.Acquisition> acqs = new ArrayList<>();
        Exploration e = Explorer.explore(workload.target(acqs), options, run -> {
            if (last[0] != null && run.result().completed()) {
                projection.end(finalState(last[0], run.cluster()));
                behaviours.putIfAbsent(projection.states(), run.schedule());
            }
            return List.of();
        }, observer);
        List<List<String>> all = new ArrayList<>(behaviours.keySet());
        long states = 0;
        for (int from = 0; from < all.size(); from += BATCH) {
            List<List<String>> batch = all.subList(from, Math.min(all.size(), from + BATCH));
            TraceValidation.Result r = TraceValidation.check(constants(workload, projection.variant()), definitions(workload),
                    batch, tlcTimeout);
            states += r.states();
            if (!r.accepted()) {
                List<String> rejected = batch.get(r.behaviour());
                Divergence d = new Divergence(behaviours.get(rejected), r.step(), rejected.get(r.step() - 1),
                        r.step() < rejected.size() ? rejected.get(r.step()) : "(the end)");
                return new Result(workload, e, all.size(), states, d);
            }
        }
        return new Result(workload, e, all.size(), states, null);
    }

    /** The state after a completed run: every thread finished, buffers and queues empty, memory as the run left it. */
    private static EngineState finalState(EngineState last, remo.nic.SimCluster cluster) {
        List<EngineState.ThreadState> threads = new ArrayList<>();
        for (EngineState.ThreadState t : last.threads()) {
            threads.add(new EngineState.ThreadState(t.index(), t.name(), t.node(), true, null, t.lastResult(), List.of(), Map.of()));
        }
        Map<String, long[]> memory = new LinkedHashMap<>();
        for (Map.Entry<String, long[]> r : last.memory().entrySet()) {
            String name = r.getKey();
            int at = name.lastIndexOf('@');
            long[] words = new long[r.getValue().length];
            for (int off = 0; off < words.length; off++) {
                words[off] = cluster.peek(Integer.parseInt(name.substring(at + 1)), name.substring(0, at), off);
            }
            memory.put(name, words);
        }
        return new EngineState(threads, memory, List.of());
    }

    private static String constants(LockWorkload w, String variant) {
        Set<String> threads = new LinkedHashSet<>();
        for (int t = 0; t < w.threads(); t++) {
            threads.add("\"t" + t + "\"");
        }
        List<String> nodes = new ArrayList<>();
        for (int n = 1; n <= w.nodes(); n++) {
            nodes.add(Integer.toString(n));
        }
        return "  Nodes = {" + String.join(", ", nodes) + "}\n  Threads = {" + String.join(", ", threads) + "}\n"
                + "  NodeOf <- Placement\n  Home = 1\n  MaxAcq = " + w.acquisitions() + "\n  Variant = \"" + variant + "\"\n"
                + "  FailedRcasWrites = FALSE";
    }

    /** The placement of the workload's threads, {@code t_i} on node {@code i mod nodes + 1}. */
    private static String definitions(LockWorkload w) {
        List<String> parts = new ArrayList<>();
        for (int t = 0; t < w.threads(); t++) {
            parts.add("(\"t" + t + "\" :> " + w.nodeOf(t) + ")");
        }
        return "Placement == " + String.join(" @@ ", parts);
    }
}
