package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.DiagnosticException;
import remo.core.SourceText;

/**
 * A file that starts with a UTF-8 byte-order mark (as some editors save it) reads like the same file
 * without it, in both dialects; positions on line 1 are counted as if the mark were absent.
 */
class ByteOrderMarkTest {

    private static final String RDMA = "RDMA T\n{ x@1 = 0; y@2 = 1; }\n P0@1 ;\n get x, y@2 ;\nexists (x = 1)\n";
    private static final String X86 = "X86 SB\n{ x=0; y=0; }\n P0 | P1 ;\n MOV [x],$1 | MOV [y],$1 ;\n"
            + " MOV EAX,[y] | MOV EAX,[x] ;\nexists (0:EAX=0 /\\ 1:EAX=0)\n";

    private static Path withBom(Path dir, String name, String text) throws Exception {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[body.length + 3];
        bytes[0] = (byte) 0xEF;
        bytes[1] = (byte) 0xBB;
        bytes[2] = (byte) 0xBF;
        System.arraycopy(body, 0, bytes, 3, body.length);
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    static Stream<Arguments> files() {
        return Stream.of(Arguments.of(RDMA, "T", Dialect.RDMA), Arguments.of(X86, "SB", Dialect.X86));
    }

    @ParameterizedTest
    @MethodSource("files")
    void aFileWithBomParsesAsWithout(String text, String name, Dialect dialect, @TempDir Path dir) throws Exception {
        Program p = LitmusParser.read(withBom(dir, "bom.litmus", text), "bom.litmus");
        assertEquals(LitmusParser.parseAndValidate("bom.litmus", text), p, "same program, same positions");
        assertEquals(name, p.name());
        assertEquals(dialect, p.dialect());
    }

    @Test
    void columnsOnLineOneIgnoreTheBom(@TempDir Path dir) throws Exception {
        LitmusException arch = assertThrows(LitmusException.class,
                () -> LitmusParser.read(withBom(dir, "arm.litmus", "  ARM T\n{ }\n"), "arm.litmus"));
        assertEquals("arm.litmus:1:3: error[E-ARCH]: unsupported architecture 'ARM'; expected RDMA, X86 or X86_64",
                arch.diagnostic().format());
        LitmusException syntax = assertThrows(LitmusException.class,
                () -> LitmusParser.read(withBom(dir, "brace.litmus", "RDMA T }\n"), "brace.litmus"));
        assertEquals("brace.litmus:1:8: error[E-SYNTAX]: syntax error: expected '{', found '}'",
                syntax.diagnostic().format());
    }

    @Test
    void anInvalidByteAfterTheBomIsLocatedWithoutIt() {
        byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'R', 'D', (byte) 0xFF};
        DiagnosticException e = assertThrows(DiagnosticException.class, () -> SourceText.decode(bytes, "b.litmus", "E-LEX"));
        assertEquals("b.litmus:1:3: error[E-LEX]: invalid UTF-8 byte 0xFF; the file must be UTF-8 text",
                e.diagnostic().format());
    }

    @Test
    void onlyALeadingBomIsSkipped() throws Exception {
        byte[] bytes = "RDMA T\n\uFEFF".getBytes(StandardCharsets.UTF_8);
        assertEquals("RDMA T\n\uFEFF", SourceText.decode(bytes, "b.litmus", "E-LEX"));
        byte[] twice = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        assertEquals("\uFEFF", SourceText.decode(twice, "b.litmus", "E-LEX"));
    }
}
