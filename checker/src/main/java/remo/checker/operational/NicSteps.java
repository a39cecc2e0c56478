package remo.checker.operational;

import static remo.checker.operational.MachineLayout.DONE;
import static remo.checker.operational.MachineLayout.FETCHED;
import static remo.checker.operational.MachineLayout.LOCKED;
import static remo.checker.operational.MachineLayout.NONE;
import static remo.checker.operational.MachineLayout.POSTED;
import static remo.checker.operational.MachineLayout.READ;
import static remo.checker.operational.MachineLayout.WRITTEN;

import java.util.List;
import remo.core.rdma.OpStage;
import remo.core.rdma.SameQpOrder;
import remo.litmus.Instruction;

/**
 * The NIC transitions of the RDMA machine (operational.md §4): for every queued operation, whether
 * its next step is enabled and the state it leads to. The same-QP guards, the predicates of operational.md §1 and
 * the flags acting on them (operational.md §4.1: {@code PUT_COMPLETION}, {@code GG_REMOTE_ORDER},
 * {@code GG_LOCAL_ORDER}, {@code GP_RESPONDER_REORDER}, {@code RFENCE_SCOPE}) are
 * {@link SameQpOrder}'s, shared with the simulated NIC; here are the {@code unit} of a remote RMW's
 * {@code NAR} (its class from {@link MachineLayout}, {@code RAO_SCOPE}) and the NAR step of an rcas
 * ({@code FAILED_RCAS_WRITES}). {@code POLL_SCOPE} acts on the CPU's poll guard ({@link RdmaMachine}).
 */
final class NicSteps {
    /** The status of each {@link MachineLayout} status value, for the guards of {@link SameQpOrder}. */
    private static final OpStage[] STAGES = {null, OpStage.POSTED, OpStage.READ, OpStage.FETCHED, OpStage.LOCKED,
            OpStage.WRITTEN, OpStage.DONE};

    private final MachineLayout layout;
    private final SameQpOrder order;
    private final boolean failedRcasWrites;

    NicSteps(MachineLayout layout) {
        this.layout = layout;
        this.order = new SameQpOrder(layout.flags);
        this.failedRcasWrites = layout.flags.failedRcasWrites();
    }

    private static OpStage stage(MachineState s, MachineLayout.NicOp a) {
        return STAGES[s.status(a.id())];
    }

    /** Whether the operation is queued and complete (poll, wait and gf guards). */
    boolean queuedAndComplete(MachineState s, MachineLayout.NicOp a) {
        return s.status(a.id()) != NONE && order.complete(a.kind(), stage(s, a), a.inline());
    }

    /**
     * What the entries of {@code b}'s queue pair before it guarantee (operational.md §4): its earlier
     * operations in queue order (program order: the store buffer is FIFO), with the marker of the
     * last rfence between them and {@code b} after the ones it fences (those are a prefix).
     */
    private int earlier(MachineState s, MachineLayout.NicOp b) {
        int g = SameQpOrder.NOTHING_EARLIER;
        int[] earlier = b.earlier();
        int fenced = b.fenced().length;
        for (int i = 0; i < earlier.length; i++) {
            if (i == fenced && fenced > 0) {
                g = SameQpOrder.afterFence(g);
            }
            MachineLayout.NicOp a = layout.ops[earlier[i]];
            g = order.after(g, a.kind(), stage(s, a), a.inline());
        }
        return fenced > 0 && fenced == earlier.length ? SameQpOrder.afterFence(g) : g;
    }

    /** Whether the same-QP guard of {@code b}'s next step from status {@code st} holds. */
    private boolean allowed(MachineState s, MachineLayout.NicOp b, int st) {
        return order.enabled(earlier(s, b), b.kind(), STAGES[st], b.inline());
    }

    /** Whether {@code unit_c} is free: no operation of class {@code c} is LOCKED. */
    private boolean unitFree(MachineState s, int c) {
        for (MachineLayout.NicOp a : layout.ops) {
            if (a.raoClass() == c && s.status(a.id()) == LOCKED) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ transitions

    /** Adds the successor of every enabled NIC step of every queued operation. */
    void successors(MachineState s, List<long[]> out) {
        for (MachineLayout.NicOp b : layout.ops) {
            int st = s.status(b.id());
            if (st == NONE || st == DONE) {
                continue;
            }
            MachineState n = step(s, b, st);
            if (n != null) {
                out.add(n.s);
            }
        }
    }

    private int event(MachineLayout.NicOp b, int step) {
        return layout.structure.eventAt(b.thread(), b.instruction(), step);
    }

    /** The next step of {@code b} from status {@code st}, or null if its guard does not hold. */
    private MachineState step(MachineState s, MachineLayout.NicOp b, int st) {
        switch (b.kind()) {
            case PUT:
                if (!allowed(s, b, st)) {
                    return null;
                }
                // POSTED -> READ(v): NLR; READ(v) -> DONE: NRW (an inline put is queued as READ(v): RdmaMachine)
                return st == POSTED ? read(s, b, b.local(), READ) : write(s, b, 1, b.remote(), s.opValue(b.id(), 0), DONE, 0);
            case GET:
                if (!allowed(s, b, st)) {
                    return null;
                }
                // POSTED -> FETCHED(v): NRR; FETCHED(v) -> DONE: NLW
                return st == POSTED ? read(s, b, b.remote(), FETCHED) : write(s, b, 1, b.local(), s.opValue(b.id(), 0), DONE, 0);
            default:
                return rmwStep(s, b, st);
        }
    }

    private MachineState rmwStep(MachineState s, MachineLayout.NicOp b, int st) {
        if (!allowed(s, b, st)) {
            return null;
        }
        if (st == POSTED) {
            return unitFree(s, b.raoClass()) ? atomicRead(s, b) : null;
        }
        if (st == LOCKED) {
            long old = s.opValue(b.id(), 0);
            return write(s, b, 1, b.remote(), s.opValue(b.id(), 1), WRITTEN, old);
        }
        // WRITTEN(old) -> DONE: NLW (step 2 even without an NRW)
        return write(s, b, 2, b.local(), s.opValue(b.id(), 0), DONE, 0);
    }

    /** NLR or NRR: reads {@code M(x)} into the new status. */
    private MachineState read(MachineState s, MachineLayout.NicOp b, int x, int newStatus) {
        MachineState n = s.copy();
        long v = n.mem(x);
        n.emitRead(event(b, 0), n.lastWrite(x), v);
        n.setStatus(b.id(), newStatus, v, 0);
        return n;
    }

    /** NRW or NLW: writes {@code v} to {@code M(x)}; the new status keeps {@code keep} (WRITTEN(old)). */
    private MachineState write(MachineState s, MachineLayout.NicOp b, int step, int x, long v, int newStatus, long keep) {
        MachineState n = s.copy();
        n.setMem(x, v);
        n.emitWrite(event(b, step), x, v);
        n.setStatus(b.id(), newStatus, keep, 0);
        return n;
    }

    /** NAR: reads the target, decides whether the RMW writes, takes {@code unit} if it does. */
    private MachineState atomicRead(MachineState s, MachineLayout.NicOp b) {
        MachineState n = s.copy();
        long old = n.mem(b.remote());
        boolean writes;
        long newValue;
        if (b.instr() instanceof Instruction.RemoteFaa) {
            writes = true;
            newValue = old + n.itemData(b.item(), 0);
        } else {
            boolean success = old == n.itemData(b.item(), 0);
            writes = success || failedRcasWrites;
            newValue = success ? n.itemData(b.item(), 1) : old;
        }
        int nar = event(b, 0);
        n.emitRead(nar, n.lastWrite(b.remote()), old);
        n.emitRao(nar, b.raoClass());
        n.setItemData(b.item(), 0, 0);
        n.setItemData(b.item(), 1, 0);
        if (writes) {
            n.setStatus(b.id(), LOCKED, old, newValue);
        } else {
            n.setStatus(b.id(), WRITTEN, old, 0);
        }
        return n;
    }
}
