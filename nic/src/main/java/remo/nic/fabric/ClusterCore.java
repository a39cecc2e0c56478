package remo.nic.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.regex.Pattern;
import remo.nic.Access;
import remo.nic.Capability;
import remo.nic.NicConfig;
import remo.nic.Node;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.Registers;
import remo.nic.SimCluster;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.ClusterClosedException;
import remo.nic.error.DuplicateNameException;
import remo.nic.error.LinkTimeoutException;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.RdmaUsageError;
import remo.nic.error.RegionBoundsException;
import remo.nic.error.RegionNotFoundException;
import remo.nic.trace.Recorder;

/**
 * The state shared by a cluster's engines: configuration, nodes, the directory of regions
 * (nic.md §2.5), capacity accounting, the recorder, metrics, lifecycle and crashed nodes.
 */
public final class ClusterCore {
    /** Lifecycle of nic.md §2.1. */
    public enum Phase { SETUP, RUNNING, DONE }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*");

    public final NicConfig config;
    public final int size;
    public final MetricsRegistry metrics;
    public final Recorder recorder;
    public final ThreadLocal<EndpointBase> current = new ThreadLocal<>();
    private final SimNode[] nodes;
    private final Map<String, SimRegion> directory = new ConcurrentHashMap<>();
    private final long[] wordsUsed;
    private final AtomicIntegerArray crashed;
    private long nextRegionId = 1;
    /** Regions by id (copy on write; index 0 unused): lets a WR slot name a region by an int. */
    private volatile SimRegion[] regionsById = new SimRegion[16];
    private volatile boolean closed;
    private volatile Phase phase = Phase.SETUP;
    private SimCluster cluster;

    /** A cluster of {@code size} nodes (numbered from 1) with the given configuration and tracing. */
    public ClusterCore(int size, NicConfig config, boolean tracing, boolean spinCompression) {
        this.size = size;
        this.config = config;
        this.metrics = new MetricsRegistry(size);
        this.recorder = tracing ? new Recorder(spinCompression) : null;
        this.nodes = new SimNode[size + 1];
        for (int i = 1; i <= size; i++) {
            nodes[i] = new SimNode(this, i);
        }
        this.wordsUsed = new long[size + 1];
        this.crashed = new AtomicIntegerArray(size + 1);
    }

    /** Attaches the public cluster object this state belongs to. */
    public void attach(SimCluster c) {
        this.cluster = c;
    }

    /** The public cluster object. */
    public SimCluster cluster() {
        return cluster;
    }

    /** The lifecycle phase. */
    public Phase phase() {
        return phase;
    }

    /** Enters lifecycle phase {@code p}. */
    public void phase(Phase p) {
        phase = p;
    }

    /** Closes the cluster: every later API call throws. */
    public void close() {
        closed = true;
    }

    /** Whether the cluster is closed. */
    public boolean closed() {
        return closed;
    }

    /** @throws ClusterClosedException after {@code close()} */
    public void checkOpen(String op) {
        if (closed) {
            throw new ClusterClosedException(op + ": the cluster is closed");
        }
    }

    /** @throws NoSuchNodeException outside {@code 1..size} */
    public void checkNode(String op, int node) {
        if (node < 1 || node > size) {
            throw new NoSuchNodeException(op + ": node " + node + " does not exist (nodes are 1.." + size + ")");
        }
    }

    /** Node {@code id}. @throws remo.nic.error.NoSuchNodeException for an id outside 1..size */
    public SimNode node(int id) {
        checkOpen("node");
        checkNode("node", id);
        return nodes[id];
    }

    /** Whether {@code node} has crashed (nic.md §7.3). */
    public boolean crashed(int node) {
        return crashed.get(node) != 0;
    }

    /** Marks {@code node} crashed. */
    public void markCrashed(int node) {
        crashed.set(node, 1);
    }

    /** The crashed nodes, ascending. */
    public List<Integer> crashedNodes() {
        List<Integer> out = new ArrayList<>();
        for (int n = 1; n <= size; n++) {
            if (crashed(n)) {
                out.add(n);
            }
        }
        return out;
    }

    private static String key(int node, String name) {
        return node + "/" + name;
    }

    /**
     * The region with id {@code id}. A thread that learned the id from a WR published after the
     * region's registration sees it (the volatile table is written before the registration returns).
     */
    /** Every registered region, in registration order. */
    public List<SimRegion> regions() {
        List<SimRegion> out = new java.util.ArrayList<>();
        for (SimRegion r : regionsById) {
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    public SimRegion regionById(int id) {
        return regionsById[id];
    }

    /** Registers a region (nic.md §2.3); see {@link Node#register}. */
    public SimRegion register(int node, String name, int words, Set<Access> rights, long[] init, Capability owner) {
        String op = "register";
        try {
            checkOpen(op);
            checkNode(op, node);
            if (name == null || name.length() > 200 || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException(op + " on node " + node + ": malformed region name '" + name
                        + "' (expected [A-Za-z0-9_.-]+ segments separated by '/', at most 200 characters)");
            }
            if (words < 1 || words > config.maxRegionWords()) {
                throw new IllegalArgumentException(op + " of region '" + name + "' on node " + node + ": " + words
                        + " words is outside 1.." + config.maxRegionWords() + " (maxRegionWords)");
            }
            if (init != null && init.length != words) {
                throw new IllegalArgumentException(op + " of region '" + name + "' on node " + node + ": init has "
                        + init.length + " entries, expected " + words);
            }
            if (rights == null) {
                throw new IllegalArgumentException(op + " of region '" + name + "' on node " + node + ": rights must not be null");
            }
            synchronized (this) {
                if (wordsUsed[node] + words > config.maxWordsPerNode()) {
                    throw new IllegalArgumentException(op + " of region '" + name + "' on node " + node + ": " + words
                            + " more words exceed the node's capacity of " + config.maxWordsPerNode()
                            + " words (maxWordsPerNode; " + wordsUsed[node] + " in use)");
                }
                if (directory.containsKey(key(node, name))) {
                    throw new DuplicateNameException(op + ": a region named '" + name + "' already exists on node " + node);
                }
                SimRegion r = new SimRegion(this, nextRegionId++, node, name, words, rights, init, owner);
                SimRegion[] byId = regionsById;
                if (r.id() >= byId.length) {
                    byId = java.util.Arrays.copyOf(byId, Math.toIntExact(Math.max(r.id() + 1, 2L * byId.length)));
                }
                byId[(int) r.id()] = r;
                regionsById = byId;
                wordsUsed[node] += words;
                directory.put(key(node, name), r);
                notifyAll();
                return r;
            }
        } catch (RuntimeException e) {
            if (e instanceof RdmaUsageError || e instanceof IllegalArgumentException) {
                metrics.rejectedOutsideThreads();
            }
            throw e;
        }
    }

    /** The region {@code name} of {@code node} if registered, else {@code null}; capability checks as for lookup. */
    public SimRegion registered(String op, int node, String name, Capability cap, boolean internal) {
        SimRegion r = directory.get(key(node, name));
        if (r == null) {
            return null;
        }
        if (r.internal() && (!internal || cap != r.capability())) {
            throw new AccessDeniedException(op + " of region '" + name + "' on node " + node
                    + ": the region is internal and the caller does not hold its capability");
        }
        return r;
    }

    /** See {@link Node#lookup}. */
    public Region lookup(int node, String name, Capability cap, boolean internal) {
        String op = internal ? "lookupInternal" : "lookup";
        checkOpen(op);
        checkNode(op, node);
        SimRegion r = registered(op, node, name, cap, internal);
        if (r != null) {
            return r;
        }
        EndpointBase ep = current.get();
        if (ep != null && ep.core == this) {
            return ep.awaitRegistration(node, name, cap, internal);
        }
        throw new RegionNotFoundException(op + ": no region named '" + name + "' on node " + node
                + " (outside a simulated thread a lookup cannot wait for a registration)");
    }

    /** Waits (concurrent mode) up to the link timeout for a registration. */
    public synchronized SimRegion waitRegistered(String op, int node, String name, Capability cap, boolean internal) {
        long deadline = System.nanoTime() + config.linkTimeout().toNanos();
        while (true) {
            SimRegion r = registered(op, node, name, cap, internal);
            if (r != null) {
                return r;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new LinkTimeoutException(op + ": region '" + name + "' on node " + node + " still unregistered after "
                        + config.linkTimeout().toMillis() + " ms (linkTimeout)");
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LinkTimeoutException(op + ": interrupted while waiting for region '" + name + "' on node " + node);
            }
        }
    }

    /** See {@link Node#lookupGroup}. */
    public RegionGroup lookupGroup(String name, NodeSet members) {
        Map<Integer, Region> regions = new java.util.TreeMap<>();
        for (int n : members) {
            regions.put(n, lookup(n, name, null, false));
        }
        return new SimRegionGroup(name, members, regions);
    }

    /** A region handle of this cluster, or RegionNotFoundException. */
    public SimRegion own(String op, Region r) {
        if (r instanceof SimRegion s && s.owner() == this) {
            return s;
        }
        throw new RegionNotFoundException(op + ": " + (r == null ? "null region" : "region " + r + " belongs to another cluster"));
    }

    /** Final memory (nic.md §3 peek): after quiescence only. */
    public long peek(int node, String name, int off) {
        checkOpen("peek");
        checkNode("peek", node);
        if (phase != Phase.DONE) {
            throw new IllegalStateException("peek: the run has not reached quiescence (call run() first)");
        }
        if (crashed(node)) {
            throw new NodeCrashedException("peek: node " + node + " crashed; its memory is inaccessible");
        }
        SimRegion r = directory.get(key(node, name));
        if (r == null) {
            throw new RegionNotFoundException("peek: no region named '" + name + "' on node " + node);
        }
        if (off < 0 || off >= r.words()) {
            throw new RegionBoundsException("peek: " + r.describe() + " offset " + off + " length 1 is outside its "
                    + r.words() + " words");
        }
        return r.mem.get(off);
    }

    /** A group of regions of one name. */
    public record SimRegionGroup(String name, NodeSet nodes, Map<Integer, Region> regions) implements RegionGroup {
        @Override
        public Region on(int node) {
            Region r = regions.get(node);
            if (r == null) {
                throw new IllegalArgumentException("region group '" + name + "' has no member on node " + node
                        + " (members: " + nodes + ")");
            }
            return r;
        }
    }
}
