package remo.loco;

import java.util.Map;
import java.util.TreeMap;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;

/**
 * A {@link RegionGroup} of an object's internal regions of one part, one per node of a set
 * ({@code Node.lookupGroup} resolves public regions only); the target of an object's {@code bcast}.
 */
final class InternalGroup implements RegionGroup {
    private final String name;
    private final NodeSet nodes;
    private final Map<Integer, Region> regions;

    private InternalGroup(String name, NodeSet nodes, Map<Integer, Region> regions) {
        this.name = name;
        this.nodes = nodes;
        this.regions = regions;
    }

    /** Resolves {@code part} on every node of {@code nodes} through {@code peer} (blocking as a lookup). */
    static InternalGroup of(String objectName, String part, NodeSet nodes, java.util.function.IntFunction<Region> peer) {
        Map<Integer, Region> m = new TreeMap<>();
        for (int k : nodes) {
            m.put(k, peer.apply(k));
        }
        return new InternalGroup(objectName + "/" + part, nodes, Map.copyOf(m));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public NodeSet nodes() {
        return nodes;
    }

    @Override
    public Region on(int node) {
        Region r = regions.get(node);
        if (r == null) {
            throw new IllegalArgumentException("region group '" + name + "' has no member on node " + node + " (members: "
                    + nodes + ")");
        }
        return r;
    }
}
