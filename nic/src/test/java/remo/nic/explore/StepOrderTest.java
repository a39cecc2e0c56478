package remo.nic.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.Region;
import remo.nic.Registers;
import remo.nic.Schedule;
import remo.nic.WorkId;

/**
 * The happens-before order of a run's steps ({@link StepOrder}): a thread's Java code between two
 * calls belongs to the CPU step of the earlier call, independent steps of two threads are unordered,
 * a read and the NIC write it read from (or was read before) are ordered, and a replay of a
 * schedule has the order its exploration had.
 */
class StepOrderTest {

    /** T0@1 stores X and puts X into Y@2, waited; T1@2 stores Z, then loads Y. Each body captures the step counter after every call. */
    private static ExplorationTarget program() {
        return ExplorationTarget.of(2, c -> {
            Region x = c.node(1).register("X", 1, EnumSet.allOf(Access.class));
            Region y = c.node(2).register("Y", 1, EnumSet.allOf(Access.class));
            c.spawn(1, "T0", ep -> {
                WorkId w = ep.newWorkId("w");
                ep.store(x, 0, 1);
                mark(ep, "store");
                ep.put(w, y, 0, x, 0, 1);
                mark(ep, "put");
                ep.waitFor(w);
                mark(ep, "wait");
            });
            Region z = c.node(2).register("Z", 1, EnumSet.allOf(Access.class));
            c.spawn(2, "T1", ep -> {
                ep.store(z, 0, 5);
                mark(ep, "storeZ");
                Registers.capture(ep, "y", ep.load(y, 0));
                mark(ep, "load");
            });
        });
    }

    private static void mark(Endpoint ep, String call) {
        Registers.capture(ep, call, ep.cluster().metrics().snapshot().cluster().get("schedulerSteps"));
    }

    @Test
    void javaCodeBetweenCallsBelongsToTheCpuStepOfTheEarlierCall() {
        List<String> problems = new ArrayList<>();
        Map<String, String> orders = new LinkedHashMap<>();
        Exploration e = Explorer.explore(program(), ExplorationOptions.defaults(), run -> {
            Map<String, Map<String, Long>> regs = run.result().registers();
            int store = step(run, regs, "T0", 0, "store", problems);
            int put = step(run, regs, "T0", 0, "put", problems);
            int await = step(run, regs, "T0", 0, "wait", problems);
            int storeZ = step(run, regs, "T1", 1, "storeZ", problems);
            int load = step(run, regs, "T1", 1, "load", problems);
            StepOrder o = run.order();
            if (!o.before(store, put) || !o.before(put, await) || o.before(put, store)) {
                problems.add("a thread's steps are not in program order: " + run.schedule());
            }
            if (o.before(store, storeZ) || o.before(storeZ, store)) {
                problems.add("the stores of X and Z are independent, yet ordered: " + run.schedule());
            }
            // the load read the put's write (then the post is before it) or was read before it (then the
            // load is before the wait that returned once the write had landed)
            boolean sawPut = regs.get("T1").get("y") == 1;
            if (sawPut ? !o.before(put, load) : !o.before(load, await)) {
                problems.add("the load of Y (" + regs.get("T1").get("y") + ") is not ordered with the put: " + run.schedule());
            }
            orders.put(run.schedule().toString(), matrix(o, run.schedule().size()));
            return List.of();
        });
        assertTrue(e.complete(), e.summary());
        assertEquals(List.of(), problems);
        assertTrue(orders.size() >= 2, "both outcomes of the load are explored: " + orders.keySet());
        // a replay recomputes the same order
        for (Map.Entry<String, String> run : orders.entrySet()) {
            String[] again = new String[1];
            Explorer.replay(program(), Schedule.parse(run.getKey()), r -> {
                again[0] = matrix(r.order(), r.schedule().size());
                return List.of();
            });
            assertEquals(run.getValue(), again[0], "the order of " + run.getKey());
        }
    }

    /** The step whose Java code captured {@code call}: a CPU step of thread {@code thread}. */
    private static int step(ExploredRun run, Map<String, Map<String, Long>> regs, String name, int thread, String call,
                            List<String> problems) {
        int s = (int) (long) regs.get(name).get(call) - 1;
        long code = run.schedule().action(s);
        if (Schedule.kind(code) != Schedule.CPU || ScheduleCost.thread(code) != thread) {
            problems.add(name + "'s code after its " + call + " ran in step " + s + " " + Schedule.describeCode(code));
        }
        return s;
    }

    private static String matrix(StepOrder o, int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                sb.append(o.before(i, j) ? '1' : '0');
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    @Test
    void theTotalOrderIsTheSchedule() {
        assertTrue(StepOrder.total().before(1, 2));
        assertFalse(StepOrder.total().before(2, 2));
    }
}
