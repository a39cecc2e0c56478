package remo.checker;

import java.util.Collection;
import java.util.List;
import remo.core.graph.ExecutionGraph;
import remo.models.algebra.Relation;

/**
 * The witnesses of an {@link ExecutionGraph} as the checker's relations over its event ids
 * (models.md §4.1): {@code rf} from each read's source, {@code co} and {@code rao} as the strict
 * total orders their lists give (transitively closed).
 */
final class GraphRelations {

    private GraphRelations() {
    }

    /** {@code rf}: (source, read) for every read with a source. */
    static Relation rf(ExecutionGraph g) {
        int n = g.events().size();
        Relation.Builder b = Relation.builder(n);
        for (int e = 0; e < n; e++) {
            int w = g.rf(e);
            if (w >= 0) {
                b.add(w, e);
            }
        }
        return b.build();
    }

    /** {@code co}, closed: every write of a location before the writes after it in its list. */
    static Relation co(ExecutionGraph g) {
        return orders(g.events().size(), g.co());
    }

    /** {@code rao}, closed: every {@code NAR} of a class before the ones after it in its list. */
    static Relation rao(ExecutionGraph g) {
        return orders(g.events().size(), g.rao().values());
    }

    /** The union of the strict total orders the lists give. */
    private static Relation orders(int n, Collection<List<Integer>> lists) {
        Relation.Builder b = Relation.builder(n);
        for (List<Integer> l : lists) {
            int[] order = l.stream().mapToInt(Integer::intValue).toArray();
            b.addOrder(order, 0, order.length);
        }
        return b.build();
    }
}
