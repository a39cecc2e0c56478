package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reading, checking and rewriting .cfg files. */
class TlcConfigTest {
    private static final Set<String> DECLARED = LivenessModel.bundled().constants();

    @Test
    void theModelDeclaresTheConstantsOfSection82() {
        assertEquals(List.of("Nodes", "Threads", "NodeOf", "Home", "MaxAcq", "Variant", "FailedRcasWrites"), List.copyOf(DECLARED));
    }

    @Test
    void everyBundledRowListsExactlyItsCellsAndChecksDeadlocks() {
        for (LivenessTable.Row row : LivenessTable.rows()) {
            TlcConfig c = LivenessModel.bundled().config(row);
            List<String> listed = new java.util.ArrayList<>(c.invariants());
            listed.addAll(c.properties());
            assertEquals(row.cells().stream().map(Expected::property).sorted().toList(), listed.stream().sorted().toList(), row.name());
            assertTrue(c.checkDeadlock(), row.name());
            assertTrue(c.text().contains("Variant = \"" + row.variant().tlaName() + "\""), row.name());
            assertEquals(List.copyOf(DECLARED), c.constants(), row.name() + " assigns every constant");
        }
    }

    @Test
    void withChecksReplacesTheChecksAndKeepsLineNumbers() {
        String text = "CONSTANTS\n  Home = 1 \\* a comment\nINVARIANTS A\n  B\nPROPERTY P (* c *)\nCHECK_DEADLOCK FALSE\nSPECIFICATION Spec\n";
        TlcConfig c = TlcConfig.parse("t.cfg", text, Set.of("Home"));
        assertEquals(List.of("A", "B"), c.invariants());
        assertEquals(List.of("P"), c.properties());
        assertFalse(c.checkDeadlock());
        String derived = c.withChecks(List.of("B"), List.of(), true);
        List<String> lines = derived.lines().toList();
        assertEquals("  Home = 1 \\* a comment", lines.get(1));
        assertEquals("SPECIFICATION Spec", lines.get(6), "later lines keep their numbers");
        assertTrue(lines.get(2).isBlank() && lines.get(3).isBlank() && lines.get(4).isBlank() && lines.get(5).isBlank(), derived);
        assertTrue(derived.endsWith("INVARIANTS B\nCHECK_DEADLOCK TRUE\n"), derived);
    }

    @Test
    void symmetryWithTemporalPropertiesIsRefused() {
        LivenessException e = assertThrows(LivenessException.class, () -> TlcConfig.parse("s.cfg",
                "CONSTANTS Home = 1\nSYMMETRY Perms\nPROPERTY P\n", Set.of("Home")));
        assertEquals(2, e.line());
        assertEquals(1, e.column());
    }

    @Test
    void malformedChecksAreRefusedWhereTheyAre() {
        LivenessException e = assertThrows(LivenessException.class, () -> TlcConfig.parse("d.cfg",
                "CONSTANTS Home = 1\nCHECK_DEADLOCK maybe\n", Set.of("Home")));
        assertEquals("CHECK_DEADLOCK must be TRUE or FALSE, found 'maybe'", e.getMessage());
        assertEquals(2, e.line());
        assertEquals(16, e.column());
        LivenessException open = assertThrows(LivenessException.class, () -> TlcConfig.parse("c.cfg",
                "CONSTANTS Home = 1 (* never closed\n", Set.of("Home")));
        assertEquals(1, open.line());
        assertEquals(20, open.column());
    }
}
