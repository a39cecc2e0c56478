package remo.locks;

import java.util.Map;
import java.util.TreeMap;
import java.util.WeakHashMap;
import remo.nic.Capability;
import remo.nic.Cluster;
import remo.nic.error.DuplicateNameException;
import remo.nic.NodeSet;

/**
 * The object half of the cluster directory (nic.md §2.5, loco.md §3.2): per cluster and lock name,
 * the descriptor each participant registered at construction, and the capability that guards the
 * lock's internal regions on every node (loco.md §3.4).
 *
 * <p>Why a static table: {@code remo.nic.Node} has no call for object descriptors yet; the per-node
 * LOCO runtime ({@code LocoNode}, loco.md §3.1) will hold it. Keys are weak, so a closed and
 * unreferenced cluster's entries go away.
 */
final class LockDirectory {

    /**
     * What a participant constructed (loco.md §3.2).
     *
     * @param kind         the lock class
     * @param participants {@code C ∪ {H}}
     * @param params       the construction parameters, by name, in a fixed order
     */
    record Descriptor(LockKind kind, NodeSet participants, Map<String, String> params) {
    }

    private static final class Entry {
        final Capability capability;
        final Map<Integer, Descriptor> byNode = new TreeMap<>();

        Entry(String name) {
            this.capability = Capability.create(name);
        }
    }

    private static final Map<Cluster, Map<String, Entry>> BY_CLUSTER = new WeakHashMap<>();

    private LockDirectory() {
    }

    /**
     * Registers node {@code node}'s descriptor of lock {@code name}.
     *
     * @return the capability of the lock's internal regions, shared by all its participants
     * @throws DuplicateNameException if that node already has an instance of that name
     */
    static synchronized Capability register(Cluster cluster, String name, int node, Descriptor d) {
        Entry e = BY_CLUSTER.computeIfAbsent(cluster, c -> new TreeMap<>()).computeIfAbsent(name, Entry::new);
        if (e.byNode.containsKey(node)) {
            throw new DuplicateNameException("lock '" + name + "' is already constructed on node " + node
                    + " (object names are unique per node, loco.md §3.2)");
        }
        e.byNode.put(node, d);
        return e.capability;
    }

    /** Node {@code node}'s descriptor of lock {@code name}, or {@code null} if it has not constructed one yet. */
    static synchronized Descriptor descriptor(Cluster cluster, String name, int node) {
        Map<String, Entry> m = BY_CLUSTER.get(cluster);
        Entry e = m == null ? null : m.get(name);
        return e == null ? null : e.byNode.get(node);
    }
}
