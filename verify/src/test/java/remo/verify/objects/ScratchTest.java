package remo.verify.objects;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import remo.checker.TestFiles;
import remo.nic.explore.ExplorationOptions;
import remo.verify.Bounds;
import remo.verify.VerifiableObject;
import remo.verify.Verification;
import remo.verify.Verifier;

class ScratchTest {
    @Test
    void scratch() {
        String which = System.getProperty("scratch", "AtomicVar");
        for (String b : System.getProperty("bounds", "2,2,2;3,3,1").split(";")) {
            String[] x = b.split(",");
            Bounds bounds = Bounds.of(Integer.parseInt(x[0]), Integer.parseInt(x[1]), Integer.parseInt(x[2]));
            for (String m : System.getProperty("models", "rdma-wait-rmw,rdma-sc-rmw").split(",")) {
                Verification v;
                if (which.equals("kv") && System.getProperty("plan") != null) {
                    v = new KvStoreWorkload(bounds, remo.loco.KvStore::new, 1, java.util.List.of(System.getProperty("plan")
                            .split(","))).verification(TestFiles.model(m), m.equals("rdma-wait-rmw"));
                } else {
                    VerifiableObject o = ObjectVerifiables.all().stream().filter(y -> y.name().equals(which)).findFirst()
                            .orElseThrow();
                    v = o.at(bounds, TestFiles.model(m), m.equals("rdma-wait-rmw"));
                }
                Verifier.Result r = Verifier.run(v, m, ExplorationOptions.defaults()
                        .withTimeLimit(Duration.ofSeconds(Long.getLong("limit", 120))));
                System.out.println("SCRATCH " + r.summary() + " races " + r.exploration().races());
                if (!r.exploration().passed()) {
                    System.out.println(r.exploration().counterexamples().get(0).violation());
                    System.out.println(r.exploration().counterexamples().get(0).schedule());
                }
            }
        }
    }
}
