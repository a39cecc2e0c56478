package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 28: the architecture a model declares on its identity line, as herd7 reads it
 * ({@link CatModel#architecture()}), and which of them remo's X86 and RDMA tests cannot take.
 */
class ModelArchitectureTest {

    private static Path herd(String file) {
        return HerdLibraryTest.catCorpus().resolve("herdtools7").resolve(file);
    }

    @Test
    void herdsArmPpcAndMipsModelsDeclareTheirArchitecture() throws Exception {
        for (String[] c : new String[][] {{"arm.cat", "ARM"}, {"arm-alt.cat", "ARM"}, {"ppc.cat", "PPC"}, {"mips.cat", "MIPS"}}) {
            CatModel m = new ModelLibrary().load(herd(c[0]).toString());
            assertEquals(Optional.of(c[1]), m.architecture(), c[0]);
            assertTrue(m.declaresForeignArchitecture(), c[0]);
        }
    }

    @Test
    void anX86ModelATitleStringAndAPlainNameDeclareNoForeignArchitecture() throws Exception {
        CatModel x86 = new ModelLibrary().load(herd("x86tso.cat").toString());
        assertEquals(Optional.of("X86"), x86.architecture());
        assertEquals("TSO", x86.title(), "X86 TSO: the name, then the title");
        assertFalse(x86.declaresForeignArchitecture());
        for (String bundled : new String[] {"tso", "sc", "rdma-tso-rmw"}) {
            CatModel m = new ModelLibrary().load(bundled);
            assertEquals(Optional.empty(), m.architecture(), bundled);
            assertFalse(m.declaresForeignArchitecture(), bundled);
        }
        CatModel named = new ModelLibrary().loadText("mine.cat", "Mine\nlet com = rf | co | fr\nacyclic po | com\n");
        assertEquals(Optional.empty(), named.architecture(), "a name that is no herd7 architecture");
        CatModel lower = new ModelLibrary().loadText("mine.cat", "aarch64\nlet com = rf | co | fr\nacyclic po | com\n");
        assertEquals(Optional.of("AArch64"), lower.architecture(), "spelled in any case");
    }
}
