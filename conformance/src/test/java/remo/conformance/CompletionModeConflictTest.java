package remo.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import remo.core.Diagnostic;
import remo.core.Position;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;

/**
 * A program that mixes {@code poll} with {@code wait}/{@code gf} cannot run on the simulated NIC
 * (its completion modes are exclusive, nic.md §2.4): the error is located at the instruction that
 * makes the mix and is raised before the model's allowed set is computed.
 */
class CompletionModeConflictTest {

    /** P0 polls (line 5, column 7), P1 ends with gf (line 6, column 15). */
    private static final String POLL_THEN_GF = """
            RDMA Mix
            { x@1 = 0; y@2 = 0; }
             P0@1       | P1@1       ;
             put y@2, x | put y@2, x ;
             poll 2     | mfence     ;
                        | gf         ;
            exists (true)
            """;

    /** P1 waits (line 5, column 15) before P0's poll (line 6, column 2). */
    private static final String WAIT_THEN_POLL = """
            RDMA Mix2
            { x@1 = 0; y@2 = 0; }
             P0@1       | P1@1          ;
             put y@2, x | put y@2, x #d ;
             mfence     | wait d        ;
             poll 2     |               ;
            exists (true)
            """;

    @Test
    void theLaterKindsFirstInstructionIsTheCulprit() throws Exception {
        Diagnostic gf = LitmusRunner.completionModeConflict(LitmusParser.parseAndValidate("mix.litmus", POLL_THEN_GF))
                .orElseThrow();
        assertEquals("mix.litmus:6:15: error[E-SIMULATE]: the simulator cannot run gf in a program that also uses poll "
                + "(at 5:2): its completion modes POLL (poll) and WAIT (wait, gf) are exclusive (nic.md §2.4)", gf.format());
        Diagnostic poll = LitmusRunner.completionModeConflict(LitmusParser.parseAndValidate("mix2.litmus", WAIT_THEN_POLL))
                .orElseThrow();
        assertEquals(new Position(6, 2), poll.position());
        assertTrue(poll.message().startsWith("the simulator cannot run poll in a program that also uses wait (at 5:15)"),
                poll.message());
        assertTrue(LitmusRunner.completionModeConflict(NicTestFiles.suite("L03")).isEmpty());
    }

    @Test
    void theMixIsRejectedBeforeAnyChecking() throws Exception {
        Program p = LitmusParser.parseAndValidate("mix.litmus", POLL_THEN_GF);
        LitmusException e = assertThrows(LitmusException.class, () -> LitmusSimulator.simulate(p, NicTestFiles.flags(p),
                NicTestFiles.model("rdma-tso-rmw"), NicTestFiles.model("rdma-tso-rmw"),
                LitmusSimulator.Options.deterministic(1, 0), remo.checker.CheckOptions.defaults(),
                (program, model, flags, options) -> {
                    throw new AssertionError("the allowed set must not be computed");
                }));
        assertEquals("E-SIMULATE", e.diagnostic().code());
        assertEquals(new Position(6, 15), e.diagnostic().position());
    }
}
