package remo.conformance;

import java.util.ArrayList;
import java.util.List;
import remo.litmus.Instruction;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.nic.FaultPlan;

/**
 * Which rules of a fault plan can never fire on a litmus program (so that a misspelt thread or
 * node is said, not silently ignored): a rule naming a thread the test does not have, a queue pair
 * the thread never posts to, a request number beyond the requests it posts there, or a node the
 * test does not have.
 */
public final class FaultReach {

    private FaultReach() {
    }

    /**
     * @param program a validated program
     * @param plan    a fault plan (as parsed by {@link FaultSyntax})
     * @return one sentence per rule that cannot fire on {@code program}, in the plan's order; empty if every rule can
     */
    public static List<String> neverFiring(Program program, FaultPlan plan) {
        List<String> out = new ArrayList<>();
        for (FaultPlan.Rule r : plan.rules()) {
            String why = whyNot(program, r);
            if (why != null) {
                out.add("fault rule " + FaultSyntax.format(r) + " never fires: " + why);
            }
        }
        return out;
    }

    /**
     * {@code plan} without the rules that cannot fire on {@code program} (which {@link #neverFiring}
     * names): running them would change nothing, and a crash of a node the cluster does not have
     * cannot even be set up.
     *
     * @return the plan of the rules that can fire, with {@code expectUnreported} as in {@code plan}
     */
    public static FaultPlan firing(Program program, FaultPlan plan) {
        FaultPlan.Builder b = FaultPlan.builder();
        if (plan.expectUnreported()) {
            b.expectUnreported();
        }
        for (FaultPlan.Rule r : plan.rules()) {
            if (whyNot(program, r) == null) {
                LitmusRunner.addRule(b, r);
            }
        }
        return b.build();
    }

    /** Why {@code r} cannot fire on {@code program}, or {@code null} if it can. */
    private static String whyNot(Program program, FaultPlan.Rule r) {
        if (r instanceof FaultPlan.QpError q) {
            String why = qp(program, q.thread(), q.target());
            long posts = requests(program, q.thread(), q.target());
            return why != null || posts >= q.afterOps() ? why
                    : q.thread() + " posts " + posts + " request" + (posts == 1 ? "" : "s") + " to node " + q.target();
        } else if (r instanceof FaultPlan.QpErrorAtStep q) {
            return qp(program, q.thread(), q.target());
        } else if (r instanceof FaultPlan.Crash c) {
            return c.node() > nodes(program) ? "the test has no node " + c.node() : null;
        } else if (r instanceof FaultPlan.DelayNic d && d.selector() instanceof FaultSyntax.QpChoice qc
                && qc.thread() != null) {
            return qp(program, qc.thread(), qc.target());
        } else if (r instanceof FaultPlan.DelayDrain d && d.selector() instanceof FaultSyntax.ThreadChoice tc
                && tc.thread() != null) {
            return thread(program, tc.thread()) == null ? "the test has no thread " + tc.thread() : null;
        }
        return null;
    }

    private static String qp(Program p, String thread, int target) {
        if (thread(p, thread) == null) {
            return "the test has no thread " + thread;
        }
        return requests(p, thread, target) == 0 ? thread + " posts no request to node " + target : null;
    }

    private static ThreadCode thread(Program p, String name) {
        return p.threads().stream().filter(t -> t.name().equals(name)).findFirst().orElse(null);
    }

    /** How many NIC operations {@code thread} posts to node {@code target} (its QP's requests). */
    private static long requests(Program p, String thread, int target) {
        ThreadCode t = thread(p, thread);
        if (t == null) {
            return 0;
        }
        return t.instructions().stream()
                .filter(i -> i instanceof Instruction.NicOperation op && op.node().node() == target).count();
    }

    /** The cluster size the runner gives the program: the largest node any thread, location or operation names. */
    private static int nodes(Program p) {
        int n = 1;
        for (LocationDecl l : p.locations()) {
            n = Math.max(n, l.home());
        }
        for (ThreadCode t : p.threads()) {
            n = Math.max(n, t.node());
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.NicOperation op) {
                    n = Math.max(n, op.node().node());
                }
            }
        }
        return n;
    }
}
