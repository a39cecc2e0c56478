package remo.models;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link CatModel#readsWitness}: a witness is read by a check or flag through bindings, derived
 * built-ins ({@code fr} reads rf and co) and {@code let rec} groups; the bundled rdma-sc-rmw reads no
 * {@code rao} (models.md §10.2), the models including rdma-base do.
 */
class ReadsWitnessTest {
    private final ModelLibrary library = new ModelLibrary();

    @Test
    void theBundledModels() throws Exception {
        assertFalse(library.load("rdma-sc-rmw").readsWitness(Builtin.RAO));
        assertTrue(library.load("rdma-sc-rmw").readsWitness(Builtin.CO));
        assertTrue(library.load("rdma-wait-rmw").readsWitness(Builtin.RAO));
        assertTrue(library.load("rdma-tso-rmw").readsWitness(Builtin.RAO));
        assertFalse(library.load("sc").readsWitness(Builtin.RAO));
    }

    @Test
    void throughBindingsDerivedBuiltinsRecursionAndFlags() throws Exception {
        assertTrue(library.loadText("a.cat", "let x = po | fre\nacyclic x\n").readsWitness(Builtin.CO));
        assertTrue(library.loadText("b.cat", "let x = po | fre\nacyclic x\n").readsWitness(Builtin.RF_REL));
        assertFalse(library.loadText("c.cat", "acyclic po | fr\n").readsWitness(Builtin.RAO));
        assertTrue(library.loadText("d.cat", "let rec h = po | (h; rao)\nacyclic h\n").readsWitness(Builtin.RAO));
        assertTrue(library.loadText("e.cat", "acyclic po\nflag ~empty rao as r\n").readsWitness(Builtin.RAO));
        assertFalse(library.loadText("f.cat", "let unused = rao\nacyclic po | co\n").readsWitness(Builtin.RAO));
        assertThrows(IllegalArgumentException.class, () -> library.loadText("g.cat", "acyclic po\n").readsWitness(Builtin.FR));
    }
}
