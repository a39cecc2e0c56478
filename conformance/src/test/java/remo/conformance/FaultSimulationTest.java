package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.nic.FaultPlan;
import remo.nic.SchedulerPolicy;

/**
 * Fault plans on the regression suite (nic.md §7, the plans {@code remo simulate --faults} runs):
 * for every test, a QP error at the first request of each of its queue pairs, a QP error and a
 * crash of each node at scheduler steps, and NIC and drain delays. In every run nothing is lost —
 * every request posted is completed or flushed, every flushed one reported to its thread, left
 * unreported at the end or on a crashed node — and a run that no fault hit still ends in a state the
 * model allows. The counts come from the NIC's metrics, the litmus threads and the runs' unreported
 * failures independently ({@link FaultCounts}).
 */
class FaultSimulationTest {
    private static final int RUNS = 20;

    static Stream<String> suite() {
        return NicTestFiles.suiteFiles().stream();
    }

    /** The queue pairs of {@code p}: thread name and target node, in program order, without repeats. */
    private static List<String[]> queuePairs(Program p) {
        TreeSet<String> seen = new TreeSet<>();
        List<String[]> out = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.NicOperation op && seen.add(t.name() + ">" + op.node().node())) {
                    out.add(new String[] {t.name(), String.valueOf(op.node().node())});
                }
            }
        }
        return out;
    }

    private static SimulationReport simulate(Program p, FaultPlan plan, LitmusSimulator.Mode mode) throws Exception {
        String model = LitmusRunner.conformanceModel(p);
        FlagValues flags = NicTestFiles.flags(p);
        return LitmusSimulator.simulate(p, flags, NicTestFiles.model(model), NicTestFiles.model(model),
                new LitmusSimulator.Options(RUNS, 0, mode, mode == LitmusSimulator.Mode.DETERMINISTIC,
                        SchedulerPolicy.swarm(), FaultReach.firing(p, plan)));
    }

    private static void assertNothingLost(SimulationReport r, String what) {
        FaultCounts c = r.faults().counts();
        String report = what + "\n" + r.format();
        assertEquals(RUNS, c.runs(), report);
        assertEquals(c.posted(), c.completed() + c.flushed(), "every request ends completed or flushed: " + report);
        assertEquals(c.flushed(), c.reported() + c.unreported() + c.onCrashedNodes(),
                "every flushed request is reported, unreported at the end or on a crashed node: " + report);
        assertEquals(0, c.lost(), report);
        assertEquals(0, r.failed(), "no thread fails: " + report);
        assertTrue(r.ok(), "runs no fault hit end in allowed states with consistent graphs: " + report);
        assertTrue(r.format().contains("; 0 lost"), report);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void aQpErrorAtTheFirstRequestOfEachQueuePairLosesNothing(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        for (String[] qp : queuePairs(p)) {
            FaultPlan plan = FaultSyntax.parse("qp-error(" + qp[0] + ", " + qp[1] + ", op=1)");
            for (LitmusSimulator.Mode mode : LitmusSimulator.Mode.values()) {
                SimulationReport r = simulate(p, plan, mode);
                assertNothingLost(r, FaultSyntax.format(plan) + " " + mode);
                FaultCounts c = r.faults().counts();
                long finished = r.completed() + r.discarded() + r.stuck();
                assertEquals(RUNS, finished, r.format());
                // the first request of the QP is flushed in every run that posts it (an assume may stop a thread before)
                assertTrue(c.flushed() >= RUNS - r.discarded() - r.stuck(), "the rule fires: " + r.format());
                assertTrue(c.faultedRuns() >= RUNS - r.discarded() - r.stuck(), r.format());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void qpErrorsAndCrashesAtSchedulerStepsLoseNothing(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        List<String> plans = new ArrayList<>();
        for (String[] qp : queuePairs(p)) {
            plans.add("qp-error(" + qp[0] + ", " + qp[1] + ", step=4)");
        }
        int nodes = new LitmusRunner(p, NicTestFiles.flags(p)).nodes();
        for (int n = 1; n <= nodes; n++) {
            plans.add("crash(" + n + ", step=0)");
            plans.add("crash(" + n + ", step=3)");
            plans.add("crash(" + n + ", step=9); delay-nic(*, p=0.5, mean=8)");
        }
        for (String text : plans) {
            SimulationReport r = simulate(p, FaultSyntax.parse(text), LitmusSimulator.Mode.DETERMINISTIC);
            assertNothingLost(r, text);
            if (text.endsWith("step=0)")) {
                // the crash comes before the first step of every run
                assertEquals(RUNS, r.faults().counts().crashedRuns(), "the node crashes in every run: " + r.format());
            }
            if (text.startsWith("crash")) {
                assertEquals(r.faults().counts().crashedRuns(), RUNS - r.completed() - r.discarded() - r.stuck(),
                        "a crashed run has no final state: " + r.format());
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void delaysAloneStayInsideTheModel(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        SimulationReport r = simulate(p, FaultSyntax.parse("delay-nic(*, p=0.5, mean=20); delay-drain(*, p=0.5, mean=20)"),
                LitmusSimulator.Mode.DETERMINISTIC);
        assertNothingLost(r, file);
        assertEquals(0, r.faults().counts().flushed(), r.format());
        assertEquals(0, r.faults().counts().faultedRuns(), "a delay is no fault: " + r.format());
        assertEquals(r.completed(), r.tracesChecked(), "every run's graph is checked: " + r.format());
    }
}
