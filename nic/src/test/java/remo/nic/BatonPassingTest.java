package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import remo.nic.error.StepLimitExceededException;
import remo.nic.trace.TraceJson;

/**
 * Deterministic mode (nic.md §5.1): a thread body that holds the baton runs the scheduler's steps
 * itself and hands the baton straight to the next body whose call is chosen; the run must be the
 * scheduler loop's exactly. Checked by running the same three threads as bodies, as scripts
 * ({@link ThreadScript}, stepped by the scheduler thread alone) and mixed: schedule, trace, metrics
 * and final memory are equal for every seed, and so is the partial run at a step limit.
 */
class BatonPassingTest {
    private static final int ROUNDS = 12;

    /** The three threads of one run as scripts: a writer putting a counter, a spinning reader, an RMW thread. */
    private static List<Supplier<ThreadScript>> threads(Region x, Region y, Region z, Region r) {
        Supplier<ThreadScript> writer = () -> new ThreadScript() {
            WorkId w;
            int i;
            int stage;

            @Override
            public void start(Endpoint ep) {
                w = ep.newWorkId("w");
            }

            @Override
            public Call next(long previous) {
                if (i == ROUNDS) {
                    return stage++ == 0 ? new Call.WaitFor(w) : null;
                }
                return (stage++ % 2 == 0) ? new Call.Store(x, 0, ++i) : new Call.Put(w, y, 0, x, 0, 1);
            }
        };
        Supplier<ThreadScript> reader = () -> new ThreadScript() {
            int loads;

            @Override
            public Call next(long previous) {
                boolean done = loads > 0 && previous == ROUNDS || loads == 4000;
                loads++;
                return done ? null : new Call.Load(y, 0);
            }
        };
        Supplier<ThreadScript> adder = () -> new ThreadScript() {
            WorkId w;
            int i;

            @Override
            public void start(Endpoint ep) {
                w = ep.newWorkId("a");
            }

            @Override
            public Call next(long previous) {
                i++;
                return i <= 2 * ROUNDS ? (i % 2 == 1 ? new Call.Faa(z, 0, 1) : new Call.RFaa(w, r, 0, x, 0, 0))
                        : i == 2 * ROUNDS + 1 ? new Call.Gf() : null;
            }
        };
        return List.of(writer, reader, adder);
    }

    /** A body making the same calls as the script. */
    private static ThreadBody asBody(ThreadScript s) {
        return ep -> {
            s.start(ep);
            long res = 0;
            Call c;
            while ((c = s.next(res)) != null) {
                if (c instanceof Call.Load l) {
                    res = ep.load(l.region(), l.offset());
                } else if (c instanceof Call.Store st) {
                    ep.store(st.region(), st.offset(), st.value());
                    res = 0;
                } else if (c instanceof Call.Faa f) {
                    res = ep.faa(f.region(), f.offset(), f.delta());
                } else if (c instanceof Call.Put p) {
                    res = ep.put(p.workId(), p.dst(), p.dstOffset(), p.src(), p.srcOffset(), p.words()).id();
                } else if (c instanceof Call.RFaa f) {
                    res = ep.rfaa(f.workId(), f.result(), f.resultOffset(), f.target(), f.targetOffset(), f.delta()).id();
                } else if (c instanceof Call.WaitFor w) {
                    ep.waitFor(w.workId());
                    res = 0;
                } else {
                    ep.gf();
                    res = 0;
                }
            }
        };
    }

    /** One run; {@code bodies[i]} says whether thread i is a body. Returns everything it produced, as text. */
    private static String run(long seed, boolean[] bodies, long stepLimit) {
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(seed, SchedulerPolicy.swarm()).recordTrace(true)
                .spinCompression(false).stepLimit(stepLimit).build()) {
            Region x = c.node(1).register("x", 1, EnumSet.allOf(Access.class));
            Region y = c.node(2).register("y", 1, EnumSet.allOf(Access.class));
            Region z = c.node(2).register("z", 1, EnumSet.allOf(Access.class));
            Region r = c.node(2).register("r", 1, EnumSet.allOf(Access.class));
            List<Supplier<ThreadScript>> ts = threads(x, y, z, r);
            int[] nodes = {1, 2, 2};
            for (int i = 0; i < ts.size(); i++) {
                if (bodies[i]) {
                    c.spawn(nodes[i], "T" + i, asBody(ts.get(i).get()));
                } else {
                    c.spawnScript(nodes[i], "T" + i, ts.get(i).get());
                }
            }
            RunResult res;
            String end;
            try {
                res = c.run();
                end = "y=" + c.peek(2, "y", 0) + " z=" + c.peek(2, "z", 0);
            } catch (StepLimitExceededException e) {
                res = e.partial();
                end = "step limit";
            }
            assertTrue(res.threadFailures().isEmpty(), res.threadFailures().toString());
            return end + "\n" + res.schedule() + "\n" + res.metrics().cluster().deterministicCounters() + "\n"
                    + (res.trace().isPresent() ? TraceJson.write(res.trace().get()) : res.traceCut().orElseThrow().format(""));
        }
    }

    @Test
    void bodiesScriptsAndMixedGiveTheSameRun() {
        boolean[][] variants = {{false, false, false}, {true, true, true}, {true, false, true}, {false, true, true}};
        for (long seed = 0; seed < 20; seed++) {
            List<String> runs = new ArrayList<>();
            for (boolean[] v : variants) {
                runs.add(run(seed, v, 1_000_000));
            }
            // the run completed; y may miss the last value (a put may read x before the store drains)
            assertTrue(runs.get(0).lines().findFirst().orElse("").endsWith(" z=" + ROUNDS), runs.get(0).lines().findFirst().orElse(""));
            for (int k = 1; k < runs.size(); k++) {
                assertEquals(runs.get(0), runs.get(k), "seed " + seed + ", variant " + k);
            }
        }
    }

    @Test
    void theStepLimitCutsTheSameRunWhoeverHoldsTheBaton() {
        for (long seed = 0; seed < 5; seed++) {
            String scripts = run(seed, new boolean[] {false, false, false}, 60);
            assertTrue(scripts.startsWith("step limit"), scripts.lines().findFirst().orElse(""));
            assertEquals(scripts, run(seed, new boolean[] {true, true, true}, 60), "seed " + seed);
        }
        assertThrows(StepLimitExceededException.class, () -> {
            try (SimCluster c = SimCluster.builder().nodes(1).deterministic(0).stepLimit(10).build()) {
                Region a = c.node(1).register("a", 1, EnumSet.allOf(Access.class));
                c.spawn(1, "spin", ep -> {
                    while (ep.load(a, 0) == 0) {
                        Thread.onSpinWait();
                    }
                });
                c.run();
            }
        });
    }
}
