package remo.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;
import org.junit.jupiter.api.Test;
import remo.core.FlagValues;
import remo.models.algebra.EventSet;
import remo.models.algebra.Relation;

/**
 * Where witnesses enter a check's relation directly: through unions, differences (minus the right
 * operand's upper bound), intersections with static relations, identity-restricted sequences and
 * closures; not through compositions with other relations or converses.
 */
class DirectPairsTest {
    // events 0 (W), 1 (R), 2 (W), 3 (R); thread of 0 and 1 is one, 2 and 3 another
    private final TinyUniverse u = new TinyUniverse(4)
            .set(Builtin.W, 0, 2).set(Builtin.R, 1, 3)
            .relation(Builtin.INT, new int[] {0, 1}, new int[] {1, 0}, new int[] {2, 3}, new int[] {3, 2})
            .relation(Builtin.EXT, new int[] {0, 3}, new int[] {3, 0}, new int[] {1, 2}, new int[] {2, 1},
                    new int[] {0, 2}, new int[] {2, 0}, new int[] {1, 3}, new int[] {3, 1})
            .relation(Builtin.PO, new int[] {0, 1}, new int[] {2, 3});
    private final Relation all = Relation.product(EventSet.all(4), EventSet.all(4));
    private final Relation rfAll = TinyUniverse.rel(4, new int[] {0, 1}, new int[] {2, 1}, new int[] {0, 3}, new int[] {2, 3});
    private final Relation none = Relation.empty(4);
    private final Witnesses loosest = new Witnesses(none, rfAll, none, all, none, all);

    private Relation direct(String cat, Builtin witness) throws Exception {
        CatModel m = new ModelLibrary().loadText("t.cat", cat);
        ModelFrame f = m.frame(u, FlagValues.defaults(), Set.of());
        return DirectPairs.of(f, m.checks().get(0), witness, loosest);
    }

    @Test
    void unionsAndClosuresLetWitnessesThrough() throws Exception {
        assertEquals(all, direct("acyclic po | rf | co | fr\n", Builtin.CO));
        assertEquals(all, direct("acyclic (po | co)+\n", Builtin.CO));
        assertEquals(all, direct("acyclic po | fr\n", Builtin.FR));
        assertNull(direct("acyclic rf | fr\n", Builtin.CO));
        // a static operand is in the relation anyway: its pairs count as direct for every witness
        assertEquals(u.relation(Builtin.PO, Bound.LOWER), direct("acyclic po | fr\n", Builtin.CO));
    }

    @Test
    void differencesRemoveWhatTheirRightOperandMayHold() throws Exception {
        // rf \ rfi-cpu: the internal W->R pairs rf may hold are not direct
        Relation d = direct("let rfi-cpu = [W]; (rf & int); [R]\nacyclic (rf \\ rfi-cpu)\n", Builtin.RF_REL);
        Relation expected = all.difference(TinyUniverse.rel(4, new int[] {0, 1}, new int[] {2, 3}));
        assertEquals(expected, d);
    }

    @Test
    void derivedAndRestrictedForms() throws Exception {
        assertEquals(u.relation(Builtin.EXT, Bound.LOWER), direct("acyclic rfe\n", Builtin.RF_REL));
        Relation fromW = Relation.product(EventSet.of(4, 0, 2), EventSet.all(4));
        assertEquals(fromW, direct("acyclic [W]; co\n", Builtin.CO));
        assertNull(direct("acyclic po; co\n", Builtin.CO), "a composition with po moves the pair");
        assertNull(direct("acyclic co^-1\n", Builtin.CO), "a converse reverses it");
    }
}
