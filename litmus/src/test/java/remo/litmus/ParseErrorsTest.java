package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.Diagnostic;

/**
 * Every parse-phase error of language.md §6.3 (code, position and exact message), and the rule
 * that the first error in the file wins (language.md §6.2 step 1).
 */
class ParseErrorsTest {

    static Stream<Arguments> malformed() {
        return Stream.of(
            Arguments.of("bad character", "RDMA T\n{ x@1 = 0; }\n P0@1 ;\n x = $ ;\nexists (x = 1)",
                    "e.litmus:4:6: error[E-LEX]: unexpected character '$'"),
            Arguments.of("unterminated comment", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 ;\n(* (* *)\nexists (x = 1)",
                    "e.litmus:5:1: error[E-LEX]: unterminated comment"),
            Arguments.of("unterminated string", "RDMA T\n  \"doc\n{ x@1 }",
                    "e.litmus:2:3: error[E-LEX]: unterminated string"),
            Arguments.of("unknown architecture", "  ARM T\n{ }",
                    "e.litmus:1:3: error[E-ARCH]: unsupported architecture 'ARM'; expected RDMA, X86 or X86_64"),
            Arguments.of("unknown architecture after a comment", "(* c *)\nRDMAX T",
                    "e.litmus:2:1: error[E-ARCH]: unsupported architecture 'RDMAX'; expected RDMA, X86 or X86_64"),
            Arguments.of("empty file", "",
                    "e.litmus:1:1: error[E-ARCH]: empty file"),
            Arguments.of("only comments", "  // only a comment\n(* and this *)\n",
                    "e.litmus:1:1: error[E-ARCH]: empty file"),
            Arguments.of("name on the next line", "RDMA\nT\n{ x@1 }",
                    "e.litmus:2:1: error[E-SYNTAX]: syntax error: expected a test name after 'RDMA' on the same line, found 'T'"),
            Arguments.of("trailing token", "RDMA T\n{ x@1 }\n P0@1 ;\nexists (x = 1) ; x",
                    "e.litmus:4:18: error[E-SYNTAX]: syntax error: expected end of file, found 'x'"),
            Arguments.of("end of file in the condition", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 ;\nexists (x =",
                    "e.litmus:5:12: error[E-SYNTAX]: syntax error: expected an integer, found end of file"),
            Arguments.of("no final condition", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 ;\n",
                    "e.litmus:5:1: error[E-SYNTAX]: syntax error: expected an instruction row or a final condition, found end of file"),
            Arguments.of("memory to memory", "RDMA T\n{ x@1; y@1 }\n P0@1 ;\n x = y ;\nexists (x = 1)",
                    "e.litmus:4:6: error[E-SYNTAX]: syntax error: expected a register or an integer (memory-to-memory copies do not exist), found 'y'"),
            Arguments.of("row not terminated", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 |",
                    "e.litmus:4:9: error[E-SYNTAX]: syntax error: expected ';' at the end of the row, found end of file"),
            Arguments.of("keyword as a location", "RDMA T\n{ x@1 }\n P0@1 ;\n r0 = put ;\nexists (x = 1)",
                    "e.litmus:4:7: error[E-SYNTAX]: syntax error: expected a location, a register, an integer, '(', 'cas' or 'faa', found 'put'"),
            Arguments.of("assume without parentheses", "RDMA T\n{ x@1 }\n P0@1 ;\n assume r0 == 1 ;\nexists (x = 1)",
                    "e.litmus:4:9: error[E-SYNTAX]: syntax error: expected '(', found 'r0'"),
            Arguments.of("flag line before the doc string", "RDMA T\nflags POLL_SCOPE=PER_QP\n\"doc\"\n{ x@1 }",
                    "e.litmus:3:1: error[E-SYNTAX]: syntax error: expected '{', found '\"doc\"'"),
            Arguments.of("locations list without separator", "RDMA T\n{ x@1; y@1 }\n P0@1 ;\nlocations [x y]\nexists (x = 1)",
                    "e.litmus:4:14: error[E-SYNTAX]: syntax error: expected ';' or ']', found 'y'"),
            Arguments.of("unknown instruction", "RDMA T\n{ x@1 = 0; y@2 = 1; }\n P0@1 ;\n frobnicate x, y@2 ;\nexists (x = 0)",
                    "e.litmus:4:2: error[E-SYNTAX]: syntax error: expected an instruction, found 'frobnicate'; unknown instruction 'frobnicate'"),
            Arguments.of("misspelt instruction alone in its cell", "RDMA T\n{ x@1 }\n P0@1 | P1@1 ;\n x = 1 | mfenc ;\nexists (x = 1)",
                    "e.litmus:4:10: error[E-SYNTAX]: syntax error: expected an instruction, found 'mfenc'; unknown instruction 'mfenc'"),
            Arguments.of("declared location without '='", "RDMA T\n{ x@1 }\n P0@1 ;\n x == 1 ;\nexists (x = 1)",
                    "e.litmus:4:4: error[E-SYNTAX]: syntax error: expected '=', found '=='"),
            Arguments.of("store to an undeclared location is not an unknown instruction", "RDMA T\n{ x@1 }\n P0@1 ;\n z = 1 ;\nexists (x = 1) +",
                    "e.litmus:5:16: error[E-SYNTAX]: syntax error: expected end of file, found '+'"),
            Arguments.of("two instructions in one cell", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 mfence ;\nexists (x = 1)",
                    "e.litmus:4:8: error[E-SYNTAX]: syntax error: expected end of cell ('|' or ';'), found 'mfence'"),
            Arguments.of("unparenthesised rhs of an assignment", "RDMA T\n{ x@1 }\n P0@1 ;\n r1 = (1 ) ;\nexists (x = 1)",
                    "e.litmus:4:10: error[E-SYNTAX]: syntax error: expected an operator (+ - * & | ^), found ')'"),
            Arguments.of("no thread", "RDMA T\n{ x@1 };\n ;\nexists (x = 1)",
                    "e.litmus:3:2: error[E-SYNTAX]: syntax error: expected thread 'P0', found ';'"),
            Arguments.of("init value out of range", "RDMA T\n{ x@1 = 9223372036854775808 }",
                    "e.litmus:2:9: error[E-RANGE]: integer literal out of the 64-bit range"),
            Arguments.of("condition value out of range", "RDMA T\n{ x@1 }\n P0@1 ;\nexists (x = -9223372036854775809)",
                    "e.litmus:4:14: error[E-RANGE]: integer literal out of the 64-bit range"),
            Arguments.of("operand out of range", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 99999999999999999999 ;",
                    "e.litmus:4:6: error[E-RANGE]: integer literal out of the 64-bit range"),
            Arguments.of("node number out of range (fits 64 bits, not a node number)", "RDMA T\n{ x@2147483648 }",
                    "e.litmus:2:5: error[E-RANGE]: number out of range: at most 2147483647 here"),
            Arguments.of("unknown flag", "RDMA T\nflags FOO=ON\n{ x@1 }",
                    "e.litmus:2:7: error[E-FLAG]: unknown flag 'FOO'"),
            Arguments.of("unknown flag value", "RDMA T\nflags RFENCE_SCOPE=SOME\n{ x@1 }",
                    "e.litmus:2:20: error[E-FLAG]: flag RFENCE_SCOPE has no value 'SOME'; expected one of GETS_AND_ATOMICS, ALL"),
            Arguments.of("flag set twice", "RDMA T\nflags POLL_SCOPE=PER_QP, POLL_SCOPE=PER_THREAD\n{ x@1 }",
                    "e.litmus:2:26: error[E-FLAG]: flag POLL_SCOPE is set twice"),
            Arguments.of("node constant declared twice", "RDMA T\n{ node A = 1; node A = 2 }",
                    "e.litmus:2:20: error[E-DUP-NODE]: duplicate node constant 'A'"),
            Arguments.of("location on node 0", "RDMA T\n{ x@0 }",
                    "e.litmus:2:5: error[E-BAD-NODE]: node numbers start at 1, found 0"),
            Arguments.of("node constant 000", "RDMA T\n{ node A = 000 }",
                    "e.litmus:2:12: error[E-BAD-NODE]: node numbers start at 1, found 0"),
            Arguments.of("thread on node 0", "RDMA T\n{ x@1 }\n P0@0 ;",
                    "e.litmus:3:5: error[E-BAD-NODE]: node numbers start at 1, found 0"),
            Arguments.of("poll 0", "RDMA T\n{ x@1 }\n P0@1 ;\n poll 0 ;",
                    "e.litmus:4:7: error[E-BAD-NODE]: node numbers start at 1, found 0"),
            Arguments.of("thread on an unknown node constant", "RDMA T\n{ x@1 }\n P0@Z ;",
                    "e.litmus:3:5: error[E-UNKNOWN-NODE]: unknown node constant 'Z'"),
            Arguments.of("put to an unknown node constant", "RDMA T\n{ x@1 }\n P0@1 ;\n put x@B, x ;",
                    "e.litmus:4:8: error[E-UNKNOWN-NODE]: unknown node constant 'B'"),
            Arguments.of("node constant used before its declaration", "RDMA T\n{ x@A; node A = 1 }",
                    "e.litmus:2:5: error[E-UNKNOWN-NODE]: unknown node constant 'A'"),
            Arguments.of("location named like a thread", "RDMA T\n{ P1@1 }",
                    "e.litmus:2:3: error[E-BAD-NAME]: 'P1' cannot be used as a location name"),
            Arguments.of("location named like a keyword", "RDMA T\n{ exists@1 }",
                    "e.litmus:2:3: error[E-BAD-NAME]: 'exists' cannot be used as a location name"),
            Arguments.of("location named like a node constant", "RDMA T\n{ node A = 1; A@1 }",
                    "e.litmus:2:15: error[E-BAD-NAME]: 'A' cannot be used as a location name"),
            Arguments.of("node constant named like a register", "RDMA T\n{ node r0 = 1 }",
                    "e.litmus:2:8: error[E-BAD-NAME]: 'r0' cannot be used as a node constant name"),
            Arguments.of("node constant named like a location", "RDMA T\n{ x@1; node x = 2 }",
                    "e.litmus:2:13: error[E-BAD-NAME]: 'x' cannot be used as a node constant name"),
            Arguments.of("node constant named like a keyword", "RDMA T\n{ node gf = 1 }",
                    "e.litmus:2:8: error[E-BAD-NAME]: 'gf' cannot be used as a node constant name"),
            Arguments.of("node constant named like a thread", "RDMA T\n{ node P0 = 1 }",
                    "e.litmus:2:8: error[E-BAD-NAME]: 'P0' cannot be used as a node constant name"),
            Arguments.of("location declared twice", "RDMA T\n{ x@1; x@1 = 2 }",
                    "e.litmus:2:8: error[E-DUP-LOC]: duplicate declaration of location 'x'"),
            Arguments.of("register initialised twice", "RDMA T\n{ x@1; 1:r3 = 7; P1:r3 = 8 }",
                    "e.litmus:2:18: error[E-DUP-REG]: duplicate initialisation of register 1:r3"),
            Arguments.of("first thread is not P0", "RDMA T\n{ x@1 }\n P1@1 ;",
                    "e.litmus:3:2: error[E-THREAD-ORDER]: thread 'P1' out of order: expected 'P0'"),
            Arguments.of("thread repeated", "RDMA T\n{ x@1 }\n P0@1 | P0@1 ;",
                    "e.litmus:3:9: error[E-THREAD-ORDER]: thread 'P0' out of order: expected 'P1'"),
            Arguments.of("extra cell after an empty one", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 | | mfence ;\nexists (x = 1)",
                    "e.litmus:4:12: error[E-ROW-WIDTH]: row has more cells than the 1 threads"),
            Arguments.of("syntax error before a lexical error", "RDMA T\n{ x@1 }\n P0@1 ;\n x = = $ ;",
                    "e.litmus:4:6: error[E-SYNTAX]: syntax error: expected a register or an integer, found '='"),
            Arguments.of("lexical error before a syntax error", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 $ = = ;",
                    "e.litmus:4:8: error[E-LEX]: unexpected character '$'"),
            Arguments.of("row width before a lexical error in the extra cell", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 | put $ ;",
                    "e.litmus:4:10: error[E-ROW-WIDTH]: row has more cells than the 1 threads"),
            Arguments.of("duplicate location before an unknown node", "RDMA T\n{ x@1; x@Q }",
                    "e.litmus:2:8: error[E-DUP-LOC]: duplicate declaration of location 'x'"),
            Arguments.of("earlier cell before a wider row", "RDMA T\n{ x@1 }\n P0@1 ;\n x = ) | mfence ;",
                    "e.litmus:4:6: error[E-SYNTAX]: syntax error: expected a register or an integer, found ')'"),
            Arguments.of("parse errors before validation errors", "RDMA T\n{ x@2 }\n P0@1 ;\n x = 1 ;\nexists (x = 1) +",
                    "e.litmus:5:16: error[E-SYNTAX]: syntax error: expected end of file, found '+'"),
            Arguments.of("unterminated comment inside a row", "RDMA T\n{ x@1 }\n P0@1 ;\n x = 1 (* ;\nexists (x = 1)",
                    "e.litmus:4:8: error[E-LEX]: unterminated comment"),

            Arguments.of("minimum 64-bit value is in range, one less is not", "RDMA T\n{ x@1 = -9223372036854775808; y@1 = -9223372036854775809 }",
                    "e.litmus:2:38: error[E-RANGE]: integer literal out of the 64-bit range"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void rejectedWithTheExactDiagnostic(String title, String text, String expected) {
        LitmusException e = assertThrows(LitmusException.class, () -> LitmusParser.parseAndValidate("e.litmus", text));
        assertEquals(expected, e.diagnostic().format());
        assertEquals(Diagnostic.Severity.ERROR, e.diagnostic().severity());
    }
}
