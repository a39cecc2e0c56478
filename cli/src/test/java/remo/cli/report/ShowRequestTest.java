package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing {@code --show}. */
class ShowRequestTest {
    @Test
    void modesAndRelations() {
        assertEquals(ShowRequest.defaults(), ShowRequest.parse(List.of()));
        assertEquals(new ShowRequest(ShowMode.FORBIDDEN, List.of("ppo", "hb")),
                ShowRequest.parse(List.of("ppo,Forbidden", "hb", "ppo")));
        assertEquals(new ShowRequest(ShowMode.ALL, List.of()), ShowRequest.parse(List.of("all", "all")));
        assertThrows(IllegalArgumentException.class, () -> ShowRequest.parse(List.of("witness", "allowed")));
        assertThrows(IllegalArgumentException.class, () -> ShowRequest.parse(List.of("ppo,,hb")));
    }

    @Test
    void safeFileNames() {
        assertEquals("SB+mfence_po", GraphWriter.safeName("SB+mfence/po"));
        assertEquals("x86_IRIW", GraphWriter.safeName("x86/IRIW"));
        assertEquals("_.hidden", GraphWriter.safeName(".hidden"));
    }
}
