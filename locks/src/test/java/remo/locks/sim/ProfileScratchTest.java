package remo.locks.sim;

import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.checker.EventStructure;
import remo.conformance.TraceConformance;
import remo.conformance.TraceLitmus;
import remo.core.graph.ExecutionGraph;
import remo.locks.LockTestFiles;
import remo.models.CatModel;

class ProfileScratchTest {
    @Test
    void phases() {
        CatModel model = LockTestFiles.model("rdma-wait-rmw");
        String[] cfg = System.getProperty("remo.prof", "WEAK,3,3,1;STRONG,4,2,3;WEAK,4,3,5").split(";");
        int seeds = Integer.getInteger("remo.prof.seeds", 3);
        for (String c : cfg) {
            String[] p = c.split(",");
            LockScenario sc = new LockScenario(LockClass.valueOf(p[0]), Integer.parseInt(p[1]), Integer.parseInt(p[2]), Integer.parseInt(p[3]));
            for (long seed = 0; seed < seeds; seed++) {
                long t0 = System.nanoTime();
                LockScenario.Outcome o = sc.runDeterministic(seed);
                long t1 = System.nanoTime();
                ExecutionGraph g = o.result().trace().orElseThrow();
                int kept = TraceLitmus.translate(g, true).program().threads().stream().mapToInt(t -> t.size()).sum();
                long t2 = System.nanoTime();
                LockTraceChecks.check(sc, seed, o, model, true);
                long t3 = System.nanoTime();
                if (Boolean.getBoolean("remo.prof.full")) {
                    LockTraceChecks.check(sc, seed, o, model, false);
                }
                long t4 = System.nanoTime();
                System.out.printf("PROF %s seed %d events %d instrs-reduced %d: run %.0f ms, reduced checks %.0f ms, full checks %.0f ms%n",
                        sc, seed, g.events().size(), kept, (t1 - t0) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6);
            }
        }
    }
}
