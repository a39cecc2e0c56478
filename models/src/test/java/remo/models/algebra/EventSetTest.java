package remo.models.algebra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link EventSet#of(boolean[])}, the membership-array form the axiomatic engine builds its sets with. */
class EventSetTest {

    @Test
    void membershipArrayGivesTheSameSetAsTheIndices() {
        boolean[] members = new boolean[70]; // more than one word
        members[0] = true;
        members[5] = true;
        members[63] = true;
        members[64] = true;
        members[69] = true;
        EventSet s = EventSet.of(members);
        assertEquals(EventSet.of(70, 0, 5, 63, 64, 69), s);
        assertEquals(70, s.size());
        assertTrue(s.contains(64));
        assertFalse(s.contains(1));
        assertFalse(s.contains(65));
    }

    @Test
    void noMembersIsTheEmptySet() {
        assertEquals(EventSet.empty(3), EventSet.of(new boolean[3]));
        assertEquals(EventSet.empty(0), EventSet.of(new boolean[0]));
    }
}
