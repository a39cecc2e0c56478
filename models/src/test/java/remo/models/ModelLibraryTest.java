package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    @ParameterizedTest
    @ValueSource(strings = {"rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw"})
    void rdmaFamilyHasTheThreeAxioms(String name) throws Exception {
        CatModel m = new ModelLibrary().load(name);
        assertEquals(List.of("coherence", "causality", "atomicity"), m.checks().stream().map(ModelCheck::name).toList());
    }
}
