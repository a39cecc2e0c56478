package remo.nic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Endpoint#unwaitedOps(long)}: the ops of the endpoint no returned waitFor/gf covers (nic.md §3),
 * what the weak lock's O3 check reads (locks.md §3.6); deterministic mode only.
 */
class UnwaitedOpsTest {
    private static final Set<Access> ALL = EnumSet.allOf(Access.class);

    @Test
    void listsWhatNoWaitOrGfCovered() {
        AtomicReference<String> seen = new AtomicReference<>();
        try (SimCluster c = SimCluster.builder().nodes(2).deterministic(3).build()) {
            Region src = c.node(1).register("src", 1, ALL);
            Region dst = c.node(2).register("dst", 4, ALL);
            c.spawn(1, "P", ep -> {
                WorkId a = ep.newWorkId("a");
                WorkId b = ep.newWorkId("b");
                Op first = ep.put(a, dst, 0, src, 0, 1);
                Op second = ep.put(b, dst, 1, src, 0, 1);
                Op untagged = ep.put(null, dst, 2, src, 0, 1);
                StringBuilder sb = new StringBuilder();
                sb.append(ids(ep.unwaitedOps(0))).append(' ');
                ep.waitFor(a);
                sb.append(ids(ep.unwaitedOps(0))).append(' ');
                sb.append(ids(ep.unwaitedOps(second.id()))).append(' ');
                ep.gf();
                sb.append(ids(ep.unwaitedOps(0)));
                seen.set(sb.toString());
                assertEquals(List.of(1L, 2L, 3L), List.of(first.id(), second.id(), untagged.id()));
            });
            c.run();
        }
        assertEquals("[1, 2, 3] [2, 3] [3] []", seen.get(), "all; after waitFor(a); after op 2; after gf");
    }

    @Test
    void concurrentModeSaysItDoesNotTrackThem() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        try (SimCluster c = SimCluster.builder().nodes(2).concurrent().build()) {
            c.spawn(1, "P", ep -> thrown.set(assertThrows(UnsupportedOperationException.class, () -> ep.unwaitedOps(0))));
            c.run();
        }
        assertEquals(true, thrown.get().getMessage().contains("concurrent mode"), thrown.get().getMessage());
    }

    private static List<Long> ids(List<Op> ops) {
        return ops.stream().map(Op::id).toList();
    }
}
