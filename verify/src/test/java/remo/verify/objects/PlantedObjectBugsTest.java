package remo.verify.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import remo.checker.TestFiles;
import remo.loco.KvStore;
import remo.loco.PlantedObjectBugs;
import remo.models.CatModel;
import remo.nic.Schedule;
import remo.nic.explore.Counterexample;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;
import remo.nic.explore.Violation;
import remo.verify.Bounds;
import remo.verify.Verification;
import remo.verify.Verifier;

/**
 * The model checker catches every planted LOCO object bug ({@link PlantedObjectBugs}) within seconds,
 * with the kind of violation the bug causes (loco.md §4.10: linearizability of the history, the
 * object's safety checks, a receiver that can never finish), and the counterexample's shrunk
 * schedule replays to the same violation.
 */
class PlantedObjectBugsTest {

    /** A planted bug: the workload that shows it, and the kind of violation it must give. */
    enum Bug {
        /** AtomicVar's fetchAdd as a read and an RCAS without retry: two calls see one value. */
        ATOMICVAR_LOST_UPDATE(Violation.Kind.LINEARIZABILITY,
                () -> new AtomicVarWorkload(Bounds.of(2, 2, 2), PlantedObjectBugs::atomicVarLostUpdate).historyOnly()),
        /** Barrier call k released once the peers reach k - 1. */
        BARRIER_EARLY_RELEASE(Violation.Kind.SAFETY,
                () -> new BarrierWorkload(Bounds.of(2, 2, 1), PlantedObjectBugs::barrierEarlyRelease)),
        /** RingBuffer pops the newest arrived message first (wrong FIFO order); two slots, so both can be queued. */
        RINGBUFFER_WRONG_FIFO_ORDER(Violation.Kind.SAFETY,
                () -> new RingBufferWorkload(Bounds.of(2, 2, 2), PlantedObjectBugs::ringBufferNewestFirst, 2, 1)),
        /** Broadcast sends to every receiver but the last: that receiver waits forever. */
        BROADCAST_SKIPS_A_RECEIVER(Violation.Kind.LIVENESS,
                () -> new BroadcastWorkload(Bounds.of(3, 3, 1), PlantedObjectBugs::broadcastSkipsLastReceiver)),
        /** KvStore's get without the seqlock's version check: a torn or half-written entry. */
        KVSTORE_SKIPPED_VERSION_CHECK(Violation.Kind.LINEARIZABILITY,
                () -> kvStore(KvStore.Testing.disableVersionCheck(), "PG", "GP").historyOnly()),
        /** KvStore writers never release the bucket lock: the second put's CAS fails forever (a failed attempt nothing ends). */
        KVSTORE_LOST_RELEASE(Violation.Kind.LIVENESS, () -> kvStore(KvStore.Testing.skipRelease(), "P", "P")),
        /** KvStore writers leave the version odd: a get after the put retries forever. */
        KVSTORE_VERSION_LEFT_ODD(Violation.Kind.LIVENESS, () -> kvStore(KvStore.Testing.skipEvenVersion(), "P", "G")),
        /** GlobalFence as mfence without gf: a get posted before the fence has not landed after it. */
        GLOBALFENCE_MISSING_GF(Violation.Kind.SAFETY,
                () -> new GlobalFenceWorkload(Bounds.of(2, 2, 1), PlantedObjectBugs::fenceWithoutGf));

        final Violation.Kind kind;
        final Supplier<ObjectWorkload> workload;

        Bug(Violation.Kind kind, Supplier<ObjectWorkload> workload) {
            this.kind = kind;
            this.workload = workload;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Bug.class)
    void theModelCheckerReportsThePlantedBug(Bug bug) {
        CatModel model = TestFiles.model("rdma-wait-rmw");
        ObjectWorkload w = bug.workload.get();
        Verifier.Result r = Verifier.run(w.verification(model, true), "rdma-wait-rmw",
                ExplorationOptions.defaults().withTimeLimit(Duration.ofSeconds(60)));
        System.out.println(bug + ": " + r.summary());
        assertFalse(r.exploration().passed(), bug + " was not caught: " + r.summary());
        Counterexample cx = r.exploration().counterexamples().get(0);
        System.out.println("  " + cx.violation() + "\n  schedule (" + cx.schedule().size() + " actions, "
                + cx.contextSwitches() + " context switches, " + cx.nicDelays() + " NIC delays)");
        assertEquals(bug.kind, cx.violation().kind(), cx.violation().toString());
        assertTrue(r.exploration().seconds() < 60, r.summary());
        // the printed (shrunk) schedule replays to the same violation on a fresh run of the workload
        Verification again = bug.workload.get().verification(model, true);
        List<Violation> replayed = Explorer.replay(again.target(), Schedule.parse(cx.schedule().toString()), again.check());
        assertFalse(replayed.isEmpty(), "the schedule " + cx.schedule() + " replays without a violation");
        assertEquals(cx.violation(), replayed.get(0));
    }

    /**
     * The two bugs judged by their history alone above also fail the full check, first through the
     * object's specification: the mutant's calls do not have the events the specification gives
     * them (an AtomicVar fetchAdd with a get and an RCAS, a KvStore get without its version reads).
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Bug.class, names = {"ATOMICVAR_LOST_UPDATE", "KVSTORE_SKIPPED_VERSION_CHECK"})
    void theSpecificationAlsoRejectsTheMutantsCalls(Bug bug) {
        ObjectWorkload w = bug == Bug.ATOMICVAR_LOST_UPDATE
                ? new AtomicVarWorkload(Bounds.of(2, 2, 2), PlantedObjectBugs::atomicVarLostUpdate)
                : kvStore(KvStore.Testing.disableVersionCheck(), "PG", "GP");
        Verifier.Result r = Verifier.run(w.verification(TestFiles.model("rdma-wait-rmw"), true), "rdma-wait-rmw",
                ExplorationOptions.defaults().withTimeLimit(Duration.ofSeconds(60)));
        assertFalse(r.exploration().passed(), r.summary());
        Violation v = r.exploration().counterexamples().get(0).violation();
        assertEquals(Violation.Kind.SAFETY, v.kind(), v.toString());
        assertTrue(v.message().startsWith("the specification of "), v.toString());
    }

    /** KvStore broken by {@code hook}, one thread per client node, thread {@code t} calling {@code plan[t]} (P put, G get). */
    private static KvStoreWorkload kvStore(KvStore.Testing hook, String... plan) {
        return new KvStoreWorkload(Bounds.of(plan.length, plan.length, plan[0].length()),
                PlantedObjectBugs.kvStoreWith(hook)::make, 1, List.of(plan));
    }
}
