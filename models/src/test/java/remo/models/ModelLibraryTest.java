package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.models.cat.CatException;

class ModelLibraryTest {

    @ParameterizedTest
    @ValueSource(strings = {"sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw", "tso.cat"})
    void bundledModelsLoad(String name) throws Exception {
        CatModel m = new ModelLibrary().load(name);
        assertTrue(m.checks().size() >= 1, "at least one axiom in " + name);
        assertEquals(name.replace(".cat", ""), m.name());
        assertTrue(m.isBundled(), name);
        assertEquals("bundled:" + m.name() + ".cat", m.source());
    }

    @Test
    void aModelFromTextOrFileIsNotBundled(@TempDir Path dir) throws Exception {
        CatModel text = new ModelLibrary().loadText("tso.cat", ModelLibrary.bundledText("tso.cat"));
        assertEquals("tso", text.name());
        assertFalse(text.isBundled());
        Path file = dir.resolve("tso.cat");
        Files.writeString(file, ModelLibrary.bundledText("tso.cat"));
        CatModel fromFile = new ModelLibrary().load(file.toString());
        assertEquals("tso", fromFile.name());
        assertFalse(fromFile.isBundled());
        assertEquals(file.toAbsolutePath().normalize().toString(), fromFile.source());
    }

    @Test
    void aLeadingByteOrderMarkIsSkipped(@TempDir Path dir) throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path included = dir.resolve("base.cat");
        Files.write(included, concat(bom, "let mine = po\n".getBytes(StandardCharsets.UTF_8)));
        Path file = dir.resolve("tso.cat");
        Files.write(file, concat(bom, (ModelLibrary.bundledText("tso.cat") + "\ninclude \"base.cat\"\n")
                .getBytes(StandardCharsets.UTF_8)));
        CatModel m = new ModelLibrary().load(file.toString());
        assertEquals("tso", m.name());
        assertEquals(new ModelLibrary().load("tso").checks().stream().map(CatCheck::name).toList(),
                m.checks().stream().map(CatCheck::name).toList());
        // columns on line 1 are counted as if the mark were absent
        Path broken = dir.resolve("broken.cat");
        Files.write(broken, concat(bom, "let a = po |".getBytes(StandardCharsets.UTF_8)));
        CatException e = assertThrows(CatException.class, () -> new ModelLibrary().load(broken.toString()));
        assertEquals(broken + ":1:13: error[E-CAT-SYNTAX]: syntax error: expected an expression, found end of file",
                e.diagnostic().format());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw"})
    void rdmaFamilyHasTheThreeAxioms(String name) throws Exception {
        CatModel m = new ModelLibrary().load(name);
        assertEquals(List.of("coherence", "causality", "atomicity"), m.checks().stream().map(CatCheck::name).toList());
    }
}
