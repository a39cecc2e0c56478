package remo.verify.objects;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import remo.conformance.RecordedExecution;
import remo.conformance.TraceConformance;
import remo.core.graph.ExecutionGraph;
import remo.loco.LocoObject;
import remo.loco.spec.LibrarySpec;
import remo.loco.spec.RecordedGraph;
import remo.loco.spec.SpecReport;
import remo.models.CatModel;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.ExplorationTarget;
import remo.nic.explore.ExploredRun;
import remo.nic.explore.Violation;
import remo.verify.Bounds;
import remo.verify.Verification;

/**
 * The workload under which the model checker verifies one LOCO object (loco.md §4, §6 items 4–5):
 * threads placed round-robin on the client nodes {@code 1..nodes} (thread {@code t} on node
 * {@code t mod nodes + 1}, named {@code T}{@code t}), each making the object's calls through a
 * {@link remo.loco.spec.CountingEndpoint} and logging them, and the check of every explored
 * execution:
 * <ol>
 *   <li>trace conformance (nic.md §6.5): under the simulator's own model ({@code rdma-wait-rmw}) an
 *       inconsistent recorded graph is a {@link Violation.Kind#CONFORMANCE} violation; under a
 *       stronger model it is an execution that model forbids, counted as excluded and not checked
 *       further;</li>
 *   <li>what the subclass checks ({@link #judge}): linearizability of the history in every
 *       real-time order of the run's class ({@link RealTime}), the object's Mowgli specification on
 *       the recorded graph with the model's hb (loco.md §2.6), and its result checks;</li>
 *   <li>the result checks the thread bodies made ({@link ObjectRun#require}), as safety violations.</li>
 * </ol>
 * A thread that throws and a thread that can never finish are the explorer's own findings
 * (assertion, liveness).
 *
 * <p>The targets say that their thread bodies share no Java state ({@link ExplorationTarget#sharedJavaState()}
 * false): every object is constructed and linked in the set-up; an object's per-node Java state is
 * either a role's, used by that role's single endpoint (OwnedVar's owner, Sst's row owner, the
 * barrier endpoint, a ring's sender and receiver), or an endpoint's own (AtomicVar's and KvStore's
 * scratch, created at the endpoint's first call, which is every such body's first action and so
 * runs before the first choice); the call log, the history and the result checks are written and
 * never read by the bodies. Should a body's choices depend on another's Java state after all, the
 * explorer reports the program as nondeterministic instead of passing it.
 */
public abstract class ObjectWorkload {
    private final Bounds bounds;
    private boolean specificationChecked = true;

    /** @param bounds threads, client nodes and calls per thread */
    protected ObjectWorkload(Bounds bounds) {
        this.bounds = Objects.requireNonNull(bounds, "bounds");
    }

    /**
     * This workload without the check of the object's Mowgli specification on the graph
     * (loco.md §2.6): only the history (linearizability) and the result checks judge a run. The
     * specification also checks the structure of each call (its events and their order, V2–V3), so
     * a planted bug that changes a call's NIC operations fails it in every run; without it, a
     * mutation test shows that the history check alone catches the bug's effect.
     *
     * @return this workload
     */
    public final ObjectWorkload historyOnly() {
        specificationChecked = false;
        return this;
    }

    /** The object's class name ({@code KvStore}, …). */
    public abstract String object();

    /** The workload's bounds. */
    public final Bounds bounds() {
        return bounds;
    }

    /** The participant nodes {@code 1..nodes}. */
    protected final NodeSet participants() {
        return NodeSet.range(1, bounds.nodes());
    }

    /** The node of thread {@code t}. */
    protected final int nodeOf(int t) {
        return t % bounds.nodes() + 1;
    }

    /** The NIC configuration of the cluster (default flags). */
    protected NicConfig config() {
        return NicConfig.defaults();
    }

    /**
     * Registers the regions, constructs and links the object on every participant and spawns the
     * threads, which record into {@code run}.
     */
    protected abstract void setup(SimCluster c, ObjectRun run);

    /**
     * The violations of one completed, conforming run besides the bodies' own result checks:
     * linearizability first, then the specification and the result checks made on the graph.
     *
     * @param x the run's recorded graph under the verification's model, with its hb
     */
    protected abstract List<Violation> judge(ObjectRun run, ExploredRun r, ExecutionGraph g, RecordedExecution x);

    /** What the workload shows, e.g. {@code KvStore 2 threads on 2 nodes x 2 ops}. */
    public String describe() {
        return object() + " " + bounds + (specificationChecked ? "" : " (history only)");
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Links every local instance (the set-up does it, so that no body's first call has to). */
    protected static <T extends LocoObject> java.util.Map<Integer, T> linked(java.util.Map<Integer, T> instances) {
        instances.values().forEach(LocoObject::link);
        return instances;
    }

    /**
     * The verification of this workload under {@code model} (loco.md §6 items 4–5 for every explored
     * execution).
     *
     * @param strict whether {@code model} is the simulator's own ({@code rdma-wait-rmw}): then an
     *               inconsistent graph is a violation, otherwise an execution the model excludes
     */
    public final Verification verification(CatModel model, boolean strict) {
        Objects.requireNonNull(model, "model");
        ObjectRun run = new ObjectRun();
        long[] excluded = {0};
        ExplorationTarget target = new ExplorationTarget(bounds.nodes(), config(), c -> {
            run.reset(c);
            setup(c, run);
        }, true, false);
        ExecutionCheck check = r -> {
            if (!r.result().threadFailures().isEmpty() || !r.result().completed()) {
                return List.of(); // the explorer reports the failure itself
            }
            ExecutionGraph g = r.result().trace().orElseThrow();
            RecordedExecution x = RecordedExecution.of(g, model, false);
            TraceConformance.Verdict v = x.conformance();
            if (!v.consistent()) {
                if (!strict) {
                    excluded[0]++;
                    return List.of();
                }
                return List.of(new Violation(Violation.Kind.CONFORMANCE, "the recorded graph is inconsistent under "
                        + model.name() + ": " + v.failedCheck() + " " + v.cycle() + " " + v.problems()));
            }
            List<Violation> out = new ArrayList<>(judge(run, r, g, x));
            for (String w : run.wrong()) {
                out.add(new Violation(Violation.Kind.SAFETY, w));
            }
            return out;
        };
        return new Verification(describe(), target, check, () -> excluded[0]);
    }

    /**
     * The object's specification on the run's graph (loco.md §2.6: V2–V5 with the model's hb).
     *
     * @param object the name the calls are logged under
     * @return a safety violation naming the first failures, or nothing (also when the workload is
     *         {@link #historyOnly()})
     */
    protected final List<Violation> specification(LibrarySpec spec, String object, ObjectRun run, ExecutionGraph g,
                                                  RecordedExecution x) {
        if (!specificationChecked) {
            return List.of();
        }
        SpecReport rep = spec.check(run.log().of(object), RecordedGraph.of(g), x.hbOnEvents());
        if (rep.holds()) {
            return List.of();
        }
        List<String> v = rep.violations();
        return List.of(new Violation(Violation.Kind.SAFETY, "the specification of " + rep.library() + " fails ("
                + v.size() + " violation" + (v.size() == 1 ? "" : "s") + "): " + String.join("; ", v.subList(0,
                Math.min(3, v.size())))));
    }
}
