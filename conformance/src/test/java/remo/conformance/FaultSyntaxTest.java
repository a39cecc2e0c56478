package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.nic.FaultPlan;

/** The text form of fault plans ({@link FaultSyntax}) and the rules that cannot fire ({@link FaultReach}). */
class FaultSyntaxTest {

    @Test
    void everyRuleParsesAndPrintsBackInItsCanonicalSpelling() throws Exception {
        FaultPlan plan = FaultSyntax.parse(" qp-error( P0 ,2, op = 1 );QP-ERROR(P1,3,step=30); crash(2, step=40);"
                + "delay-nic(P0, 2, p=0.5, mean=20); delay-nic(*, p=1, mean=3); delay-drain(P1, p=0.25, mean=7);"
                + "delay-drain(*, p=0, mean=0)");
        assertEquals("qp-error(P0, 2, op=1); qp-error(P1, 3, step=30); crash(2, step=40); "
                + "delay-nic(P0, 2, p=0.5, mean=20); delay-nic(*, p=1, mean=3); delay-drain(P1, p=0.25, mean=7); "
                + "delay-drain(*, p=0, mean=0)", FaultSyntax.format(plan));
        assertTrue(plan.expectUnreported(), "unreported flushed requests are counted, not thrown");
        assertEquals(plan.rules().size(), FaultSyntax.parse(FaultSyntax.format(plan)).rules().size());
        FaultPlan.DelayNic one = (FaultPlan.DelayNic) plan.rules().get(3);
        assertTrue(one.selector().test("P0", 2) && !one.selector().test("P0", 3) && !one.selector().test("P1", 2));
        FaultPlan.DelayDrain all = (FaultPlan.DelayDrain) plan.rules().get(6);
        assertTrue(all.selector().test("P9"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "qp-error(P0, 2, opp=1)|16|expected op=N (the QP's N-th request) or step=N (a scheduler step), found 'opp'",
        "qp-error(P0, 2, op=0)|19|requests are numbered from 1 in posting order; op=0 names none",
        "qp-error(x, 2, op=1)|9|expected a thread (P0, P1, ...), found 'x'",
        "crash(0, step=1)|6|expected a node number from 1 to 64, found 0",
        "crash(2)|7|expected ',', found ')'",
        "delay-nic(*, p=1.5, mean=2)|15|expected a probability between 0 and 1, found '1'",
        "delay-drain(P0, p=0.5)|21|expected ',', found ')'",
        "reboot(2)|0|unknown fault rule 'reboot'; expected qp-error, crash, delay-nic or delay-drain",
        "crash(2, step=1);  reboot(2)|19|unknown fault rule 'reboot'; expected qp-error, crash, delay-nic or delay-drain",
        "crash(2, step=1) crash(1, step=2)|17|expected ';', found 'c'",
        "crash(2, step=99999999999999999999)|14|number out of range: at most 9223372036854775807",
        "'   '|0|no fault rule; expected qp-error(...), crash(...), delay-nic(...) or delay-drain(...)",
    })
    void aBadRuleIsReportedAtItsColumn(String text, int offset, String message) {
        FaultSyntax.BadFaults e = assertThrows(FaultSyntax.BadFaults.class, () -> FaultSyntax.parse(text));
        assertEquals(message, e.getMessage());
        assertEquals(offset, e.offset());
    }

    @Test
    void rulesThatCannotFireAreNamedAndLeftOut() throws Exception {
        Program p = LitmusParser.parseAndValidate("T.litmus", "RDMA T\n{ x@1 = 0; z@2 = 0; }\n P0@1 ;\n put z@2, x ;\nexists (z = 1)\n");
        FaultPlan plan = FaultSyntax.parse("qp-error(P1, 2, op=1); qp-error(P0, 3, step=2); qp-error(P0, 2, op=2); "
                + "crash(3, step=1); delay-drain(P2, p=1, mean=1); qp-error(P0, 2, op=1); crash(2, step=5)");
        assertEquals(List.of(
                "fault rule qp-error(P1, 2, op=1) never fires: the test has no thread P1",
                "fault rule qp-error(P0, 3, step=2) never fires: P0 posts no request to node 3",
                "fault rule qp-error(P0, 2, op=2) never fires: P0 posts 1 request to node 2",
                "fault rule crash(3, step=1) never fires: the test has no node 3",
                "fault rule delay-drain(P2, p=1, mean=1) never fires: the test has no thread P2"),
                FaultReach.neverFiring(p, plan));
        assertEquals("qp-error(P0, 2, op=1); crash(2, step=5)", FaultSyntax.format(FaultReach.firing(p, plan)));
    }
}
