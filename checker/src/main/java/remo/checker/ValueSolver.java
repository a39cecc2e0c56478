package remo.checker;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.litmus.BinOp;
import remo.litmus.BoolExpr;
import remo.litmus.Flag;
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
 * does not exist makes the candidate ill-formed.
 *
 * <p>{@link #solvePartial} solves the same equations while some reads have no source yet: every
 * value that depends on such a read is unknown, and so is the existence of a conditional write
 * whose rmw read has an unknown value (the exploration of {@code remo.checker.explore} uses it to
 * learn values and existence as early as its choices fix them).
 *
 * <p>One solver per event structure; {@link #solve} may be called repeatedly (not thread-safe).
 */
public final class ValueSolver {

    /** The values of one well-formed candidate. */
    public static final class Values {
        final long[] value;
        final boolean[] exists;
        final List<Map<String, Long>> registers;
        final boolean blocked;
        /** Per thread, the index of the first instruction at which it blocks, or -1. */
        final int[] blockedAt;

        Values(long[] value, boolean[] exists, List<Map<String, Long>> registers, boolean blocked, int[] blockedAt) {
            this.value = value;
            this.exists = exists;
            this.registers = registers;
            this.blocked = blocked;
            this.blockedAt = blockedAt;
        }
    }

    private static final class Cycle extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Cycle() {
            super(null, null, false, false);
        }
    }

    private static final Cycle CYCLE = new Cycle();

    /**
     * What a partial reads-from choice fixes (see {@link #solvePartial}).
     *
     * @param value     per event its value, meaningful where {@code known}
     * @param known     per event whether its value is fixed by the choices made
     * @param existence per event 1 if it surely exists, 0 if it surely does not, -1 if unknown (a
     *                  conditional write whose rmw read's value or operand is unknown)
     * @param blocked   whether every completion is blocked (models.md §9.3): an {@code assume}
     *                  whose condition is false, or an {@code await} that reads another value, on
     *                  values already fixed
     * @param open      whether some {@code assume} or {@code await} depends on values not fixed yet
     *                  (if neither this nor {@code blocked}, no completion blocks at one)
     */
    public record PartialValues(long[] value, boolean[] known, byte[] existence, boolean blocked, boolean open) {
    }

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
    // unknown values in partial mode (all false in a complete solve)
    private boolean[] unknown;
    private boolean[] unknownExistence;
    private boolean[] unknownA;
    private boolean[] unknownB;
    private List<Set<String>> unknownRegs;
    private boolean surelyBlocked;
    private boolean openBlocking;
    private boolean readUnknown;

    /** A solver for the candidates of {@code structure}. */
    public ValueSolver(EventStructure structure) {
        this.structure = structure;
        this.program = structure.program();
        this.failedRcasWrites = structure.flags().is(Flag.FAILED_RCAS_WRITES, "YES");
        this.size = structure.size();
    }

    /**
     * Solves the value equations.
     *
     * @param rfSource for every read event its source write, -1 for other events
     * @return the values, or {@code null} if the candidate is ill-formed
     */
    public Values solve(int[] rfSource) {
        return run(rfSource) ? new Values(value, exists, regs, blocked, blockedAt) : null;
    }

    /**
     * Solves the value equations for a partial reads-from choice.
     *
     * @param rfSource for every read event its source write, or -1 if it has none yet; -1 for
     *                 other events
     * @return the values fixed so far, or {@code null} if every completion is ill-formed: the
     *         chosen sources already make a value depend on itself, or a read's chosen source
     *         surely does not exist
     */
    public PartialValues solvePartial(int[] rfSource) {
        if (!run(rfSource)) {
            return null;
        }
        byte[] existence = new byte[size];
        boolean[] known = new boolean[size];
        for (int e = 0; e < size; e++) {
            existence[e] = unknownExistence[e] ? -1 : (byte) (exists[e] ? 1 : 0);
            known[e] = !unknown[e];
        }
        return new PartialValues(value, known, existence, surelyBlocked, openBlocking);
    }

    private boolean run(int[] rfSource) {
        rf = rfSource;
        value = new long[size];
        state = new byte[size];
        exists = new boolean[size];
        operandA = new long[size];
        operandB = new long[size];
        unknown = new boolean[size];
        unknownExistence = new boolean[size];
        unknownA = new boolean[size];
        unknownB = new boolean[size];
        int threads = program.threads().size();
        cursor = new int[threads];
        advancing = new boolean[threads];
        regs = new java.util.ArrayList<>(threads);
        unknownRegs = new java.util.ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            regs.add(new LinkedHashMap<>());
            unknownRegs.add(new HashSet<>());
        }
        for (RegisterInit init : program.registerInits()) {
            if (init.thread() < threads) {
                regs.get(init.thread()).put(init.register().name(), init.value());
            }
        }
        blocked = false;
        surelyBlocked = false;
        openBlocking = false;
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
            return false;
        }
        for (int e = 0; e < size; e++) {
            int src = rfSource[e];
            if (src >= 0 && !exists[src] && !unknownExistence[src]) {
                return false;
            }
        }
        return true;
    }

    /** The value of the source of read {@code e}; unknown (and 0) if it has none yet. */
    private long source(int e) {
        int src = rf[e];
        if (src < 0) {
            unknown[e] = true;
            return 0;
        }
        long v = valueOf(src);
        unknown[e] = unknown[src];
        return v;
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
                long v = source(e);
                set(e, v);
                return v;
            }
            case NRW:
            case NLW: {
                int first = structure.firstEvent(ev.thread(), ev.instruction());
                state[e] = 1;
                if (ev.kind() == EventKind.NRW && ev.op() != NicOpKind.PUT) {
                    // an rcas/rfaa write: its operands are fixed when the instruction is issued
                    ensureThread(ev.thread(), ev.instruction());
                    resolveRmw(first, valueOf(first));
                } else {
                    set(e, valueOf(first));
                    unknown[e] = unknown[first];
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
        boolean oldUnknown = unknown[nar];
        if (ev.op() == NicOpKind.RFAA) {
            set(nrw, old + operandA[nar]);
            unknown[nrw] = oldUnknown || unknownA[nar];
        } else {
            boolean success = old == operandA[nar];
            exists[nrw] = success || failedRcasWrites;
            unknownExistence[nrw] = !failedRcasWrites && (oldUnknown || unknownA[nar]);
            set(nrw, success ? operandB[nar] : old);
            unknown[nrw] = oldUnknown || unknownA[nar] || (success ? unknownB[nar] : false);
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

    private boolean unknownOperand(int t, Operand o) {
        return o instanceof Register reg && unknownRegs.get(t).contains(reg.name());
    }

    private void assign(int t, String register, long v, boolean isUnknown) {
        regs.get(t).put(register, v);
        if (isUnknown) {
            unknownRegs.get(t).add(register);
        } else {
            unknownRegs.get(t).remove(register);
        }
    }

    private void execute(int t, int i, Instruction ins) {
        int first = structure.firstEvent(t, i);
        if (ins instanceof Instruction.Load ld) {
            long v = source(first);
            set(first, v);
            assign(t, ld.destination().name(), v, unknown[first]);
        } else if (ins instanceof Instruction.Store st) {
            set(first, operand(t, st.value()));
            unknown[first] = unknownOperand(t, st.value());
        } else if (ins instanceof Instruction.Assign as) {
            long a = operand(t, as.left());
            long v = as.op() == null ? a : as.op().apply(a, operand(t, as.right()));
            assign(t, as.destination().name(), v,
                    unknownOperand(t, as.left()) || (as.op() != null && unknownOperand(t, as.right())));
        } else if (ins instanceof Instruction.RegisterSwap sw) {
            long a = operand(t, sw.first());
            long b = operand(t, sw.second());
            boolean ua = unknownOperand(t, sw.first());
            boolean ub = unknownOperand(t, sw.second());
            assign(t, sw.first().name(), b, ub);
            assign(t, sw.second().name(), a, ua);
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            long old = source(first);
            boolean oldUnknown = unknown[first];
            set(first, old);
            unknown[first] = oldUnknown;
            long a = operand(t, rmw.first());
            boolean aUnknown = unknownOperand(t, rmw.first());
            switch (rmw.kind()) {
                case CAS:
                    exists[first + 1] = old == a;
                    unknownExistence[first + 1] = oldUnknown || aUnknown;
                    set(first + 1, operand(t, rmw.second()));
                    unknown[first + 1] = unknownOperand(t, rmw.second());
                    break;
                case FAA:
                    set(first + 1, BinOp.ADD.apply(old, a));
                    unknown[first + 1] = oldUnknown || aUnknown;
                    break;
                case XCHG:
                    set(first + 1, a);
                    unknown[first + 1] = aUnknown;
                    break;
                default:
                    throw new AssertionError(rmw.kind());
            }
            if (rmw.result() != null) {
                assign(t, rmw.result().name(), old, oldUnknown);
            }
        } else if (ins instanceof Instruction.Assume as) {
            readUnknown = false;
            // a condition that reads no unknown register is decided by known values (evaluation
            // skips only operands that cannot change its result)
            if (!as.condition().eval(reg -> {
                readUnknown |= unknownOperand(t, reg);
                return operand(t, reg);
            })) {
                block(t, i);
                surelyBlocked |= !readUnknown;
            }
            openBlocking |= readUnknown;
        } else if (ins instanceof Instruction.Await aw) {
            long v = source(first);
            set(first, v);
            boolean undecided = unknown[first] || unknownOperand(t, aw.expected());
            if (v != operand(t, aw.expected())) {
                block(t, i);
                surelyBlocked |= !undecided;
            }
            openBlocking |= undecided;
        } else if (ins instanceof Instruction.RemoteCas rc) {
            operandA[first] = operand(t, rc.expected());
            operandB[first] = operand(t, rc.newValue());
            unknownA[first] = unknownOperand(t, rc.expected());
            unknownB[first] = unknownOperand(t, rc.newValue());
        } else if (ins instanceof Instruction.RemoteFaa rf2) {
            operandA[first] = operand(t, rf2.addend());
            unknownA[first] = unknownOperand(t, rf2.addend());
        } else if (first >= 0 && !(ins instanceof Instruction.NicOperation)) {
            set(first, 0); // fences, polls, waits: no value
        }
    }

    private void block(int t, int i) {
        blocked = true;
        if (blockedAt[t] < 0) {
            blockedAt[t] = i;
        }
    }



}
