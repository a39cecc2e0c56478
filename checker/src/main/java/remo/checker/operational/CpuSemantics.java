package remo.checker.operational;

import remo.litmus.Instruction;

/**
 * The effect of the instructions both machines execute the same way, in one transition: register
 * arithmetic and the locked CPU read-modify-writes (operational.md §2 and §9). Guards are checked
 * by the machines.
 */
final class CpuSemantics {

    private CpuSemantics() {
    }

    /** {@code r = a} or {@code r = a op b}. */
    static void assign(MachineState n, int t, Instruction.Assign as) {
        long a = n.operand(t, as.left());
        long v = as.op() == null ? a : as.op().apply(a, n.operand(t, as.right()));
        n.setReg(t, as.destination().name(), v);
    }

    /** x86 {@code XCHG} between registers. */
    static void swap(MachineState n, int t, Instruction.RegisterSwap sw) {
        long a = n.reg(t, sw.first().name());
        long b = n.reg(t, sw.second().name());
        n.setReg(t, sw.first().name(), b);
        n.setReg(t, sw.second().name(), a);
    }

    /**
     * A locked RMW at instruction {@code i} of thread {@code t}, on memory: {@code old := M(x)};
     * the result register gets {@code old}; {@code cas} writes iff {@code old} equals the expected
     * value, {@code faa} writes {@code old + k}, {@code xchg} writes its operand. Emits the locked
     * {@code R} (step 0, rf from {@code lw(x)}) and, if written, the locked {@code W} (step 1).
     */
    static void lockedRmw(MachineState n, int t, int i, Instruction.LockedRmw rmw) {
        int x = n.layout.structure.locationIndex(rmw.location().name());
        long old = n.mem(x);
        long a = n.operand(t, rmw.first());
        boolean writes = rmw.kind().writes(old, a);
        long written = rmw.kind().written(old, a, rmw.second() == null ? 0 : n.operand(t, rmw.second()));
        n.emitRead(n.layout.structure.eventAt(t, i, 0), n.lastWrite(x), old);
        if (writes) {
            n.setMem(x, written);
            n.emitWrite(n.layout.structure.eventAt(t, i, 1), x, written);
        }
        if (rmw.result() != null) {
            n.setReg(t, rmw.result().name(), old);
        }
    }
}
