package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.core.Position;
import remo.litmus.Dialect;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.LocationRef;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.Register;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.models.ModelLibrary;

/** Engine tests on programs built in code, independent of the parsers. */
class HandBuiltProgramsTest {

    private static Prop regIs(int thread, String reg, long v) {
        return new Prop.Atom(new ItemRef(new StateItem.RegisterItem(thread, reg), reg, Position.NONE), true, v);
    }

    private static Program sb() {
        Position p = Position.NONE;
        ThreadCode t0 = ThreadCode.of(0, 1, List.of(
                new Instruction.Store(LocationRef.of("x"), Operand.constant(1), p),
                new Instruction.Load(Register.of("r0"), LocationRef.of("y"), p)));
        ThreadCode t1 = ThreadCode.of(1, 1, List.of(
                new Instruction.Store(LocationRef.of("y"), Operand.constant(1), p),
                new Instruction.Load(Register.of("r0"), LocationRef.of("x"), p)));
        return new Program("SB", Dialect.RDMA, null, "SB.litmus", List.of(), Map.of(),
                List.of(new LocationDecl("x", 1, 0, p), new LocationDecl("y", 1, 0, p)), List.of(),
                List.of(t0, t1), List.of(), null, Quantifier.EXISTS,
                new Prop.And(regIs(0, "r0", 0), regIs(1, "r0", 0)));
    }

    @Test
    void storeBufferingUnderTsoHasFourStatesAndIsAllowed() throws Exception {
        CheckResult r = AxiomaticChecker.check(sb(), new ModelLibrary().load("tso"), FlagValues.defaults(), CheckOptions.defaults());
        assertEquals(4, r.states().size());
        assertEquals(Verdict.ALLOWED, r.verdict());
        assertEquals(1, r.positive());
        assertEquals(3, r.negative());
    }

    @Test
    void storeBufferingUnderScIsForbidden() throws Exception {
        CheckResult r = AxiomaticChecker.check(sb(), new ModelLibrary().load("sc"), FlagValues.defaults(), CheckOptions.defaults());
        assertEquals(3, r.states().size());
        assertEquals(Verdict.FORBIDDEN, r.verdict());
    }

    @Test
    void pruningDoesNotChangeResults() throws Exception {
        for (String m : List.of("sc", "tso", "rdma-tso", "rdma-sc-rmw")) {
            CheckResult a = AxiomaticChecker.check(sb(), new ModelLibrary().load(m), FlagValues.defaults(), CheckOptions.defaults());
            CheckResult b = AxiomaticChecker.check(sb(), new ModelLibrary().load(m), FlagValues.defaults(),
                    CheckOptions.defaults().withPrune(false));
            assertEquals(a.states(), b.states(), m);
            assertEquals(a.positive(), b.positive(), m);
            assertEquals(a.negative(), b.negative(), m);
        }
    }
}
