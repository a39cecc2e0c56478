package remo.checker.operational;

import java.util.ArrayList;
import java.util.List;
import remo.core.rdma.PollMatching;
import remo.litmus.Instruction;

/**
 * The RDMA machine of operational.md §1–§6, for {@code rdma-tso}, {@code rdma-tso-rmw},
 * {@code rdma-wait-rmw} and (on CPU-only programs) {@code tso}: CPU transitions (operational.md §2) in program
 * order per thread, FIFO store buffers holding stores, posted operations and rfence markers (operational.md §3),
 * and the NIC transitions of {@link NicSteps} (operational.md §4).
 */
final class RdmaMachine extends Machine {
    private final NicSteps nic;

    RdmaMachine(MachineLayout layout) {
        super(layout);
        this.nic = new NicSteps(layout);
    }

    @Override
    List<long[]> successors(long[] state) {
        MachineState s = new MachineState(layout, state);
        List<long[]> out = new ArrayList<>();
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            addCpuSuccessor(s, plan, out);
            if (!s.bufferEmpty(plan.index)) {
                out.add(flush(s, plan.index).s);
            }
        }
        nic.successors(s, out);
        return out;
    }

    /** operational.md §5: every thread terminated, every store buffer empty, every operation DONE. */
    @Override
    boolean isFinal(long[] state) {
        MachineState s = new MachineState(layout, state);
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            if (!s.terminated(plan.index) || !s.bufferEmpty(plan.index)) {
                return false;
            }
        }
        for (MachineLayout.NicOp op : layout.ops) {
            if (s.status(op.id()) != MachineLayout.DONE) {
                return false;
            }
        }
        return true;
    }

    /** operational.md §3: the head entry of {@code SB_t} leaves the buffer. */
    private MachineState flush(MachineState s, int t) {
        MachineState n = s.copy();
        int item = n.flushed(t);
        MachineLayout.Item it = layout.items[item];
        switch (it.kind()) {
            case STORE -> {
                long v = n.itemData(item, 0);
                n.setMem(it.location(), v);
                n.emitWrite(it.event(), it.location(), v);
                n.setItemData(item, 0, 0);
            }
            case POST -> {
                if (layout.ops[it.op()].inline()) {
                    // operational.md §3: an inline put enters its queue pair as READ(v), v read at posting
                    n.setStatus(it.op(), MachineLayout.READ, n.itemData(item, 0), 0);
                    n.setItemData(item, 0, 0);
                } else {
                    n.setStatus(it.op(), MachineLayout.POSTED, 0, 0);
                }
            }
            case FENCE -> {
                // the marker is implicit: a flushed rfence lies in Q_q between the operations around it
            }
            default -> throw new AssertionError(it.kind());
        }
        n.popBuffer(t);
        return n;
    }

    /**
     * operational.md §2: executes instruction {@code i} of thread {@code t} if its guard holds.
     *
     * @return the successor before {@code pc_t} is advanced, or null if the guard does not hold
     */
    @Override
    MachineState cpuStep(MachineState s, int t, int i, Instruction ins) {
        if (ins instanceof Instruction.Load ld) {
            MachineState n = s.copy();
            n.setReg(t, ld.destination().name(), load(n, t, i, ld.source().name()));
            return n;
        }
        if (ins instanceof Instruction.Store st) {
            MachineState n = s.copy();
            n.setItemData(layout.threads[t].itemOf[i], 0, n.operand(t, st.value()));
            return n;
        }
        if (ins instanceof Instruction.Assign as) {
            MachineState n = s.copy();
            CpuSemantics.assign(n, t, as);
            return n;
        }
        if (ins instanceof Instruction.RegisterSwap sw) {
            MachineState n = s.copy();
            CpuSemantics.swap(n, t, sw);
            return n;
        }
        if (ins instanceof Instruction.MFence) {
            return s.bufferEmpty(t) ? s.copy() : null;
        }
        if (ins instanceof Instruction.LockedRmw rmw) {
            if (!s.bufferEmpty(t)) {
                return null;
            }
            MachineState n = s.copy();
            CpuSemantics.lockedRmw(n, t, i, rmw);
            return n;
        }
        if (ins instanceof Instruction.Assume as) {
            return as.condition().eval(r -> s.operand(t, r)) ? s.copy() : null;
        }
        if (ins instanceof Instruction.Await aw) {
            MachineState n = s.copy();
            long v = load(n, t, i, aw.location().name());
            return v == s.operand(t, aw.expected()) ? n : null;
        }
        if (ins instanceof Instruction.NicOperation op) {
            return post(s, t, i, op);
        }
        if (ins instanceof Instruction.RFence) {
            return s.copy();
        }
        if (ins instanceof Instruction.Poll) {
            return poll(s, t, i);
        }
        if (ins instanceof Instruction.Wait || ins instanceof Instruction.GlobalFence) {
            for (int op : layout.threads[t].syncOps[i]) {
                if (!nic.queuedAndComplete(s, layout.ops[op])) {
                    return null;
                }
            }
            return s.copy();
        }
        throw new UnsupportedOperationException("RDMA machine: no transition for '" + ins + "'");
    }

    /** {@code read_t(x)}: the newest buffered store to {@code x}, else {@code M(x)}; emits the {@code R}. */
    private long load(MachineState n, int t, int i, String location) {
        int x = layout.structure.locationIndex(location);
        int item = n.newestBufferedStore(t, x);
        long v = item >= 0 ? n.itemData(item, 0) : n.mem(x);
        int source = item >= 0 ? layout.items[item].event() : n.lastWrite(x);
        n.emitRead(layout.structure.eventAt(t, i, 0), source, v);
        return v;
    }

    /**
     * Issues a NIC operation: its operands are evaluated now and recorded with its {@code Post} entry
     * (for an inline put, the value of its source).
     */
    private MachineState post(MachineState s, int t, int i, Instruction.NicOperation op) {
        MachineState n = s.copy();
        int item = layout.threads[t].itemOf[i];
        if (op instanceof Instruction.RemoteCas rc) {
            n.setItemData(item, 0, n.operand(t, rc.expected()));
            n.setItemData(item, 1, n.operand(t, rc.newValue()));
        } else if (op instanceof Instruction.RemoteFaa rf) {
            n.setItemData(item, 0, n.operand(t, rf.addend()));
        } else if (op instanceof Instruction.Put put && put.inline()) {
            // operational.md §2: the CPU reads an inline put's source now, as a load does (read_t), and
            // emits its NLR; the value travels with the Post entry
            n.setItemData(item, 0, load(n, t, i, put.source().name()));
        }
        return n;
    }

    /**
     * {@code poll}: enabled iff the {@code (polled_s + 1)}-th signalled operation of its scope exists,
     * is po-before the poll, queued and complete, and so are the unsignalled operations of its queue
     * pair before it (POLL_SCOPE decides the scope, models.md §3.1).
     */
    private MachineState poll(MachineState s, int t, int i) {
        int scope = layout.threads[t].pollScope[i];
        long k = s.polled(scope);
        int[] candidates = layout.scopeOps[scope];
        if (k >= candidates.length) {
            return null;
        }
        MachineLayout.NicOp op = layout.ops[candidates[(int) k]];
        if (op.instruction() >= i || !nic.queuedAndComplete(s, op)) {
            return null;
        }
        for (int a : op.earlier()) {
            MachineLayout.NicOp u = layout.ops[a];
            // the unsignalled operations of its queue pair before it complete first (models.md §3.1)
            if (PollMatching.retiredWith(layout.structure.queuePair(op.qp()), op.instruction(),
                    layout.structure.queuePair(u.qp()), u.instruction(), u.instr().signaled())
                    && !nic.queuedAndComplete(s, u)) {
                return null;
            }
        }
        MachineState n = s.copy();
        n.incrementPolled(scope);
        return n;
    }
}
