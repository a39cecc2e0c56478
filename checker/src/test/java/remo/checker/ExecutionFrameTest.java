package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.models.ModelFrame;
import remo.models.algebra.Relation;

/**
 * The accessors graph output uses: {@link Execution#frame} evaluates model relations on a collected
 * execution, and {@link GraphCheck#check(Execution, remo.models.CatModel, Set)} honours skipped checks.
 */
class ExecutionFrameTest {

    private static Execution forbiddenMp() throws Exception {
        Program p = TestFiles.read(TestFiles.suiteDir().resolve("C01.litmus"));
        CheckResult r = AxiomaticChecker.check(p, TestFiles.model("tso"), FlagValues.defaults(),
                CheckOptions.defaults().collecting(CheckOptions.Collect.FORBIDDEN, 10));
        assertEquals(1, r.executions().size(), "MP has one candidate tso rejects");
        return r.executions().get(0);
    }

    @Test
    void frameEvaluatesModelRelationsOnTheExecution() throws Exception {
        Execution x = forbiddenMp();
        ModelFrame f = x.frame(TestFiles.model("tso"), Set.of());
        Relation ppo = f.relation("ppo", x.witnesses());
        // C01: P0 x=1; y=1 (events 2, 3) | P1 r0=y; r1=x (events 4, 5): W->W and R->R are preserved
        assertTrue(ppo.contains(2, 3) && ppo.contains(4, 5), ppo.toString());
        assertFalse(ppo.contains(3, 2));
        assertEquals(x.rf(), f.relation("rf", x.witnesses()));
        assertEquals(x.rf().converse().compose(x.co()), f.relation("fr", x.witnesses()));
        assertNull(f.relation("W", x.witnesses()), "a set is not a relation");
        assertEquals(x.structure().size(), x.existingEvents().cardinality(), "no conditional event in MP");
    }

    @Test
    void graphCheckSkipsNamedChecks() throws Exception {
        Execution x = forbiddenMp();
        GraphCheck.Verdict v = GraphCheck.check(x, TestFiles.model("tso"), Set.of());
        assertEquals("tso", v.failedCheck());
        assertEquals(v, GraphCheck.check(x, TestFiles.model("tso")));
        GraphCheck.Verdict skipped = GraphCheck.check(x, TestFiles.model("tso"), Set.of("tso"));
        assertTrue(skipped.consistent(), "with tso skipped, MP's outcome is consistent (coherence and atomicity hold)");
    }
}
