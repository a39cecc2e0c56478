package remo.checker;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.litmus.BinOp;
import remo.litmus.Instruction;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.ThreadCode;

/**
 * Computes the values of a candidate's events from its reads-from choice (models.md §4.2):
 * values flow along {@code rf}, the value equations of §2.2 and register data flow, evaluated in
 * dependency order. A cyclic dependency (a value depending on itself) or a read from a write that
 * does not exist makes the candidate ill-formed. A guarded instruction of unrolled x86 code runs
 * iff its guard holds on the registers at its place (otherwise its events do not exist), and an
 * execution that reaches a {@code Cutoff} is marked cut (discarded by the checker).
 *
 * <p>One solver per event structure; {@link #solve} may be called repeatedly (not thread-safe).
 */
final class ValueSolver {

    /** The values of one well-formed candidate. */
    static final class Values {
        final long[] value;
        final boolean[] exists;
        final List<Map<String, Long>> registers;
        final boolean blocked;
        /** Per thread, the index of the first instruction at which it blocks, or -1. */
        final int[] blockedAt;
        /** The Cutoff instruction the execution reached (the unrolling bound), or null. */
        final Instruction.Cutoff cutoff;

        Values(long[] value, boolean[] exists, List<Map<String, Long>> registers, boolean blocked, int[] blockedAt,
               Instruction.Cutoff cutoff) {
            this.value = value;
            this.exists = exists;
            this.registers = registers;
            this.blocked = blocked;
            this.blockedAt = blockedAt;
            this.cutoff = cutoff;
        }
    }

    private static final class Cycle extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cycle() {
            super(null, null, false, false);
        }
    }

    private static final Cycle CYCLE = new Cycle();

    private final EventStructure structure;
    private final Program program;
    private final boolean failedRcasWrites;
    private final int size;
    // per-solve state
    private int[] rf;
    private long[] value;
    private byte[] state;
    private boolean[] exists;
    private int[] cursor;
    private boolean[] advancing;
    private List<Map<String, Long>> regs;
    private long[] operandA;
    private long[] operandB;
    private boolean blocked;
    private int[] blockedAt;
    private Instruction.Cutoff cutoff;

    ValueSolver(EventStructure structure) {
        this.structure = structure;
        this.program = structure.program();
        this.failedRcasWrites = structure.flags().failedRcasWrites();
        this.size = structure.size();
    }

    /**
     * Solves the value equations.
     *
     * @param rfSource for every read event its source write, -1 for other events
     * @return the values, or {@code null} if the candidate is ill-formed
     */
    Values solve(int[] rfSource) {
        rf = rfSource;
        value = new long[size];
        state = new byte[size];
        exists = new boolean[size];
        operandA = new long[size];
        operandB = new long[size];
        int threads = program.threads().size();
        cursor = new int[threads];
        advancing = new boolean[threads];
        regs = new java.util.ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            regs.add(new LinkedHashMap<>());
        }
        for (RegisterInit init : program.registerInits()) {
            if (init.thread() < threads) {
                regs.get(init.thread()).put(init.register().name(), init.value());
            }
        }
        blocked = false;
        cutoff = null;
        blockedAt = new int[threads];
        java.util.Arrays.fill(blockedAt, -1);
        for (int e = 0; e < size; e++) {
            Event ev = structure.event(e);
            exists[e] = !ev.conditional();
        }
        try {
            for (int t = 0; t < threads; t++) {
                ensureThread(t, program.thread(t).size() - 1);
            }
            for (int e = 0; e < size; e++) {
                valueOf(e);
            }
        } catch (Cycle c) {
            return null;
        }
        for (int e = 0; e < size; e++) {
            int src = rfSource[e];
            if (src >= 0 && exists[e] && !exists[src]) {
                return null;
            }
        }
        return new Values(value, exists, regs, blocked, blockedAt, cutoff);
    }

    private long valueOf(int e) {
        if (state[e] == 2) {
            return value[e];
        }
        if (state[e] == 1) {
            throw CYCLE;
        }
        Event ev = structure.event(e);
        switch (ev.kind()) {
            case IW:
                set(e, program.locations().get(ev.location()).initial());
                return value[e];
            case R:
            case W:
                ensureThread(ev.thread(), ev.instruction());
                if (state[e] != 2) {
                    throw CYCLE;
                }
                return value[e];
            case NLR:
            case NRR:
            case NAR: {
                state[e] = 1;
                long v = valueOf(rf[e]);
                set(e, v);
                return v;
            }
            case NRW:
            case NLW: {
                int first = structure.firstEvent(ev.thread(), ev.instruction());
                state[e] = 1;
                if (ev.kind() == EventLabel.NRW && ev.op() != OpKind.PUT) {
                    // an rcas/rfaa write: its operands are fixed when the instruction is issued
                    ensureThread(ev.thread(), ev.instruction());
                    resolveRmw(first, valueOf(first));
                } else {
                    set(e, valueOf(first));
                }
                return value[e];
            }
            default:
                set(e, 0);
                return 0;
        }
    }

    private void set(int e, long v) {
        value[e] = v;
        state[e] = 2;
    }

    /** Values and existence of an rcas/rfaa's NRW once its NAR value is known. */
    private void resolveRmw(int nar, long old) {
        Event ev = structure.event(nar);
        int nrw = nar + 1;
        if (ev.op() == OpKind.RFAA) {
            set(nrw, old + operandA[nar]);
        } else {
            boolean success = old == operandA[nar];
            exists[nrw] = success || failedRcasWrites;
            set(nrw, success ? operandB[nar] : old);
        }
    }

    private void ensureThread(int t, int upTo) {
        if (cursor[t] > upTo) {
            return;
        }
        if (advancing[t]) {
            throw CYCLE;
        }
        advancing[t] = true;
        try {
            ThreadCode code = program.thread(t);
            while (cursor[t] <= upTo) {
                execute(t, cursor[t], code.instructions().get(cursor[t]));
                cursor[t]++;
            }
        } finally {
            advancing[t] = false;
        }
    }

    private long operand(int t, Operand o) {
        if (o instanceof Operand.Constant c) {
            return c.value();
        }
        Long v = regs.get(t).get(((Register) o).name());
        return v == null ? 0 : v;
    }

    private void execute(int t, int i, Instruction ins) {
        Map<String, Long> r = regs.get(t);
        int first = structure.firstEvent(t, i);
        if (ins instanceof Instruction.Guarded g) {
            if (g.guard().eval(reg -> operand(t, reg))) {
                for (int k = 0; first >= 0 && k < structure.eventCount(t, i); k++) {
                    exists[first + k] = true; // a read-modify-write decides its write's existence itself
                }
                execute(t, i, g.body());
            } else {
                for (int k = 0; first >= 0 && k < structure.eventCount(t, i); k++) {
                    exists[first + k] = false;
                    set(first + k, 0);
                }
            }
        } else if (ins instanceof Instruction.Cutoff c) {
            if (cutoff == null) {
                cutoff = c;
            }
        } else if (ins instanceof Instruction.PlainRmw rmw) {
            rmw(t, first, rmw.kind(), rmw.result(), rmw.first(), rmw.second());
        } else if (ins instanceof Instruction.Load ld) {
            long v = valueOf(rf[first]);
            set(first, v);
            r.put(ld.destination().name(), v);
        } else if (ins instanceof Instruction.Store st) {
            set(first, operand(t, st.value()));
        } else if (ins instanceof Instruction.Assign as) {
            long a = operand(t, as.left());
            long v = as.op() == null ? a : as.op().apply(a, operand(t, as.right()));
            r.put(as.destination().name(), v);
        } else if (ins instanceof Instruction.RegisterSwap sw) {
            long a = operand(t, sw.first());
            long b = operand(t, sw.second());
            r.put(sw.first().name(), b);
            r.put(sw.second().name(), a);
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            rmw(t, first, rmw.kind(), rmw.result(), rmw.first(), rmw.second());
        } else if (ins instanceof Instruction.Assume as) {
            if (!as.condition().eval(reg -> operand(t, reg))) {
                block(t, i);
            }
        } else if (ins instanceof Instruction.Await aw) {
            long v = valueOf(rf[first]);
            set(first, v);
            if (v != operand(t, aw.expected())) {
                block(t, i);
            }
        } else if (ins instanceof Instruction.RemoteCas rc) {
            operandA[first] = operand(t, rc.expected());
            operandB[first] = operand(t, rc.newValue());
        } else if (ins instanceof Instruction.RemoteFaa rf2) {
            operandA[first] = operand(t, rf2.addend());
        } else if (first >= 0 && !(ins instanceof Instruction.NicOperation)) {
            set(first, 0); // fences, polls, waits: no value
        }
    }

    /** A read-modify-write (locked or not): the read, then the write iff the kind writes. */
    private void rmw(int t, int first, Instruction.RmwKind kind, Register result, Operand firstOperand, Operand second) {
        long old = valueOf(rf[first]);
        set(first, old);
        long a = operand(t, firstOperand);
        exists[first + 1] = kind.writes(old, a);
        set(first + 1, kind.written(old, a, second == null ? 0 : operand(t, second)));
        if (result != null) {
            regs.get(t).put(result.name(), old);
        }
    }

    private void block(int t, int i) {
        blocked = true;
        if (blockedAt[t] < 0) {
            blockedAt[t] = i;
        }
    }



}
