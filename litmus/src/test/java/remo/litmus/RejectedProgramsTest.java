package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The rejected programs X01–X18 of suite.md §4, stored verbatim as test resources. */
class RejectedProgramsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "X01 | `X01.litmus:5:7: error[E-NONLOCAL]: P0 runs on node 1 but 'y' lives on node 2; CPU instructions may access only their own node`",
        "X02 | `X02.litmus:4:6: error[E-HOME-MISMATCH]: 'x' lives on node 2, not on node 3`",
        "X03 | `X03.litmus:4:11: error[E-NOT-LOCAL]: put source 'y' must live on the issuing node 1, but lives on node 2`",
        "X04 | `X04.litmus:5:7: error[E-UNKNOWN-LOC]: unknown location 'z'`",
        "X05 | `X05.litmus:4:7: error[E-UNKNOWN-REG]: register r0 of P0 is read before it is assigned`",
        "X06 | `X06.litmus:5:2: error[E-NO-QP]: P0 has no queue pair to node 3: no put, get, rcas or rfaa of P0 targets node 3`",
        "X07 | `X07.litmus:5:2: error[E-UNKNOWN-WID]: wait e: no operation of P0 carries work id #e`",
        "X08 | `X08.litmus:2:21: error[E-DUP-LOC]: duplicate declaration of location 'x'`",
        "X09 | `X09.litmus:4:7: error[E-SLOT-ALIAS]: result location 'x' must differ from the target location`",
        "X10 | `X10.litmus:5:21: error[E-UNKNOWN-REG]: register r0 is never assigned by P1`",
        "X11 | `X11.litmus:3:10: error[E-THREAD-ORDER]: thread 'P2' out of order: expected 'P1'`",
        "X12 | `X12.litmus:4:19: error[E-ROW-WIDTH]: row has more cells than the 2 threads`",
        "X13 | `X13.litmus:2:17: error[E-UNKNOWN-NODE]: unknown node constant 'B'`",
        "X14 | `X14.litmus:2:22: error[E-FLAG]: flag GG_LOCAL_ORDER has no value 'MAYBE'; expected one of ON, OFF`",
        "X15 | `X15.litmus:2:12: error[E-BAD-NAME]: 'r1' cannot be used as a location name`",
        "X18 | `X18.litmus:5:12: error[E-ROW-WIDTH]: row has more cells than the 1 threads`",
    })
    void rejectedWithTheExactLine(String id, String expected) {
        String text = TestFiles.read("rejected/" + id + ".litmus");
        LitmusException e = assertThrows(LitmusException.class,
                () -> LitmusParser.parseAndValidate(id + ".litmus", text));
        assertEquals(expected, e.diagnostic().format());
    }

    @ParameterizedTest
    @ValueSource(strings = {"X16", "X17"})
    void modelDependentProgramsParseAndValidate(String id) throws LitmusException {
        Program p = LitmusParser.parseAndValidate(id + ".litmus", TestFiles.read("rejected/" + id + ".litmus"));
        assertEquals(id, p.name());
        assertEquals(Dialect.RDMA, p.dialect());
    }
}
