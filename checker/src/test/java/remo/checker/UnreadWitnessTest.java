package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;

/**
 * A model that reads no {@code rao} (rdma-sc-rmw, models.md §10.2): the exploration places every
 * rao class once and counts each complete candidate for the {@code k!} rao orders it stands for,
 * so every count stays that of the plain enumeration, which enumerates all of them, while it
 * checks {@code k!} times fewer complete candidates. A model that reads rao (rdma-wait-rmw) keeps
 * exploring its orders.
 */
class UnreadWitnessTest {
    /** Three remote fetch-and-adds on one counter (one rao class of 3 NARs: 6 orders); P0 goes on only with ticket 0. */
    private static final String TICKETS = """
            RDMA TICKETS3
            "three remote fetch-and-adds on one counter, the first thread needs ticket 0"
            { t0@1 = 0; t1@2 = 0; t2@3 = 0; next@1 = 0; }
             P0@1                  | P1@2                  | P2@3                  ;
             rfaa t0, next@1, 1 #d | rfaa t1, next@1, 1 #d | rfaa t2, next@1, 1 #d ;
             wait d                | wait d                | wait d                ;
             r0 = t0               | r0 = t1               | r0 = t2               ;
             assume (r0 == 0)      | r1 = r0               | r1 = r0               ;
            exists (1:r0 = 1)
            """;

    private static CheckResult[] plainAndExplored(String model) throws Exception {
        Program p = LitmusParser.parseAndValidate("TICKETS3.litmus", TICKETS);
        FlagValues flags = FlagValues.defaults().withAll(p.flags());
        return new CheckResult[] {
            AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), true),
            AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), false)};
    }

    @Test
    void aModelWithoutRaoCountsEveryRaoOrderOfOneCandidate() throws Exception {
        CheckResult[] r = plainAndExplored("rdma-sc-rmw");
        assertNull(ExplorationDifferentialTest.difference(r[0], r[1]));
        // 3! interleavings of the fetch-and-adds, each with 3! rao orders; P0 has ticket 0 in 2 of them
        assertEquals(2 * 6, r[1].positive() + r[1].negative());
        assertEquals(4 * 6, r[1].blocked());
        assertEquals(36, r[1].statistics().consistent());
        assertTrue(r[1].statistics().complete() * 6 <= r[0].statistics().complete(),
                "explored " + r[1].statistics().complete() + " complete candidates, plain " + r[0].statistics().complete());
    }

    @Test
    void theBlockedLimitCountsExactlyThatMany() throws Exception {
        Program p = LitmusParser.parseAndValidate("TICKETS3.litmus", TICKETS);
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("rdma-sc-rmw"), FlagValues.defaults(),
                CheckOptions.defaults().withMaxBlocked(5), false);
        assertEquals(5, r.blocked(), "a candidate standing for 6 counts only the 5 the limit leaves");
        assertTrue(r.statistics().blockedLimit() != null);
        assertEquals(12, r.positive() + r.negative());
    }

    @Test
    void keepingEveryExecutionKeepsEveryRaoOrder() throws Exception {
        Program p = LitmusParser.parseAndValidate("TICKETS3.litmus", TICKETS);
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("rdma-sc-rmw"), FlagValues.defaults(),
                CheckOptions.defaults().collecting(CheckOptions.Collect.ALLOWED, Integer.MAX_VALUE), false);
        assertEquals(12, r.executions().size());
        assertEquals(12, r.executions().stream().map(x -> java.util.List.of(x.rf(), x.co(), x.rao())).distinct().count(),
                "two interleavings that pass P0's assume, each with its 6 rao orders");
    }

    @Test
    void aModelThatReadsRaoExploresItsOrders() throws Exception {
        CheckResult[] r = plainAndExplored("rdma-wait-rmw");
        assertNull(ExplorationDifferentialTest.difference(r[0], r[1]));
        assertEquals(r[1].statistics().complete(), r[1].statistics().consistent(),
                "every complete candidate checked is one consistent candidate");
    }
}
