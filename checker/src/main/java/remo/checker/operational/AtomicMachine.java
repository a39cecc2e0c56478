package remo.checker.operational;

import java.util.ArrayList;
import java.util.List;
import remo.litmus.Instruction;

/**
 * The atomic machine of operational.md §9, for {@code rdma-sc-rmw} and {@code sc}: one transition
 * executes the next instruction of one thread completely, directly on memory. State: {@code M},
 * {@code pc_t}, {@code regs_t}, {@code polled_s} (the store-buffer and queue sections of the
 * layout stay empty). Events of an instruction are emitted at its transition in step order.
 */
final class AtomicMachine extends Machine {
    private final boolean failedRcasWrites;

    AtomicMachine(MachineLayout layout) {
        super(layout);
        this.failedRcasWrites = layout.flags.failedRcasWrites();
    }

    @Override
    List<long[]> successors(long[] state) {
        MachineState s = new MachineState(layout, state);
        List<long[]> out = new ArrayList<>();
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            addCpuSuccessor(s, plan, out);
        }
        return out;
    }

    /** Final iff every thread has terminated. */
    @Override
    boolean isFinal(long[] state) {
        MachineState s = new MachineState(layout, state);
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            if (!s.terminated(plan.index)) {
                return false;
            }
        }
        return true;
    }

    private int loc(String name) {
        return layout.structure.locationIndex(name);
    }

    private int event(int t, int i, int step) {
        return layout.structure.eventAt(t, i, step);
    }

    /** Reads {@code M(x)} as event {@code (t, i, step)}. */
    private static long read(MachineState n, int e, int x) {
        long v = n.mem(x);
        n.emitRead(e, n.lastWrite(x), v);
        return v;
    }

    private static void write(MachineState n, int e, int x, long v) {
        n.setMem(x, v);
        n.emitWrite(e, x, v);
    }

    /** The whole instruction {@code i} of thread {@code t}, or null if its guard does not hold. */
    @Override
    MachineState cpuStep(MachineState s, int t, int i, Instruction ins) {
        MachineState n = s.copy();
        if (ins instanceof Instruction.Load ld) {
            n.setReg(t, ld.destination().name(), read(n, event(t, i, 0), loc(ld.source().name())));
        } else if (ins instanceof Instruction.Store st) {
            write(n, event(t, i, 0), loc(st.destination().name()), n.operand(t, st.value()));
        } else if (ins instanceof Instruction.Assign as) {
            CpuSemantics.assign(n, t, as);
        } else if (ins instanceof Instruction.RegisterSwap sw) {
            CpuSemantics.swap(n, t, sw);
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            CpuSemantics.lockedRmw(n, t, i, rmw);
        } else if (ins instanceof Instruction.Assume as) {
            return as.condition().eval(r -> s.operand(t, r)) ? n : null;
        } else if (ins instanceof Instruction.Await aw) {
            long v = read(n, event(t, i, 0), loc(aw.location().name()));
            return v == n.operand(t, aw.expected()) ? n : null;
        } else if (ins instanceof Instruction.Put put) {
            long v = read(n, event(t, i, 0), loc(put.source().name()));
            write(n, event(t, i, 1), loc(put.remote().name()), v);
        } else if (ins instanceof Instruction.Get get) {
            long v = read(n, event(t, i, 0), loc(get.remote().name()));
            write(n, event(t, i, 1), loc(get.destination().name()), v);
        } else if (ins instanceof Instruction.RemoteCas rc) {
            long expected = n.operand(t, rc.expected());
            long old = remoteRead(n, t, i, rc);
            if (old == expected) {
                write(n, event(t, i, 1), loc(rc.remote().name()), n.operand(t, rc.newValue()));
            } else if (failedRcasWrites) {
                write(n, event(t, i, 1), loc(rc.remote().name()), old);
            }
            write(n, event(t, i, 2), loc(rc.result().name()), old);
        } else if (ins instanceof Instruction.RemoteFaa rf) {
            long old = remoteRead(n, t, i, rf);
            write(n, event(t, i, 1), loc(rf.remote().name()), old + n.operand(t, rf.addend()));
            write(n, event(t, i, 2), loc(rf.result().name()), old);
        } else if (ins instanceof Instruction.Poll) {
            return poll(n, t, i) ? n : null;
        } else if (!(ins instanceof Instruction.MFence || ins instanceof Instruction.RFence
                || ins instanceof Instruction.Wait || ins instanceof Instruction.GlobalFence)) {
            throw new UnsupportedOperationException("atomic machine: no transition for '" + ins + "'");
        }
        return n;
    }

    /** The {@code NAR} of a remote RMW: reads the target and takes its place in {@code rao}. */
    private long remoteRead(MachineState n, int t, int i, Instruction.NicOperation op) {
        int nar = event(t, i, 0);
        long old = read(n, nar, loc(op.remote().name()));
        n.emitRao(nar, layout.ops[opIndex(t, i)].raoClass());
        return old;
    }

    private int opIndex(int t, int i) {
        return layout.items[layout.threads[t].itemOf[i]].op();
    }

    /** Poll guard of operational.md §9: the {@code (polled_s + 1)}-th operation of the scope exists and is po-before. */
    private boolean poll(MachineState n, int t, int i) {
        int scope = layout.threads[t].pollScope[i];
        long k = n.polled(scope);
        int[] candidates = layout.scopeOps[scope];
        if (k >= candidates.length || layout.ops[candidates[(int) k]].instruction() >= i) {
            return false;
        }
        n.incrementPolled(scope);
        return true;
    }
}
