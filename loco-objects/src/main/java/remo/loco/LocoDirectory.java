package remo.loco;

import java.lang.ref.WeakReference;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import remo.nic.Capability;
import remo.nic.Cluster;
import remo.nic.error.DuplicateNameException;

/**
 * The LOCO part of a cluster's directory (nic.md §2.5, loco.md §3.2): object descriptors per
 * {@code (node, name)}, one region capability per object name (shared by the local instances of
 * one object, so that they can look up each other's internal regions), and the one
 * {@link LocoNode} per node. Kept outside the NIC, keyed weakly by the cluster: the map holds only
 * a weak reference to the directory, so a closed and forgotten cluster is collected.
 */
final class LocoDirectory {
    private static final Map<Cluster, WeakReference<LocoDirectory>> DIRECTORIES =
            Collections.synchronizedMap(new WeakHashMap<>());

    private final Map<String, Descriptor> descriptors = new ConcurrentHashMap<>();
    private final Map<String, Capability> capabilities = new ConcurrentHashMap<>();
    private final Map<Integer, LocoNode> nodes = new ConcurrentHashMap<>();

    private LocoDirectory() {
    }

    /** The directory of {@code cluster}, created on first use. */
    static LocoDirectory of(Cluster cluster) {
        synchronized (DIRECTORIES) {
            WeakReference<LocoDirectory> ref = DIRECTORIES.get(cluster);
            LocoDirectory d = ref == null ? null : ref.get();
            if (d == null) {
                d = new LocoDirectory();
                DIRECTORIES.put(cluster, new WeakReference<>(d));
            }
            return d;
        }
    }

    /** The one LocoNode of node {@code id}; {@code create} builds it on first use. */
    LocoNode node(int id, java.util.function.IntFunction<LocoNode> create) {
        return nodes.computeIfAbsent(id, create::apply);
    }

    private static String key(int node, String name) {
        return node + "/" + name;
    }

    /**
     * Registers the descriptor of a local instance on {@code node}.
     *
     * @throws DuplicateNameException if an instance of that name exists on the node
     */
    void register(int node, Descriptor d) {
        if (descriptors.putIfAbsent(key(node, d.name()), d) != null) {
            throw new DuplicateNameException("an object named '" + d.name() + "' already exists on node " + node
                    + " (" + descriptors.get(key(node, d.name())).kind() + ")");
        }
    }

    /** The descriptor of {@code name} on {@code node}, or {@code null} if none is registered. */
    Descriptor descriptor(int node, String name) {
        return descriptors.get(key(node, name));
    }

    /** The capability guarding the internal regions of the object {@code name}. */
    Capability capability(String name) {
        return capabilities.computeIfAbsent(name, Capability::create);
    }
}
