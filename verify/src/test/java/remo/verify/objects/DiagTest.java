package remo.verify.objects;

import java.util.List;
import org.junit.jupiter.api.Test;
import remo.checker.TestFiles;
import remo.nic.explore.Exploration;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;
import remo.verify.Bounds;
import remo.verify.Verification;

class DiagTest {
    @Test
    void diag() {
        String[] b = System.getProperty("bounds", "2,2,1").split(",");
        Bounds bounds = Bounds.of(Integer.parseInt(b[0]), Integer.parseInt(b[1]), Integer.parseInt(b[2]));
        KvStoreWorkload w = new KvStoreWorkload(bounds, remo.loco.KvStore::new, 1, List.of(System.getProperty("plan", "P,G").split(",")));
        Verification v = w.verification(TestFiles.model("rdma-wait-rmw"), true);
        ExplorationOptions o = ExplorationOptions.defaults().withMaxExecutions(Long.getLong("n", 1_000_000));
        Exploration none = Explorer.explore(v.target(), o, ExecutionCheck.NONE);
        System.out.println("DIAG no check: " + none.summary() + " steps " + none.steps());
        Exploration full = Explorer.explore(v.target(), o, v.check());
        System.out.println("DIAG full check: " + full.summary());
        try { java.lang.reflect.Field f = Class.forName("remo.nic.explore.DporSearch").getDeclaredField("DBG"); f.setAccessible(true); System.out.println("DIAG guide " + java.util.Arrays.toString((long[]) f.get(null))); } catch (Exception e) { throw new RuntimeException(e); }
    }
}
