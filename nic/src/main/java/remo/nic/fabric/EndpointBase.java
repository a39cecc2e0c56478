package remo.nic.fabric;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.nic.Access;
import remo.nic.Call;
import remo.nic.Capability;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.NicConfig;
import remo.nic.NodeSet;
import remo.nic.Op;
import remo.nic.Region;
import remo.nic.RegionGroup;
import remo.nic.WorkId;
import remo.nic.error.AccessDeniedException;
import remo.nic.error.ClusterClosedException;
import remo.nic.error.CompletionModeException;
import remo.nic.error.EndpointClosedException;
import remo.nic.error.ForeignWorkIdException;
import remo.nic.error.NoSuchNodeException;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.RegionBoundsException;
import remo.nic.error.RegionNotFoundException;
import remo.nic.error.WrongNodeException;
import remo.nic.error.WrongThreadException;

/**
 * What both engines' endpoints share: identity, confinement, the checks of nic.md §8 (performed
 * before any state change; a rejection increments {@code rejected}), work ids and captured
 * registers. Subclasses implement the operations of operational.md §2 for their mode.
 */
public abstract class EndpointBase implements Endpoint {
    public final ClusterCore core;
    public final String name;
    public final int node;
    public final int index;
    public final MetricsRegistry.EndpointMetrics metrics;
    public volatile Thread owner;
    public volatile boolean closed;
    private final List<WorkId> workIds = new ArrayList<>();
    private final Map<String, Long> registers = new LinkedHashMap<>();

    /** The endpoint of thread {@code name} (spawn index {@code index}) on {@code node}. */
    public EndpointBase(ClusterCore core, String name, int node, int index) {
        this.core = core;
        this.name = name;
        this.node = node;
        this.index = index;
        this.metrics = core.metrics.endpoint(name, node);
    }

    // ------------------------------------------------------------------ checks (nic.md §8)

    /** The prefix of messages about call {@code op}: the thread, its node and the call. */
    public String who(String op) {
        return op + " by thread '" + name + "' on node " + node;
    }

    /** Cluster open, right thread, endpoint open, node alive. */
    public final void enter(String op) {
        if (core.closed()) {
            throw rejected(new ClusterClosedException(who(op) + ": the cluster is closed"));
        }
        if (closed) {
            throw rejected(new EndpointClosedException(who(op) + ": the endpoint is closed (its thread finished or close() was called)"));
        }
        if (Thread.currentThread() != owner) {
            throw rejected(new WrongThreadException(who(op) + ": called from Java thread '" + Thread.currentThread().getName()
                    + "'; an endpoint is confined to its simulated thread"));
        }
        if (core.crashed(node)) {
            throw new NodeCrashedException(who(op) + ": node " + node + " crashed");
        }
    }

    /** Counts a rejected call (a usage error) and returns {@code e} to throw. */
    public final RuntimeException rejected(RuntimeException e) {
        metrics.add(Counter.REJECTED, 1);
        return e;
    }

    private SimRegion region(String op, String role, Region r) {
        if (r instanceof SimRegion s && s.owner() == core) {
            return s;
        }
        throw rejected(new RegionNotFoundException(who(op) + ": " + role + " "
                + (r == null ? "is null" : r + " belongs to another cluster")));
    }

    private void bounds(String op, String role, SimRegion r, int off, int words) {
        if (words < 1) {
            throw rejected(new RegionBoundsException(who(op) + ": " + role + " " + r.describe() + " offset " + off + " length "
                    + words + ": length must be at least 1"));
        }
        if (off < 0 || (long) off + words > r.words()) {
            throw rejected(new RegionBoundsException(who(op) + ": " + role + " " + r.describe() + " offset " + off + " length "
                    + words + " is outside its " + r.words() + " words (need 0 <= offset and offset + length <= "
                    + r.words() + ")"));
        }
    }

    /** A CPU access: the region must be homed here. */
    public final SimRegion cpuRegion(String op, Region r, int off) {
        SimRegion s = region(op, "region", r);
        if (s.home() != node) {
            throw rejected(new WrongNodeException(who(op) + ": " + s.describe() + " offset " + off + " length 1"
                    + ": CPU access needs a region homed on node " + node));
        }
        bounds(op, "region", s, off, 1);
        return s;
    }

    /** The local operand of a NIC op (put source, get destination, RMW result word). */
    public final SimRegion localOperand(String op, String role, Region r, int off, int words, Access right) {
        SimRegion s = region(op, role, r);
        if (s.home() != node) {
            throw rejected(new WrongNodeException(who(op) + ": " + role + " " + s.describe() + " offset " + off + " length "
                    + words + " must be local to node " + node));
        }
        bounds(op, role, s, off, words);
        if (right != null && !s.rights().contains(right)) {
            throw rejected(new AccessDeniedException(who(op) + ": " + role + " " + s.describe() + " offset " + off + " length "
                    + words + " lacks right " + right + " (has " + s.rights() + ")"));
        }
        return s;
    }

    /** The remote operand of a NIC op; its home is the target node. */
    public final SimRegion remoteOperand(String op, String role, Region r, int off, int words, Access right) {
        SimRegion s = region(op, role, r);
        bounds(op, role, s, off, words);
        if (!s.rights().contains(right)) {
            throw rejected(new AccessDeniedException(who(op) + ": " + role + " " + s.describe() + " offset " + off + " length "
                    + words + " lacks right " + right + " (has " + s.rights() + ")"));
        }
        return s;
    }

    /** Rejects a work id of another endpoint. */
    public final void checkWorkId(String op, WorkId d) {
        if (d != null && d.owner() != this) {
            throw rejected(new ForeignWorkIdException(who(op) + ": work id " + d + " belongs to another endpoint"));
        }
    }

    /** Rejects a WR size outside 1..maxRequestWords. */
    public final void checkWords(String op, int words) {
        if (words > core.config.maxRequestWords()) {
            throw rejected(new IllegalArgumentException(who(op) + ": " + words + " words exceed maxRequestWords = "
                    + core.config.maxRequestWords()));
        }
    }

    /** Rejects a node outside the cluster. */
    public final void checkNode(String op, int n) {
        if (n < 1 || n > core.size) {
            throw rejected(new NoSuchNodeException(who(op) + ": node " + n + " does not exist (nodes are 1.." + core.size + ")"));
        }
    }

    /** Rejects a completion call of the other completion mode (nic.md §2.4). */
    public final void checkMode(String op, NicConfig.CompletionMode required) {
        if (core.config.completionMode() != required) {
            throw rejected(new CompletionModeException(who(op) + ": not available in completion mode "
                    + core.config.completionMode() + " (needs " + required + ")"));
        }
    }

    /**
     * Validates a call exactly as the endpoint method of the same name would (for scripts and the
     * deterministic engine's submissions).
     */
    public final void validate(Call c) {
        if (c instanceof Call.Load l) {
            cpuRegion("load", l.region(), l.offset());
        } else if (c instanceof Call.Await a) {
            cpuRegion("await", a.region(), a.offset());
        } else if (c instanceof Call.Store s) {
            cpuRegion("store", s.region(), s.offset());
        } else if (c instanceof Call.Cas s) {
            cpuRegion("cas", s.region(), s.offset());
        } else if (c instanceof Call.Faa s) {
            cpuRegion("faa", s.region(), s.offset());
        } else if (c instanceof Call.Swap s) {
            cpuRegion("swap", s.region(), s.offset());
        } else if (c instanceof Call.Put p) {
            checkPut(p.workId(), p.dst(), p.dstOffset(), p.src(), p.srcOffset(), p.words());
        } else if (c instanceof Call.Get g) {
            checkGet(g.workId(), g.dst(), g.dstOffset(), g.src(), g.srcOffset(), g.words());
        } else if (c instanceof Call.RCas r) {
            checkRmw("rcas", r.workId(), r.result(), r.resultOffset(), r.target(), r.targetOffset());
        } else if (c instanceof Call.RFaa r) {
            checkRmw("rfaa", r.workId(), r.result(), r.resultOffset(), r.target(), r.targetOffset());
        } else if (c instanceof Call.RFence f) {
            checkNode("rfence", f.node());
        } else if (c instanceof Call.WaitFor w) {
            checkMode("waitFor", NicConfig.CompletionMode.WAIT);
            checkWorkId("waitFor", w.workId());
            if (w.workId() == null) {
                throw rejected(new IllegalArgumentException(who("waitFor") + ": the work id must not be null"));
            }
        } else if (c instanceof Call.Gf) {
            checkMode("gf", NicConfig.CompletionMode.WAIT);
        } else if (c instanceof Call.Poll p) {
            checkMode("poll", NicConfig.CompletionMode.POLL);
            checkNode("poll", p.node());
        }
    }

    /** The argument checks of a put. */
    public final void checkPut(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        checkWorkId("put", d);
        checkWords("put", words);
        localOperand("put", "source", src, srcOff, words, null);
        remoteOperand("put", "destination", dst, dstOff, words, Access.REMOTE_WRITE);
    }

    /** The argument checks of a get. */
    public final void checkGet(WorkId d, Region dst, int dstOff, Region src, int srcOff, int words) {
        checkWorkId("get", d);
        checkWords("get", words);
        localOperand("get", "destination", dst, dstOff, words, Access.LOCAL_WRITE);
        remoteOperand("get", "source", src, srcOff, words, Access.REMOTE_READ);
    }

    /** The argument checks of an rcas or rfaa. */
    public final void checkRmw(String op, WorkId d, Region result, int resultOff, Region target, int targetOff) {
        checkWorkId(op, d);
        localOperand(op, "result word", result, resultOff, 1, Access.LOCAL_WRITE);
        remoteOperand(op, "target", target, targetOff, 1, Access.REMOTE_ATOMIC);
    }

    // ------------------------------------------------------------------ API common to both modes

    @Override
    public final int node() {
        return node;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Cluster cluster() {
        return core.cluster();
    }

    @Override
    public final WorkId newWorkId(String label) {
        enter("newWorkId");
        WorkId d = new WorkId(label == null ? "w" + workIds.size() : label, this, workIds.size());
        workIds.add(d);
        onNewWorkId(d);
        return d;
    }

    /** Hook for engines that keep per-work-id state. */
    public void onNewWorkId(WorkId d) {
    }

    /** Number of work ids this endpoint created. */
    public final int workIdCount() {
        return workIds.size();
    }

    @Override
    public final List<Op> bcast(WorkId d, RegionGroup dst, int dstOff, Region src, int srcOff, int words, NodeSet targets) {
        enter("bcast");
        if (dst == null || targets == null) {
            throw rejected(new IllegalArgumentException(who("bcast") + ": group and targets must not be null"));
        }
        for (int k : targets) {
            if (!dst.nodes().contains(k)) {
                throw rejected(new IllegalArgumentException(who("bcast") + ": target node " + k + " is outside region group '"
                        + dst.name() + "' " + dst.nodes()));
            }
            checkPut(d, dst.on(k), dstOff, src, srcOff, words);
        }
        List<Op> ops = new ArrayList<>();
        for (int k : targets) {
            ops.add(put(d, dst.on(k), dstOff, src, srcOff, words));
        }
        return ops;
    }

    @Override
    public void close() {
        if (Thread.currentThread() != owner && owner != null && !closed) {
            throw rejected(new WrongThreadException(who("close") + ": called from another Java thread"));
        }
        closed = true;
    }

    /** Closes at thread end (from the engine). */
    public final void closeInternal() {
        closed = true;
    }

    /** Records a register value for the run result (Registers.capture). */
    public final void captureRegister(String reg, long value) {
        enter("Registers.capture");
        synchronized (registers) {
            registers.put(reg, value);
        }
    }

    /** The registers captured so far. */
    public final Map<String, Long> registers() {
        synchronized (registers) {
            return new LinkedHashMap<>(registers);
        }
    }

    /** Blocks (per mode) until {@code name} is registered on {@code node}; called inside the simulated thread. */
    public abstract Region awaitRegistration(int node, String name, Capability cap, boolean internal);

    @Override
    public String toString() {
        return "Endpoint(" + name + "@" + node + ")";
    }
}
