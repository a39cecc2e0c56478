package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import remo.core.Diagnostic;

/** Helpers shared by the x86 parser tests. */
final class X86TestSupport {

    static final String FILE = "t.litmus";

    private X86TestSupport() {
    }

    /** Parses {@code text} through the dialect detection of {@link LitmusParser}. */
    static Program parse(String text) throws LitmusException {
        return LitmusParser.parse(FILE, text);
    }

    /** A one-thread {@code X86} test whose only row is {@code cell}. */
    static String intelTest(String cell) {
        return "X86 T\n{ }\n P0 ;\n " + cell + " ;\nexists (x=0)\n";
    }

    /** A one-thread {@code X86_64} test whose only row is {@code cell}. */
    static String attTest(String cell) {
        return "X86_64 T\n{ }\n P0 ;\n " + cell + " ;\nexists (x=0)\n";
    }

    /** The instructions of P0 of a one-thread test with the single cell {@code cell}. */
    static List<Instruction> instructions(Dialect dialect, String cell) throws LitmusException {
        Program p = parse(dialect == Dialect.X86 ? intelTest(cell) : attTest(cell));
        return p.thread(0).instructions();
    }

    /** The single instruction of the cell. */
    static Instruction single(Dialect dialect, String cell) throws LitmusException {
        List<Instruction> list = instructions(dialect, cell);
        assertEquals(1, list.size(), () -> "instructions of " + cell + ": " + list);
        return list.get(0);
    }

    /**
     * Asserts that parsing {@code text} fails with the given code, position and message.
     */
    static void assertError(String text, String code, int line, int column, String message) {
        LitmusException e = assertThrows(LitmusException.class, () -> parse(text), () -> "no error for:\n" + text);
        Diagnostic d = e.diagnostic();
        assertEquals(FILE + ":" + line + ":" + column + ": error[" + code + "]: " + message, d.format(),
                () -> "for input:\n" + text);
    }

    static Register reg(String canonical) {
        return Register.of(canonical);
    }
}
