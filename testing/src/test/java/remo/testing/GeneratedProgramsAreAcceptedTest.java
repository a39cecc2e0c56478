package remo.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.ProgramNormalizer;

/**
 * remo's own generator validity, as properties on this module's API: the programs of
 * {@code Programs.random(MODEL)} ({@code remo gen --random --model MODEL}) use only instructions the
 * model accepts (no E-UNSUPPORTED), and print and parse back to themselves.
 */
class GeneratedProgramsAreAcceptedTest {

    private static void acceptedAndRoundTrips(Program p, Checker checker) throws Exception {
        assertTrue(checker.supports(p), checker.modelName() + " rejects an instruction of " + p.name());
        Program back = LitmusParser.parseAndValidate(p.name() + ".litmus", ProgramPrinter.print(p));
        assertTrue(ProgramNormalizer.equalIgnoringSource(p, back), "print/parse round trip of " + p.name());
    }

    @LitmusProperty(tries = 100, seed = 21, model = "rdma-tso")
    void rdmaTso(Program p, Checker checker) throws Exception {
        acceptedAndRoundTrips(p, checker);
    }

    @LitmusProperty(tries = 100, seed = 22, model = "rdma-wait-rmw")
    void rdmaWaitRmw(Program p, Checker checker) throws Exception {
        acceptedAndRoundTrips(p, checker);
    }

    @LitmusProperty(tries = 100, seed = 23, model = "tso")
    void tso(Program p, Checker checker) throws Exception {
        acceptedAndRoundTrips(p, checker);
    }

    @LitmusProperty(tries = 100, seed = 24, model = "rdma-tso-rmw")
    void rdmaTsoRmw(Program p, Checker checker) throws Exception {
        acceptedAndRoundTrips(p, checker);
    }
}
