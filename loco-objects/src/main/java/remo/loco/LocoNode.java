package remo.loco;

import java.util.Objects;
import remo.nic.Node;

/**
 * The per-node LOCO runtime (loco.md §3.1), a thin layer over a NIC {@link Node}: it gives the
 * objects constructed on the node access to the cluster's object directory. There is one
 * LocoNode per Node.
 */
public final class LocoNode {
    private final Node node;
    private final LocoDirectory directory;

    private LocoNode(Node node, LocoDirectory directory) {
        this.node = node;
        this.directory = directory;
    }

    /**
     * The LocoNode of {@code node}; idempotent (the same instance for the same node).
     *
     * @throws NullPointerException if {@code node} is null
     */
    public static LocoNode of(Node node) {
        Objects.requireNonNull(node, "node");
        LocoDirectory d = LocoDirectory.of(node.cluster());
        return d.node(node.id(), id -> new LocoNode(node, d));
    }

    /** The node id, {@code 1..N}. */
    public int id() {
        return node.id();
    }

    /** The NIC node. */
    public Node node() {
        return node;
    }

    LocoDirectory directory() {
        return directory;
    }

    @Override
    public String toString() {
        return "LocoNode(" + node.id() + ")";
    }
}
