package remo.models.cat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.Position;

/** {@link CatCondition.FlagTest}'s written-out equals and hashCode give exactly a record's own results. */
class CatConditionRecordTest {

    private record SameAsFlagTest(Flag flag, String value, Position pos) {
    }

    @Test
    void hashCodeIsTheRecordOne() {
        for (Flag f : Flag.values()) {
            for (String v : new String[] {"on", "off", "", null}) {
                for (Position p : new Position[] {Position.START, new Position(7, 12), null}) {
                    assertEquals(new SameAsFlagTest(f, v, p).hashCode(), new CatCondition.FlagTest(f, v, p).hashCode());
                }
            }
        }
        assertEquals(new SameAsFlagTest(null, null, null).hashCode(), new CatCondition.FlagTest(null, null, null).hashCode());
    }

    @Test
    void equalityIsByComponents() {
        Flag f = Flag.values()[0];
        assertEquals(new CatCondition.FlagTest(f, "on", new Position(1, 2)), new CatCondition.FlagTest(f, new String("on"), new Position(1, 2)));
        assertNotEquals(new CatCondition.FlagTest(f, "on", new Position(1, 2)), new CatCondition.FlagTest(f, "off", new Position(1, 2)));
        assertNotEquals(new CatCondition.FlagTest(f, "on", new Position(1, 2)), new CatCondition.FlagTest(f, "on", new Position(1, 3)));
        if (Flag.values().length > 1) {
            assertNotEquals(new CatCondition.FlagTest(f, "on", Position.START), new CatCondition.FlagTest(Flag.values()[1], "on", Position.START));
        }
        assertNotEquals(new CatCondition.FlagTest(f, "on", Position.START), null);
    }
}
