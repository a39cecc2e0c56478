package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.ThreadCode;
import remo.models.ModelLibrary;

/**
 * Bounded model comparison (issue 16) at bounds small enough for the default suite: the smallest
 * distinguishing test of tso and sc, inclusions up to 5 events, herd7's own x86tso.cat against the
 * bundled tso. Each distinguishing test is checked again here with the axiomatic checker (not only
 * by the comparator's own confirmation). The 8-event figures are in {@link ModelComparisonBoundsTest}
 * (tag slow).
 */
class ModelComparisonTest {
    static final ModelLibrary LIBRARY = new ModelLibrary();

    static ModelSide side(String model, Object... flagValuePairs) throws Exception {
        FlagValues f = FlagValues.defaults();
        for (int i = 0; i < flagValuePairs.length; i += 2) {
            f = f.with((Flag) flagValuePairs[i], (String) flagValuePairs[i + 1]);
        }
        return new ModelSide(LIBRARY.load(model), f);
    }

    static ComparisonResult compare(ModelSide a, ModelSide b, int events) {
        return new ModelComparator(ComparisonOptions.upTo(events)).compare(a, b);
    }

    /** The checker's verdict word on {@code test} under {@code side}. */
    static String verdict(Program test, ModelSide side) throws Exception {
        return AxiomaticChecker.check(test, side.model(), side.flags(), CheckOptions.defaults()).verdictWord();
    }

    /** A distinction of exactly {@code events} events whose test the checker confirms. */
    static Program assertDistinguished(ComparisonResult r, int events, ModelSide a, ModelSide b) throws Exception {
        assertEquals(ComparisonResult.Outcome.DISTINGUISHED, r.outcome(), r.summary());
        assertEquals(events, r.events(), r.summary());
        assertEquals(events, r.execution().size());
        assertEquals("Allowed", r.verdictAllowing());
        assertEquals("Forbidden", r.verdictForbidding());
        String text = ProgramPrinter.print(r.test());
        assertEquals("Allowed", verdict(r.test(), a), text);
        assertEquals("Forbidden", verdict(r.test(), b), text);
        return r.test();
    }

    static void assertIncluded(ComparisonResult r, int events) {
        assertEquals(ComparisonResult.Outcome.INCLUDED, r.outcome(), r.summary());
        assertEquals(events, r.events());
        assertNull(r.test());
    }

    @Test
    void tsoAndScAreToldApartByStoreBufferingOfFourEvents() throws Exception {
        ModelSide tso = side("tso");
        ModelSide sc = side("sc");
        Program test = assertDistinguished(compare(tso, sc, 8), 4, tso, sc);
        // store buffering: two threads, each a store then a load of the other location
        assertEquals(2, test.threads().size());
        for (ThreadCode t : test.threads()) {
            List<Instruction> code = t.instructions();
            assertEquals(2, code.size(), ProgramPrinter.print(test));
            assertEquals(Instruction.Store.class, code.get(0).getClass(), ProgramPrinter.print(test));
            assertEquals(Instruction.Load.class, code.get(1).getClass(), ProgramPrinter.print(test));
        }
    }

    @Test
    void scIsIncludedInTsoUpToFiveEvents() throws Exception {
        assertIncluded(compare(side("sc"), side("tso"), 5), 5);
    }

    @Test
    void herdsX86tsoEqualsTheBundledTsoUpToFiveEvents() throws Exception {
        ModelSide herd = new ModelSide(LIBRARY.load(TranslationExactnessTest.remoRoot()
                .resolve("testdata/cat/herdtools7/x86tso.cat").normalize().toString()), FlagValues.defaults());
        ModelSide tso = side("tso");
        assertIncluded(compare(herd, tso, 5), 5);
        assertIncluded(compare(tso, herd, 5), 5);
    }

    /**
     * The smallest test that tells a flag's default from its other value (models.md §8), in the
     * direction where one exists within a few seconds; the search goes up from 1 event, so a
     * distinction at N events means none of fewer events exists.
     */
    @ParameterizedTest(name = "{0}={1} under {2}: {3} events, {4}")
    @CsvSource({
        "POLL_SCOPE, PER_THREAD, rdma-tso-rmw, 5, other value allows",
        "POLL_SCOPE, PER_THREAD, rdma-tso-rmw, 6, default allows",
        "PUT_COMPLETION, LOCAL_READ_DONE, rdma-wait-rmw, 4, other value allows",
        "GG_REMOTE_ORDER, OFF, rdma-wait-rmw, 5, other value allows",
        "GG_LOCAL_ORDER, OFF, rdma-wait-rmw, 4, other value allows",
        "GP_RESPONDER_REORDER, OFF, rdma-wait-rmw, 4, default allows",
        "RFENCE_SCOPE, ALL, rdma-wait-rmw, 5, default allows",
        "FAILED_RCAS_WRITES, YES, rdma-wait-rmw, 4, other value allows",
    })
    void aFlagsSmallestDistinguishingTest(String flag, String value, String model, int events, String direction)
            throws Exception {
        ModelSide other = side(model, Flag.valueOf(flag), value);
        ModelSide standard = side(model);
        boolean otherAllows = direction.startsWith("other");
        ModelSide a = otherAllows ? other : standard;
        ModelSide b = otherAllows ? standard : other;
        assertDistinguished(compare(a, b, events), events, a, b);
    }

    @Test
    void aModelIsIncludedInItself() throws Exception {
        ModelSide m = side("rdma-wait-rmw");
        assertIncluded(compare(m, m, 4), 4);
    }

    @Test
    void aTimeLimitIsReportedWithTheBoundReached() throws Exception {
        ComparisonResult r = new ModelComparator(ComparisonOptions.upTo(12).withTimeout(java.time.Duration.ofMillis(300)))
                .compare(side("rdma-sc-rmw"), side("rdma-wait-rmw"));
        assertEquals(ComparisonResult.Outcome.LIMIT, r.outcome(), r.summary());
        assertNotNull(r.note());
        // the limit as given, not rounded to whole seconds
        assertTrue(r.note().startsWith("time limit of 0.3 s reached while searching "), r.note());
        assertEquals(true, r.events() < 12, r.summary());
    }

    @Test
    void optionsRejectBoundsBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> ComparisonOptions.upTo(0));
    }
}
