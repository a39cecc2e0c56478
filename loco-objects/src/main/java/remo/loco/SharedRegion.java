package remo.loco;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import remo.nic.Cluster;
import remo.nic.Access;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;

/**
 * One public slab of {@code words} words on every participant (loco.md §4.1): the identity
 * abstraction over the base library. Clients use the regions with the {@code Endpoint} operations
 * directly, so its calls <i>are</i> base events; the base-fact suite (locks.md §1.5) is its
 * specification. It is the only object whose regions are public: each slab is the ordinary region
 * {@code name + "/slab"}, which {@code Node.lookup} finds.
 *
 * <p>Cost: none beyond the ops the client issues.
 */
public final class SharedRegion extends LocoObject {
    /** The default rights: every remote right ({@code REMOTE_READ}, {@code REMOTE_WRITE}, {@code REMOTE_ATOMIC}). */
    public static final Set<Access> ALL_REMOTE = Set.copyOf(EnumSet.of(Access.REMOTE_READ, Access.REMOTE_WRITE,
            Access.REMOTE_ATOMIC));

    private final Region local;
    private volatile RegionGroup group;

    /**
     * Creates the slabs on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes holding a slab
     * @param words slab size in words, at least 1
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name, or if {@code words < 1}
     */
    public static SharedRegion create(Cluster cluster, String name, NodeSet participants, int words) {
        return createAll(cluster, "SharedRegion", name, participants, here -> new SharedRegion(here, name, participants, words));
    }

    /** A shared region with every remote right. */
    public SharedRegion(LocoNode here, String name, NodeSet participants, int words) {
        this(here, name, participants, words, ALL_REMOTE);
    }

    /**
     * Constructs this node's slab.
     *
     * @param words  slab size in words, at least 1
     * @param rights the slabs' NIC rights (the same on every participant)
     * @throws IllegalArgumentException if {@code words < 1}
     */
    public SharedRegion(LocoNode here, String name, NodeSet participants, int words, Set<Access> rights) {
        super(here, name, "SharedRegion", participants, Map.of("words", words, "rights", new java.util.TreeSet<>(rights)));
        if (words < 1) {
            throw new IllegalArgumentException("SharedRegion '" + name + "': words must be at least 1, got " + words);
        }
        this.local = here.node().register(name + "/slab", words, rights);
    }

    /** This node's slab. @throws ObjectClosedException after {@link #close()} */
    public Region local() {
        checkOpen("local");
        return local;
    }

    /**
     * Participant {@code node}'s slab (links first if needed).
     *
     * @throws NotAParticipantException if {@code node} is not a participant
     */
    public Region at(int node) {
        return group().on(checkParticipant(node));
    }

    /** All slabs, for {@code bcast} (links first if needed). */
    public RegionGroup group() {
        checkOpen("group");
        link();
        RegionGroup g = group;
        if (g == null) {
            g = here().node().lookupGroup(name() + "/slab", participants());
            group = g;
        }
        return g;
    }

    private int checkParticipant(int node) {
        if (!participants().contains(node)) {
            throw new NotAParticipantException("SharedRegion '" + name() + "': node " + node + " is not a participant "
                    + participants());
        }
        return node;
    }

    private void checkOpen(String method) {
        if (state() == ObjectState.CLOSED) {
            throw new ObjectClosedException("SharedRegion '" + name() + "' on node " + here().id() + " is closed: " + method);
        }
    }
}
