package remo.core.rdma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.PollScope;
import remo.core.RaoScope;

/** The tool-supplied rules of models.md and operational.md §4, written once in core. */
class RdmaRulesTest {

    @Test
    void raoClassIsTheTargetNodeOrTheTargetLocation() {
        RaoClass a = RaoClass.of(RaoScope.PER_NODE, 2, 7, 0);
        RaoClass b = RaoClass.of(RaoScope.PER_NODE, 2, 8, 3);
        assertEquals(a, b, "per node: one class for every word of node 2");
        assertEquals("n2", a.key());
        RaoClass x = RaoClass.of(RaoScope.PER_LOCATION, 2, 7, 0);
        RaoClass y = RaoClass.of(RaoScope.PER_LOCATION, 2, 7, 1);
        assertNotEquals(x, y, "per location: two words, two classes");
        assertEquals("l7:0", x.key());
        assertEquals(x, RaoClass.of(RaoScope.PER_LOCATION, 2, 7, 0));
        assertTrue(a.isNode());
        assertFalse(x.isNode());
    }

    @Test
    void pollScopeIsTheQueuePairOrTheThread() {
        QueuePair p01 = QueuePair.of(0, 1);
        QueuePair p02 = QueuePair.of(0, 2);
        assertEquals(p01, PollMatching.scope(PollScope.PER_QP, p01));
        assertTrue(PollMatching.inScope(PollScope.PER_QP, p01, QueuePair.of(0, 1)));
        assertFalse(PollMatching.inScope(PollScope.PER_QP, p01, p02));
        QueuePair thread0 = PollMatching.scope(PollScope.PER_THREAD, p01);
        assertEquals(thread0, PollMatching.scope(PollScope.PER_THREAD, p02));
        assertTrue(PollMatching.inScope(PollScope.PER_THREAD, thread0, p02));
        assertFalse(PollMatching.inScope(PollScope.PER_THREAD, thread0, QueuePair.of(1, 1)));
        assertEquals("qp", PollMatching.select(PollScope.PER_QP, "qp", "thread"));
        assertEquals("thread", PollMatching.select(PollScope.PER_THREAD, "qp", "thread"));
    }

    @Test
    void predicatesOfOperationRecords() {
        assertTrue(SameQpOrder.localread(OpKind.PUT, OpStage.READ));
        assertFalse(SameQpOrder.localread(OpKind.PUT, OpStage.POSTED));
        assertFalse(SameQpOrder.remotedone(OpKind.PUT, OpStage.READ));
        assertTrue(SameQpOrder.remotedone(OpKind.GET, OpStage.FETCHED));
        assertFalse(SameQpOrder.remotedone(OpKind.RCAS, OpStage.LOCKED));
        assertTrue(SameQpOrder.remotedone(OpKind.RFAA, OpStage.WRITTEN));
        SameQpOrder d = new SameQpOrder(FlagValues.defaults());
        assertFalse(d.complete(OpKind.PUT, OpStage.READ));
        assertTrue(new SameQpOrder(FlagValues.defaults().with(Flag.PUT_COMPLETION, "LOCAL_READ_DONE"))
                .complete(OpKind.PUT, OpStage.READ));
        assertTrue(d.fenceclear(OpKind.PUT, OpStage.POSTED), "F1: puts do not hold an rfence");
        assertFalse(new SameQpOrder(FlagValues.defaults().with(Flag.RFENCE_SCOPE, "ALL")).fenceclear(OpKind.PUT, OpStage.POSTED));
    }

    @Test
    void guardsOfOneQueuePair() {
        SameQpOrder d = new SameQpOrder(FlagValues.defaults());
        int none = SameQpOrder.NOTHING_EARLIER;
        for (OpKind k : OpKind.values()) {
            assertTrue(d.enabled(none, k, OpStage.POSTED), "an operation alone may start: " + k);
        }
        int putPosted = d.after(none, OpKind.PUT, OpStage.POSTED);
        assertFalse(d.enabled(putPosted, OpKind.PUT, OpStage.POSTED), "Q1: NLR after an earlier put's NLR");
        assertFalse(d.enabled(putPosted, OpKind.GET, OpStage.POSTED), "Q2: NRR after an earlier put's NRW");
        int putRead = d.after(none, OpKind.PUT, OpStage.READ);
        assertTrue(d.enabled(putRead, OpKind.PUT, OpStage.POSTED));
        assertFalse(d.enabled(putRead, OpKind.PUT, OpStage.READ), "Q2: a put's NRW after an earlier put's");
        int getPosted = d.after(none, OpKind.GET, OpStage.POSTED);
        assertFalse(d.enabled(getPosted, OpKind.GET, OpStage.POSTED), "Q3 with GG_REMOTE_ORDER=ON");
        assertTrue(d.enabled(getPosted, OpKind.PUT, OpStage.READ), "GP_RESPONDER_REORDER=ON: no Q4");
        SameQpOrder off = new SameQpOrder(FlagValues.defaults().with(Flag.GG_REMOTE_ORDER, "OFF")
                .with(Flag.GP_RESPONDER_REORDER, "OFF").with(Flag.GG_LOCAL_ORDER, "OFF"));
        assertTrue(off.enabled(getPosted, OpKind.GET, OpStage.POSTED));
        assertFalse(off.enabled(getPosted, OpKind.PUT, OpStage.READ), "Q4 with GP_RESPONDER_REORDER=OFF");
        assertFalse(d.enabled(getPosted, OpKind.GET, OpStage.FETCHED), "Q5 with GG_LOCAL_ORDER=ON");
        assertTrue(off.enabled(getPosted, OpKind.GET, OpStage.FETCHED));
        assertFalse(d.enabled(none, OpKind.GET, OpStage.DONE));
    }

    @Test
    void aFenceBlocksFirstStepsBehindAnOperationThatIsNotFenceclear() {
        SameQpOrder d = new SameQpOrder(FlagValues.defaults());
        int none = SameQpOrder.NOTHING_EARLIER;
        int getFenced = SameQpOrder.afterFence(d.after(none, OpKind.GET, OpStage.FETCHED));
        SameQpOrder off = new SameQpOrder(FlagValues.defaults().with(Flag.GG_REMOTE_ORDER, "OFF"));
        assertFalse(off.enabled(getFenced, OpKind.PUT, OpStage.POSTED), "F1: an rfence waits for the get");
        assertTrue(off.enabled(d.after(none, OpKind.GET, OpStage.FETCHED), OpKind.PUT, OpStage.POSTED), "no rfence, no wait");
        int putFenced = SameQpOrder.afterFence(d.after(none, OpKind.PUT, OpStage.READ));
        assertTrue(d.enabled(putFenced, OpKind.PUT, OpStage.POSTED), "a put is fenceclear under GETS_AND_ATOMICS");
        assertEquals(putFenced, SameQpOrder.both(putFenced, none));
        assertTrue(SameQpOrder.firstStepAwaitsEarlierRemoteWrites(OpKind.RCAS));
        assertFalse(SameQpOrder.firstStepAwaitsEarlierRemoteWrites(OpKind.PUT));
    }

    @Test
    void labelsReadAndWriteAsModelsSay() {
        assertTrue(EventLabel.NAR.isRead() && EventLabel.NAR.isNic() && !EventLabel.NAR.isWrite());
        assertTrue(EventLabel.IW.isWrite() && !EventLabel.IW.isNic());
        assertFalse(EventLabel.F.isMemory());
        assertEquals(13, EventLabel.values().length);
    }
}
