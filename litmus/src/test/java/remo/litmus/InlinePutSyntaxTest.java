package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import remo.core.Position;

/** {@code put.inline} and {@code put.unsignaled} (language.md §4.1, §4.2): parsing, printing back, and located errors. */
class InlinePutSyntaxTest {

    private static final String PROGRAM = "RDMA I\n{ x@1 = 1; z@2 = 0; }\n P0@1 ;\n %s ;\n x = 2 ;\nexists (z = 2)\n";

    private static Program parse(String cell) throws LitmusException {
        return LitmusParser.parseAndValidate("t.litmus", String.format(PROGRAM, cell));
    }

    @Test
    void anInlinePutParsesWithItsPositionsAndPrintsBack() throws LitmusException {
        Program p = parse("put.inline z@2, x #w");
        Instruction.Put put = (Instruction.Put) p.thread(0).instructions().get(0);
        assertTrue(put.inline());
        assertEquals(new Position(4, 2), put.pos());
        assertEquals(new Position(4, 13), put.remote().pos());
        assertEquals("put.inline z@2, x #w", put.toString());
        Program back = LitmusParser.parseAndValidate("t.litmus", ProgramPrinter.print(p));
        assertEquals(PositionEraser.erase(put), PositionEraser.erase(back.thread(0).instructions().get(0)));
    }

    @Test
    void aPlainPutIsNotInlineAndTheOldConstructorMakesOne() throws LitmusException {
        Instruction.Put put = (Instruction.Put) parse("put z@2, x").thread(0).instructions().get(0);
        assertFalse(put.inline());
        assertEquals(new Instruction.Put(put.remote(), put.node(), put.source(), null, false, put.pos()), put);
        assertTrue(put.signaled());
        assertEquals(put.withInline(true).withInline(false), put);
        assertEquals("put z@2, x", put.toString());
    }

    @Test
    void blanksAroundTheDotAreAllowedLikeAroundAnySymbol() throws LitmusException {
        assertTrue(((Instruction.Put) parse("put . inline z@2, x").thread(0).instructions().get(0)).inline());
    }

    @Test
    void anUnknownOptionIsASyntaxErrorAtTheOption() {
        LitmusException e = assertThrows(LitmusException.class, () -> parse("put.fast z@2, x"));
        assertEquals("t.litmus:4:6: error[E-SYNTAX]: syntax error: expected 'inline' or 'unsignaled' after 'put.', found 'fast'",
                e.diagnostic().format());
    }

    @Test
    void anOptionTwiceIsASyntaxErrorAtTheSecond() {
        LitmusException e = assertThrows(LitmusException.class, () -> parse("put.inline.inline z@2, x"));
        assertEquals("t.litmus:4:13: error[E-SYNTAX]: syntax error: expected 'inline' or 'unsignaled' (each at most once) "
                + "after 'put.', found 'inline'", e.diagnostic().format());
    }

    @Test
    void unsignaledPutsParseAloneAndWithInlineInEitherOrderAndPrintCanonically() throws LitmusException {
        Instruction.Put u = (Instruction.Put) parse("put.unsignaled z@2, x").thread(0).instructions().get(0);
        assertTrue(u.unsignaled());
        assertFalse(u.signaled());
        assertFalse(u.inline());
        assertEquals("put.unsignaled z@2, x", u.toString());
        Instruction.Put both = (Instruction.Put) parse("put.unsignaled.inline z@2, x #d").thread(0).instructions().get(0);
        assertTrue(both.inline() && both.unsignaled());
        assertEquals("put.inline.unsignaled z@2, x #d", both.toString());
        Program back = LitmusParser.parseAndValidate("t.litmus", ProgramPrinter.print(parse("put.unsignaled.inline z@2, x #d")));
        assertEquals(PositionEraser.erase(both), PositionEraser.erase(back.thread(0).instructions().get(0)));
        assertEquals(PositionEraser.erase(u.withUnsignaled(false).withInline(true)),
                PositionEraser.erase(parse("put.inline z@2, x").thread(0).instructions().get(0)));
    }

    @Test
    void anInlinePutsSourceMustBeLocalLikeAnyPuts() {
        LitmusException e = assertThrows(LitmusException.class, () -> parse("put.inline x@1, z"));
        assertEquals("E-NOT-LOCAL", e.diagnostic().code());
        assertEquals(new Position(4, 18), e.diagnostic().position());
    }

    @Test
    void aDotElsewhereIsStillASyntaxError() {
        LitmusException e = assertThrows(LitmusException.class, () -> parse("x = 2.5"));
        assertEquals("E-SYNTAX", e.diagnostic().code());
    }
}
