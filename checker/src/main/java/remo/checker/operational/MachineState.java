package remo.checker.operational;

import java.util.HashMap;
import java.util.Map;
import remo.checker.FinalState;
import remo.litmus.Operand;
import remo.litmus.Register;
import remo.litmus.StateItem;

/**
 * A view of one machine state (a {@code long[]} laid out by {@link MachineLayout}) with the
 * accessors the transitions need. A successor is built by {@link #copy()} and then mutated; the
 * array of a state that has been handed to the search is never changed again.
 *
 * <p>When the layout records the graph, the {@code emit…} methods append to the partial graph of
 * operational.md §6.2 ({@code rf} sources, {@code co} positions, {@code rao} positions, values) and
 * maintain {@code lw(x)}; otherwise they do nothing, and {@code lw} is not tracked (it only serves
 * event emission).
 */
final class MachineState {
    final MachineLayout layout;
    final long[] s;

    MachineState(MachineLayout layout, long[] s) {
        this.layout = layout;
        this.s = s;
    }

    /** A mutable copy. */
    MachineState copy() {
        return new MachineState(layout, s.clone());
    }

    // ------------------------------------------------------------------ memory, pc, registers

    long mem(int x) {
        return s[layout.memBase + x];
    }

    void setMem(int x, long v) {
        s[layout.memBase + x] = v;
    }

    int pc(int t) {
        return (int) s[layout.pcBase + t];
    }

    /** Whether thread {@code t} has terminated ({@code pc_t} = its length). */
    boolean terminated(int t) {
        return pc(t) == layout.threads[t].code.size();
    }

    void advance(int t) {
        s[layout.pcBase + t]++;
    }

    long reg(int t, String name) {
        return s[layout.regBase + layout.threads[t].registers.get(name)];
    }

    void setReg(int t, String name, long v) {
        s[layout.regBase + layout.threads[t].registers.get(name)] = v;
    }

    /** {@code val(e)} in {@code regs_t}. */
    long operand(int t, Operand o) {
        return o instanceof Operand.Constant c ? c.value() : reg(t, ((Register) o).name());
    }

    // ------------------------------------------------------------------ store buffer

    /** Global index of the head entry of {@code SB_t} (equals {@link #issued} when empty). */
    int flushed(int t) {
        return (int) s[layout.flushedBase + t];
    }

    void popBuffer(int t) {
        s[layout.flushedBase + t]++;
    }

    /** Global index one past the last entry of {@code SB_t}. */
    int issued(int t) {
        return layout.threads[t].issuedAt[pc(t)];
    }

    boolean bufferEmpty(int t) {
        return flushed(t) == issued(t);
    }

    long itemData(int item, int k) {
        return s[layout.itemBase + 2 * item + k];
    }

    void setItemData(int item, int k, long v) {
        s[layout.itemBase + 2 * item + k] = v;
    }

    /** The newest {@code St(x, ·, ·)} entry of {@code SB_t}, or -1 (store forwarding, operational.md §2 {@code read_t}). */
    int newestBufferedStore(int t, int x) {
        for (int item = issued(t) - 1; item >= flushed(t); item--) {
            MachineLayout.Item it = layout.items[item];
            if (it.kind() == MachineLayout.ItemKind.STORE && it.location() == x) {
                return item;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ NIC operations, polls

    int status(int op) {
        return (int) s[layout.opBase + 3 * op];
    }

    long opValue(int op, int k) {
        return s[layout.opBase + 3 * op + 1 + k];
    }

    void setStatus(int op, int status, long v0, long v1) {
        int at = layout.opBase + 3 * op;
        s[at] = status;
        s[at + 1] = v0;
        s[at + 2] = v1;
    }

    long polled(int scope) {
        return s[layout.polledBase + scope];
    }

    void incrementPolled(int scope) {
        s[layout.polledBase + scope]++;
    }

    // ------------------------------------------------------------------ graph emission

    /** {@code lw(x)}: the event that last wrote {@code M(x)}; -1 when the graph is not recorded. */
    int lastWrite(int x) {
        return layout.recordsGraph ? (int) s[layout.lwBase + x] : -1;
    }

    /** Emits read event {@code e} with value {@code v} and its rf source. */
    void emitRead(int e, int source, long v) {
        if (layout.recordsGraph) {
            s[layout.valBase + e] = v;
            s[layout.relBase + e] = source + 1L;
        }
    }

    /** Emits write event {@code e} of {@code v} to {@code x}: appended to {@code co(x)}, {@code lw(x) := e}. */
    void emitWrite(int e, int x, long v) {
        if (layout.recordsGraph) {
            s[layout.valBase + e] = v;
            long pos = ++s[layout.coLenBase + x];
            s[layout.relBase + e] = pos;
            s[layout.lwBase + x] = e;
        }
    }

    /** Appends the {@code NAR} event {@code e} to {@code rao} of class {@code c}. */
    void emitRao(int e, int c) {
        if (layout.recordsGraph) {
            s[layout.raoBase + e] = ++s[layout.raoLenBase + c];
        }
    }

    // ------------------------------------------------------------------ final state

    /**
     * The final state (operational.md §5): {@code M} on every declared location and every thread's
     * registers that it assigns or initialises.
     */
    FinalState finalState() {
        Map<StateItem, Long> m = new HashMap<>();
        for (int x = 0; x < layout.locations; x++) {
            m.put(new StateItem.LocationItem(layout.program.locations().get(x).name()), mem(x));
        }
        for (MachineLayout.ThreadPlan plan : layout.threads) {
            for (String r : plan.finalRegisters) {
                m.put(new StateItem.RegisterItem(plan.index, r), reg(plan.index, r));
            }
        }
        return new FinalState(m);
    }
}
