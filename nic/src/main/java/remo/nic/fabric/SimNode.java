package remo.nic.fabric;

import java.util.Set;
import remo.nic.Access;
import remo.nic.Capability;
import remo.nic.Cluster;
import remo.nic.Node;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;

/** A node of a simulated cluster; registration and lookup go to the cluster's directory (nic.md §2.5). */
final class SimNode implements Node {
    private final ClusterCore core;
    private final int id;

    /** Node {@code id} of cluster {@code core}. */
    public SimNode(ClusterCore core, int id) {
        this.core = core;
        this.id = id;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public Cluster cluster() {
        return core.cluster();
    }

    @Override
    public Region register(String name, int words, Set<Access> rights) {
        return core.register(id, name, words, rights, null, null);
    }

    @Override
    public Region register(String name, int words, Set<Access> rights, long[] init) {
        if (init == null) {
            throw new IllegalArgumentException("register: init must not be null (use the overload without init)");
        }
        return core.register(id, name, words, rights, init, null);
    }

    @Override
    public Region lookup(int node, String name) {
        return core.lookup(node, name, null, false);
    }

    @Override
    public RegionGroup lookupGroup(String name, NodeSet nodes) {
        return core.lookupGroup(name, nodes);
    }

    @Override
    public Region registerInternal(String name, int words, Set<Access> rights, long[] init, Capability owner) {
        if (owner == null) {
            throw new IllegalArgumentException("registerInternal: the owner capability must not be null");
        }
        return core.register(id, name, words, rights, init, owner);
    }

    @Override
    public Region lookupInternal(int node, String name, Capability owner) {
        return core.lookup(node, name, owner, true);
    }

    @Override
    public String toString() {
        return "node " + id;
    }
}
