package remo.checker.operational;

import java.util.List;
import remo.litmus.Instruction;

/**
 * A transition system over states laid out by a {@link MachineLayout}: the RDMA machine
 * (operational.md §1–§6) or the atomic machine (operational.md §9). Both take CPU steps alike —
 * each thread that has not terminated executes its next instruction — and differ in what one
 * instruction does and in the other transitions (store-buffer flushes, NIC steps).
 */
abstract class Machine {
    /** The layout of the machine's states. */
    final MachineLayout layout;

    Machine(MachineLayout layout) {
        this.layout = layout;
    }

    /** The layout of the machine's states. */
    final MachineLayout layout() {
        return layout;
    }

    /** The initial state (operational.md §1). */
    final long[] initialState() {
        return layout.initialState();
    }

    /**
     * Every state reachable by one enabled transition. Each returned array is fresh; {@code state}
     * is not modified. An empty list for a state that is not final means the state is stuck.
     */
    abstract List<long[]> successors(long[] state);

    /** Whether {@code state} is final (operational.md §5, §9). */
    abstract boolean isFinal(long[] state);

    /**
     * The state after thread {@code t} executes instruction {@code ins} at {@code pc}, before its
     * program counter advances, or {@code null} where the instruction is not enabled in {@code s}.
     */
    abstract MachineState cpuStep(MachineState s, int t, int pc, Instruction ins);

    /**
     * Adds to {@code out} the state after the CPU step of {@code plan}'s thread, when the thread has
     * not terminated and its next instruction is enabled (operational.md §3).
     */
    final void addCpuSuccessor(MachineState s, MachineLayout.ThreadPlan plan, List<long[]> out) {
        int t = plan.index;
        if (!s.terminated(t)) {
            MachineState n = cpuStep(s, t, s.pc(t), plan.code.instructions().get(s.pc(t)));
            if (n != null) {
                n.advance(t);
                out.add(n.s);
            }
        }
    }
}
