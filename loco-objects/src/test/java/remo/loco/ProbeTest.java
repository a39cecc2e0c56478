package remo.loco;

import org.junit.jupiter.api.Test;
import remo.loco.lin.*;
import remo.loco.runs.*;

class ProbeTest {
    @Test
    void probe() {
        KvStoreRun cfg = KvStoreRun.deterministic();
        long t0 = System.nanoTime();
        int ok = 0;
        for (long s = 0; s < 50; s++) {
            RunOutcome<Long, MapOp> o = cfg.run(s);
            if (o.verdict() == Verdict.LINEARIZABLE) ok++;
            else { System.out.println("seed " + s + " " + o.verdict() + " " + o.failures() + o.report().firstFailure()); }
        }
        System.out.println("ok " + ok + " in " + (System.nanoTime() - t0) / 1e9);
        for (KvStore.Testing t : new KvStore.Testing[] {KvStore.Testing.disableVersionCheck(), KvStore.Testing.disableLock()}) {
            t0 = System.nanoTime();
            for (long s = 0; s < 2000; s++) {
                RunOutcome<Long, MapOp> o = cfg.with(t).run(s);
                if (o.verdict() == Verdict.NOT_LINEARIZABLE) {
                    System.out.println(t + ": seed " + s + " after " + (s + 1) + " seeds, " + (System.nanoTime() - t0) / 1e9 + " s; " + o.report().firstFailure().getValue().reason());
                    var f = o.report().firstFailure().getValue().calls();
                    System.out.println(KvStoreRun.table(cfg.shrink(f)));
                    break;
                }
            }
        }
    }
}
