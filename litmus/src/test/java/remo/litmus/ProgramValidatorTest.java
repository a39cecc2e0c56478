package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.Position;

/** Static validation, language.md §6.2 steps 2–4: every error, and the order of the checks. */
class ProgramValidatorTest {

    static Stream<Arguments> invalid() {
        return Stream.of(
            Arguments.of("unknown thread in a register init", "RDMA T\n{ x@1; 3:r0 = 1 }\n P0@1 ;\n x = 1 ;\nexists (x = 0)",
                    "v.litmus:2:8: error[E-UNKNOWN-THREAD]: unknown thread 3"),
            Arguments.of("unknown thread in a register init, P form", "RDMA T\n{ x@1; P0:r1 = 0; P2:r0 = 1 }\n P0@1 | P1@1 ;\nexists (x = 0)",
                    "v.litmus:2:19: error[E-UNKNOWN-THREAD]: unknown thread 2"),
            Arguments.of("unknown thread in the condition", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nexists (x = 1 /\\ 1:r0 = 1)",
                    "v.litmus:5:18: error[E-UNKNOWN-THREAD]: unknown thread 1"),
            Arguments.of("unknown thread in locations", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r1 = x ;\nlocations [0:r1; P4:r1]\nexists (x = 0)",
                    "v.litmus:5:18: error[E-UNKNOWN-THREAD]: unknown thread 4"),
            Arguments.of("unknown location, remote operand", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n put q@2, x ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("unknown location, node constant used as a location", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = A ;\nexists (x = 0)",
                    "v.litmus:4:7: error[E-UNKNOWN-LOC]: unknown location 'A'"),
            Arguments.of("unknown location in the condition", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nexists (q = 1)",
                    "v.litmus:5:9: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("unknown location in the condition, bracket form", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nexists (x = 1 \\/ [q] = 1)",
                    "v.litmus:5:18: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("unknown location in the filter", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nfilter ~q = 1\nexists (x = 0)",
                    "v.litmus:5:9: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("unknown location in locations", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nlocations [x; q]\nexists (x = 0)",
                    "v.litmus:5:15: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("non-local store", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n y = 1 ;\nexists (x = 0)",
                    "v.litmus:4:2: error[E-NONLOCAL]: P0 runs on node 1 but 'y' lives on node 2; CPU instructions may access only their own node"),
            Arguments.of("non-local await", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 | P1@2 ;\n | await (x == 1) ;\nexists (x = 0)",
                    "v.litmus:4:11: error[E-NONLOCAL]: P1 runs on node 2 but 'x' lives on node 1; CPU instructions may access only their own node"),
            Arguments.of("non-local cas", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = cas(z, 0, 1) ;\nexists (x = 0)",
                    "v.litmus:4:11: error[E-NONLOCAL]: P0 runs on node 1 but 'z' lives on node 2; CPU instructions may access only their own node"),
            Arguments.of("non-local faa", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = faa(y, 1) ;\nexists (x = 0)",
                    "v.litmus:4:11: error[E-NONLOCAL]: P0 runs on node 1 but 'y' lives on node 2; CPU instructions may access only their own node"),
            Arguments.of("non-local get destination", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n get z, y@2 ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-NOT-LOCAL]: get destination 'z' must live on the issuing node 1, but lives on node 2"),
            Arguments.of("non-local rcas result", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 | P1@2 ;\n | rcas a, x@1, 0, 1 ;\nexists (x = 0)",
                    "v.litmus:4:9: error[E-NOT-LOCAL]: result location 'a' must live on the issuing node 2, but lives on node 1"),
            Arguments.of("non-local rfaa result", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n rfaa y, z@2, 1 ;\nexists (x = 0)",
                    "v.litmus:4:7: error[E-NOT-LOCAL]: result location 'y' must live on the issuing node 1, but lives on node 2"),
            Arguments.of("home mismatch, get", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n get x, y@3 ;\nexists (x = 0)",
                    "v.litmus:4:9: error[E-HOME-MISMATCH]: 'y' lives on node 2, not on node 3"),
            Arguments.of("home mismatch through a node constant", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n put y@A, x ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-HOME-MISMATCH]: 'y' lives on node 2, not on node 1"),
            Arguments.of("home mismatch, rcas", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n rcas a, x@B, 0, 1 ;\nexists (x = 0)",
                    "v.litmus:4:10: error[E-HOME-MISMATCH]: 'x' lives on node 1, not on node 2"),
            Arguments.of("register read by a store", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = r1 ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-UNKNOWN-REG]: register r1 of P0 is read before it is assigned"),
            Arguments.of("register read in an assume", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = x ;\n assume (r0 == 0 || !(r2 == 1)) ;\nexists (x = 0)",
                    "v.litmus:5:23: error[E-UNKNOWN-REG]: register r2 of P0 is read before it is assigned"),
            Arguments.of("register read by rcas", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n rcas a, y@2, 0, r5 ;\nexists (x = 0)",
                    "v.litmus:4:18: error[E-UNKNOWN-REG]: register r5 of P0 is read before it is assigned"),
            Arguments.of("register read by await", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n await x == r5 ;\nexists (x = 0)",
                    "v.litmus:4:13: error[E-UNKNOWN-REG]: register r5 of P0 is read before it is assigned"),
            Arguments.of("register read by cas", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = cas(x, 1, r0) ;\nexists (x = 0)",
                    "v.litmus:4:17: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("register assigned only later", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = r0 ;\n r0 = x ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("register read by its own assignment", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r0 = r0 + 1 ;\nexists (x = 0)",
                    "v.litmus:4:7: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("register initialised for another thread", "RDMA T\n{ x@1; 1:r0 = 1 }\n P0@1 | P1@1 ;\n x = r0 ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("condition register never assigned", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nexists (P0:r7 = 0)",
                    "v.litmus:5:9: error[E-UNKNOWN-REG]: register r7 is never assigned by P0"),
            Arguments.of("condition register only read", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n r1 = 1 ;\n x = r1 ;\nexists (0:r1 = 1 /\\ 0:r2 = 0)",
                    "v.litmus:6:21: error[E-UNKNOWN-REG]: register r2 is never assigned by P0"),
            Arguments.of("rcas slot alias", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n rcas x, x@1, 0, 1 #d ;\nexists (x = 0)",
                    "v.litmus:4:7: error[E-SLOT-ALIAS]: result location 'x' must differ from the target location"),
            Arguments.of("rfence without a queue pair", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n put z@2, x ;\n rfence A ;\nexists (x = 0)",
                    "v.litmus:5:2: error[E-NO-QP]: P0 has no queue pair to node 1: no put, get, rcas or rfaa of P0 targets node 1"),
            Arguments.of("queue pairs are per thread", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 | P1@2 ;\n get x, y@2 | ;\n | poll 2 ;\nexists (x = 0)",
                    "v.litmus:5:4: error[E-NO-QP]: P1 has no queue pair to node 2: no put, get, rcas or rfaa of P1 targets node 2"),
            Arguments.of("work ids are per thread", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 | P1@2 ;\n get x, y@2 #d | ;\n | wait d ;\nexists (x = 0)",
                    "v.litmus:5:4: error[E-UNKNOWN-WID]: wait d: no operation of P1 carries work id #d"),
            Arguments.of("numeric work id", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n get x, y@2 #1 ;\n wait 2 ;\nexists (x = 0)",
                    "v.litmus:5:2: error[E-UNKNOWN-WID]: wait 2: no operation of P0 carries work id #2"),
            Arguments.of("register inits before instructions", "RDMA T\n{ x@1; 5:r0 = 1 }\n P0@1 ;\n x = r9 ;\nexists (x = 0)",
                    "v.litmus:2:8: error[E-UNKNOWN-THREAD]: unknown thread 5"),
            Arguments.of("thread P0 before P1, whatever the rows", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 | P1@2 ;\n | x = 1 ;\n x = r0 | ;\nexists (x = 0)",
                    "v.litmus:5:6: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("instructions before constraints", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = r0 ;\nexists (q = 1)",
                    "v.litmus:4:6: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned"),
            Arguments.of("put: remote operand before source", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n put y@3, z ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-HOME-MISMATCH]: 'y' lives on node 2, not on node 3"),
            Arguments.of("get: destination before remote operand", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n get z, y@3 ;\nexists (x = 0)",
                    "v.litmus:4:6: error[E-NOT-LOCAL]: get destination 'z' must live on the issuing node 1, but lives on node 2"),
            Arguments.of("store: location before value", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n y = r0 ;\nexists (x = 0)",
                    "v.litmus:4:2: error[E-NONLOCAL]: P0 runs on node 1 but 'y' lives on node 2; CPU instructions may access only their own node"),
            Arguments.of("operands before instruction-level checks", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n rfaa x, x@1, r3 ;\nexists (x = 0)",
                    "v.litmus:4:15: error[E-UNKNOWN-REG]: register r3 of P0 is read before it is assigned"),
            Arguments.of("locations before filter before condition", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nlocations [q]\nfilter (r = 1)\nexists (s = 1)",
                    "v.litmus:5:12: error[E-UNKNOWN-LOC]: unknown location 'q'"),
            Arguments.of("filter before condition", "RDMA T\n{ node A = 1; node B = 2; x@1; a@1; y@2; z@2 }\n P0@1 ;\n x = 1 ;\nfilter (r = 1)\nexists (s = 1)",
                    "v.litmus:5:9: error[E-UNKNOWN-LOC]: unknown location 'r'")
        );
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void rejectedWithTheExactDiagnostic(String title, String text, String expected) throws LitmusException {
        Program parsed = LitmusParser.parse("v.litmus", text);
        LitmusException e = assertThrows(LitmusException.class, () -> ProgramValidator.validate(parsed));
        assertEquals(expected, e.diagnostic().format());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // a poll or wait before the operation it refers to: only a warning of the checker
        "P0@1 ;\n poll 2 ;\n wait d ;\n get x, y@2 #d ;\nexists (x = 0)",
        // registers: init, load, assignment, cas and faa assign; the condition may name any of them
        "P0@1 | P1@1 ;\n r1 = x | r2 = cas(x, 0, 1) ;\n r3 = r1 + r0 | r3 = faa(x, r2) ;\n"
                + "exists (0:r0 = 5 /\\ 0:r1 = 0 /\\ 0:r3 = 0 /\\ P1:r2 = 0 /\\ 1:r3 = 1)",
        // loopback operations, node constants, numeric work ids with leading zeros
        "P0@B ;\n rfaa z, y@2, 1 #07 ;\n wait 7 ;\n rfence B ;\n poll 2 ;\n rcas w, z@B, 0, 1 ;\nexists (z = 0)",
        // rfence and poll after a put; gf; locations and filter over known items
        "P0@1 ;\n put y@2, x ;\n rfence 2 ;\n poll 2 ;\n gf ;\n mfence ;\nlocations [x; [y]; 0:r0]\nfilter (x = 0)\nforall (y = 0 \\/ 0:r0 = 5)",
    })
    void accepted(String table) throws LitmusException {
        Program p = LitmusParser.parse("ok.litmus", "RDMA OK\n{ node B = 2; x@1; y@2; z@2; w@2; 0:r0 = 5 }\n" + table);
        assertDoesNotThrow(() -> ProgramValidator.validate(p));
    }

    @Test
    void x86ProgramsAreNotValidatedHere() {
        ThreadCode thread = ThreadCode.of(0, 1, List.of(new Instruction.Load(Register.of("RAX"), LocationRef.of("nowhere"), Position.NONE)));
        Program p = new Program("SB", Dialect.X86, null, "sb.litmus", List.of(), Map.of(), List.of(), List.of(), List.of(thread),
                List.of(), null, Quantifier.EXISTS,
                new Prop.Atom(new ItemRef(new StateItem.RegisterItem(7, "RBX"), "EBX", Position.START), true, 0));
        assertDoesNotThrow(() -> ProgramValidator.validate(p));
    }
}
