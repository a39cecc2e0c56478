package remo.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed accessors read the same values the text of models.md §8 names. */
class FlagValuesTest {

    @Test
    void defaultsAreTheFirstValues() {
        FlagValues d = FlagValues.defaults();
        assertEquals(PollScope.PER_QP, d.pollScope());
        assertEquals(PutCompletion.REMOTE_WRITE_DONE, d.putCompletion());
        assertTrue(d.ggRemoteOrder() && d.ggLocalOrder() && d.gpResponderReorder());
        assertEquals(RfenceScope.GETS_AND_ATOMICS, d.rfenceScope());
        assertEquals(RaoScope.PER_NODE, d.raoScope());
        assertFalse(d.failedRcasWrites());
        assertEquals("defaults", d.toString());
    }

    @Test
    void typedAccessorsFollowTheSettings() {
        FlagValues f = FlagValues.defaults().withAll(Map.of(Flag.RAO_SCOPE, "PER_LOCATION", Flag.GG_LOCAL_ORDER, "OFF",
                Flag.POLL_SCOPE, "PER_THREAD", Flag.FAILED_RCAS_WRITES, "YES", Flag.RFENCE_SCOPE, "ALL",
                Flag.PUT_COMPLETION, "LOCAL_READ_DONE"));
        assertEquals(RaoScope.PER_LOCATION, f.raoScope());
        assertFalse(f.ggLocalOrder());
        assertTrue(f.ggRemoteOrder());
        assertEquals(PollScope.PER_THREAD, f.pollScope());
        assertTrue(f.failedRcasWrites());
        assertEquals(RfenceScope.ALL, f.rfenceScope());
        assertEquals(PutCompletion.LOCAL_READ_DONE, f.putCompletion());
        assertEquals("OFF", f.get(Flag.GG_LOCAL_ORDER));
    }

    @Test
    void eachEnumHoldsItsFlagsValuesInOrder() {
        assertEquals(Flag.POLL_SCOPE.allowedValues(), names(PollScope.values()));
        assertEquals(Flag.PUT_COMPLETION.allowedValues(), names(PutCompletion.values()));
        assertEquals(Flag.RFENCE_SCOPE.allowedValues(), names(RfenceScope.values()));
        assertEquals(Flag.RAO_SCOPE.allowedValues(), names(RaoScope.values()));
    }

    @Test
    void settingsApplyByNameAndRejectUnknownOnes() {
        record S(String name, String value) implements FlagValues.Setting {
        }
        assertEquals(RaoScope.PER_LOCATION, FlagValues.defaults().withAll(List.of(new S("RAO_SCOPE", "PER_LOCATION"))).raoScope());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FlagValues.defaults().withAll(List.of(new S("NOPE", "ON"))));
        assertEquals("unknown flag 'NOPE'", e.getMessage());
        assertEquals("flag POLL_SCOPE has no value 'X'; expected one of PER_QP, PER_THREAD",
                assertThrows(IllegalArgumentException.class, () -> FlagValues.defaults().with(Flag.POLL_SCOPE, "X")).getMessage());
        assertTrue(Flag.byName("GG_LOCAL_ORDER").isPresent());
        assertFalse(Flag.byName("gg_local_order").isPresent());
    }

    private static List<String> names(Enum<?>[] values) {
        return java.util.Arrays.stream(values).map(Enum::name).toList();
    }
}
