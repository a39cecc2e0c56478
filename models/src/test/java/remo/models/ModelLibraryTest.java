package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModelLibraryTest {

    @ParameterizedTest
    @ValueSource(strings = {"sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw", "tso.cat"})
    void bundledModelsLoad(String name) throws Exception {
        CatModel m = new ModelLibrary().load(name);
        assertTrue(m.checks().size() >= 1, "at least one axiom in " + name);
        assertEquals(name.replace(".cat", ""), m.name());
    }

    @ParameterizedTest
    @ValueSource(strings = {"rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw"})
    void rdmaFamilyHasTheThreeAxioms(String name) throws Exception {
        CatModel m = new ModelLibrary().load(name);
        assertEquals(List.of("coherence", "causality", "atomicity"), m.checks().stream().map(ModelCheck::name).toList());
    }
}
