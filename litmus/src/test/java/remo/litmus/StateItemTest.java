package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link StateItem}'s written-out equals and hashCode give exactly what a record's implicit ones
 * give (hash orders of item maps, and so printed orders, stay as they were): compared with
 * records of the same components.
 */
class StateItemTest {

    private record SameAsRegisterItem(int thread, String register) {
    }

    private record SameAsLocationItem(String name) {
    }

    @Test
    void hashCodesAreTheRecordOnes() {
        for (String name : List.of("EAX", "r0", "x", "", "#flag", "P0:EAX", "\u00e9t\u00e9", "a-very-long-register-name")) {
            for (int thread : new int[] {0, 1, 2, 7, 31, -1, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                assertEquals(new SameAsRegisterItem(thread, name).hashCode(), new StateItem.RegisterItem(thread, name).hashCode());
            }
            assertEquals(new SameAsLocationItem(name).hashCode(), new StateItem.LocationItem(name).hashCode());
        }
        assertEquals(new SameAsRegisterItem(3, null).hashCode(), new StateItem.RegisterItem(3, null).hashCode());
        assertEquals(new SameAsLocationItem(null).hashCode(), new StateItem.LocationItem(null).hashCode());
    }

    @Test
    void equalityIsByComponents() {
        assertEquals(new StateItem.RegisterItem(1, "EAX"), new StateItem.RegisterItem(1, new String("EAX")));
        assertNotEquals(new StateItem.RegisterItem(1, "EAX"), new StateItem.RegisterItem(0, "EAX"));
        assertNotEquals(new StateItem.RegisterItem(1, "EAX"), new StateItem.RegisterItem(1, "EBX"));
        assertEquals(new StateItem.RegisterItem(1, null), new StateItem.RegisterItem(1, null));
        assertNotEquals(new StateItem.RegisterItem(1, null), new StateItem.RegisterItem(1, "EAX"));
        assertEquals(new StateItem.LocationItem("x"), new StateItem.LocationItem(new String("x")));
        assertNotEquals(new StateItem.LocationItem("x"), new StateItem.LocationItem("y"));
        assertNotEquals(new StateItem.LocationItem("x"), new StateItem.RegisterItem(0, "x"));
        assertNotEquals(new StateItem.RegisterItem(0, "x"), new StateItem.LocationItem("x"));
        assertNotEquals(new StateItem.LocationItem("x"), null);
        assertNotEquals(new StateItem.LocationItem("x"), "x");
    }
}
