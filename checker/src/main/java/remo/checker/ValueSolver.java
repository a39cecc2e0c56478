package remo.checker;

import java.util.Arrays;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.litmus.Instruction;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.ThreadCode;

/**
 * Computes the values of a candidate's events from its reads-from choice (models.md §4.2):
 * values flow along {@code rf}, the value equations of models.md §2.2 and register data flow, evaluated in
 * dependency order. A cyclic dependency (a value depending on itself) or a read from a write that
 * does not exist makes the candidate ill-formed. A guarded instruction of unrolled x86 code runs
 * iff its guard holds on the registers at its place (otherwise its events do not exist), and an
 * execution that reaches a {@code Cutoff} is marked cut (discarded by the checker).
 *
 * <p>{@link #solvePartial} solves the same equations while some reads have no source yet: every
 * value that depends on such a read is unknown, and so is the existence of a conditional write
 * whose rmw read has an unknown value, and of the events of a guarded instruction whose guard reads
 * an unknown register (the exploration, {@link GraphExplorer}, uses it to learn values and
 * existence as early as its choices fix them).
 *
 * <p>One solver per event structure; {@link #solve} may be called repeatedly (not thread-safe).
 */
final class ValueSolver {

    /** The values of one well-formed candidate. */
    static final class Values {
        final long[] value;
        final boolean[] exists;
        /** The registers at the end ({@link #register}). */
        private final RegisterFile registers;
        final boolean blocked;
        /** Per thread, the index of the first instruction at which it blocks, or -1. */
        final int[] blockedAt;
        /** The Cutoff instruction the execution reached (the unrolling bound), or null. */
        final Instruction.Cutoff cutoff;

        Values(long[] value, boolean[] exists, RegisterFile registers, boolean blocked, int[] blockedAt,
               Instruction.Cutoff cutoff) {
            this.value = value;
            this.exists = exists;
            this.registers = registers;
            this.blocked = blocked;
            this.blockedAt = blockedAt;
            this.cutoff = cutoff;
        }

        /** The final value of thread {@code t}'s register {@code name}; 0 if the execution never sets it. */
        long register(int t, String name) {
            return registers.finalValue(t, name);
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
     * @param existence per event 1 if it surely exists, 0 if it surely does not, -1 if unknown (a
     *                  conditional write whose rmw read's value or operand is unknown, an event of a
     *                  guarded instruction whose guard is unknown)
     * @param blocked   whether every completion is blocked (models.md §9.3): an {@code assume}
     *                  whose condition is false, or an {@code await} that reads another value, on
     *                  values already fixed
     * @param open      whether some {@code assume} or {@code await} depends on values not fixed yet
     *                  (if neither this nor {@code blocked}, no completion blocks at one)
     */
    record PartialValues(byte[] existence, boolean blocked, boolean open) {
    }

    private final EventStructure structure;
    private final Program program;
    private final boolean failedRcasWrites;
    private final int size;
    /** The choice the solver state below is for (a copy, valid when {@code remembered}), and whether it was well formed. */
    private int[] lastRun;
    private boolean remembered;
    private boolean lastWellFormed;
    // per-solve state
    private int[] rf;
    private long[] value;
    private byte[] state;
    private boolean[] exists;
    private int[] cursor;
    private boolean[] advancing;
    /** Each thread's register names and their slots, shared by this solver's solves. */
    private final RegisterFile.Slots slots;
    private RegisterFile regs;
    private long[] operandA;
    private long[] operandB;
    private boolean blocked;
    private int[] blockedAt;
    private Instruction.Cutoff cutoff;
    // unknown values in partial mode (all false in a complete solve)
    private boolean[] unknown;
    private boolean[] unknownExistence;
    private boolean[] unknownA;
    private boolean[] unknownB;
    private boolean surelyBlocked;
    private boolean openBlocking;
    private boolean readUnknown;
    /** How many guards with an unknown value enclose the instruction being executed. */
    private int unknownGuards;

    ValueSolver(EventStructure structure) {
        this.structure = structure;
        this.program = structure.program();
        this.failedRcasWrites = structure.flags().failedRcasWrites();
        this.size = structure.size();
        this.slots = new RegisterFile.Slots(program.threads().size());
    }

    /**
     * Solves the value equations.
     *
     * @param rfSource for every read event its source write, -1 for other events
     * @return the values, or {@code null} if the candidate is ill-formed
     */
    Values solve(int[] rfSource) {
        if (!remembered || !Arrays.equals(rfSource, lastRun)) {
            runRemembered(rfSource);
        }
        // else: the values of the same choice are still here (the exploration solves a node, finds
        // it complete, then asks for its values)
        return lastWellFormed ? new Values(value, exists, regs, blocked, blockedAt, cutoff) : null;
    }

    /**
     * Solves the value equations for a partial reads-from choice.
     *
     * @param rfSource for every read event its source write, or -1 if it has none yet; -1 for
     *                 other events
     * @return the values fixed so far, or {@code null} if every completion is ill-formed: the
     *         chosen sources already make a value depend on itself, or a read that surely exists
     *         has a chosen source that surely does not
     */
    PartialValues solvePartial(int[] rfSource) {
        if (!runRemembered(rfSource)) {
            return null;
        }
        byte[] existence = new byte[size];
        for (int e = 0; e < size; e++) {
            existence[e] = unknownExistence[e] ? -1 : (byte) (exists[e] ? 1 : 0);
        }
        return new PartialValues(existence, surelyBlocked, openBlocking);
    }

    /** {@link #run}, remembering the choice in one array kept for the solver's lifetime (no copy per node). */
    private boolean runRemembered(int[] rfSource) {
        remembered = false; // a run that throws leaves no state to reuse
        lastWellFormed = run(rfSource);
        if (lastRun == null || lastRun.length != rfSource.length) {
            lastRun = new int[rfSource.length];
        }
        System.arraycopy(rfSource, 0, lastRun, 0, rfSource.length);
        remembered = true;
        return lastWellFormed;
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
        regs = new RegisterFile(slots, threads);
        for (RegisterInit init : program.registerInits()) {
            if (init.thread() < threads) {
                regs.set(init.thread(), init.register().name(), init.value(), false);
            }
        }
        blocked = false;
        surelyBlocked = false;
        openBlocking = false;
        unknownGuards = 0;
        cutoff = null;
        blockedAt = new int[threads];
        Arrays.fill(blockedAt, -1);
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
            if (src >= 0 && exists[e] && !unknownExistence[e] && !exists[src] && !unknownExistence[src]) {
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
                if (ev.kind() == EventLabel.NRW && ev.op() != OpKind.PUT) {
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
        if (unknownGuards > 0) {
            unknown[e] = true;
        }
    }

    /** Values and existence of an rcas/rfaa's NRW once its NAR value is known. */
    private void resolveRmw(int nar, long old) {
        Event ev = structure.event(nar);
        int nrw = nar + 1;
        boolean oldUnknown = unknown[nar];
        if (ev.op() == OpKind.RFAA) {
            set(nrw, old + operandA[nar]);
            unknown[nrw] = oldUnknown || unknownA[nar];
        } else {
            boolean success = old == operandA[nar];
            exists[nrw] = success || failedRcasWrites;
            unknownExistence[nrw] = !failedRcasWrites && (oldUnknown || unknownA[nar]);
            set(nrw, success ? operandB[nar] : old);
            unknown[nrw] = oldUnknown || unknownA[nar] || (success && unknownB[nar]);
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
        return regs.get(t, ((Register) o).name());
    }

    private boolean unknownOperand(int t, Operand o) {
        return o instanceof Register reg && regs.isUnknown(t, reg.name());
    }

    /** Sets a register; under a guard of unknown value it becomes unknown (it may keep its old value). */
    private void assign(int t, String register, long v, boolean isUnknown) {
        regs.set(t, register, v, isUnknown || unknownGuards > 0);
    }

    private void execute(int t, int i, Instruction ins) {
        int first = structure.firstEvent(t, i);
        if (ins instanceof Instruction.Guarded g) {
            readUnknown = false;
            boolean holds = g.guard().eval(reg -> {
                readUnknown |= unknownOperand(t, reg);
                return operand(t, reg);
            });
            if (readUnknown || unknownGuards > 0) {
                // partial mode: the branch is not decided; run the body with everything it sets unknown
                for (int k = 0; first >= 0 && k < structure.eventCount(t, i); k++) {
                    exists[first + k] = true;
                    unknownExistence[first + k] = true;
                }
                unknownGuards++;
                try {
                    execute(t, i, g.body());
                } finally {
                    unknownGuards--;
                }
                for (int k = 0; first >= 0 && k < structure.eventCount(t, i); k++) {
                    exists[first + k] = true;
                    unknownExistence[first + k] = true;
                    if (state[first + k] != 2) {
                        set(first + k, 0);
                    }
                    unknown[first + k] = true;
                }
            } else if (holds) {
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
            if (cutoff == null && unknownGuards == 0) {
                cutoff = c;
            }
        } else if (ins instanceof Instruction.PlainRmw rmw) {
            rmw(t, first, rmw.kind(), rmw.result(), rmw.first(), rmw.second());
        } else if (ins instanceof Instruction.Load ld) {
            long v = source(first);
            boolean u = unknown[first];
            set(first, v);
            unknown[first] |= u;
            assign(t, ld.destination().name(), v, unknown[first]);
        } else if (ins instanceof Instruction.Store st) {
            set(first, operand(t, st.value()));
            unknown[first] |= unknownOperand(t, st.value());
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
            rmw(t, first, rmw.kind(), rmw.result(), rmw.first(), rmw.second());
        } else if (ins instanceof Instruction.Assume as) {
            readUnknown = false;
            // a condition that reads no unknown register is decided by known values (evaluation
            // skips only operands that cannot change its result)
            if (!as.condition().eval(reg -> {
                readUnknown |= unknownOperand(t, reg);
                return operand(t, reg);
            })) {
                block(t, i);
                surelyBlocked |= !readUnknown && unknownGuards == 0;
            }
            openBlocking |= readUnknown || unknownGuards > 0;
        } else if (ins instanceof Instruction.Await aw) {
            long v = source(first);
            boolean undecided = unknown[first] || unknownOperand(t, aw.expected()) || unknownGuards > 0;
            set(first, v);
            unknown[first] |= undecided;
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

    /** A read-modify-write (locked or not): the read, then the write iff the kind writes. */
    private void rmw(int t, int first, Instruction.RmwKind kind, Register result, Operand firstOperand, Operand second) {
        long old = source(first);
        boolean oldUnknown = unknown[first];
        set(first, old);
        unknown[first] |= oldUnknown;
        long a = operand(t, firstOperand);
        boolean aUnknown = unknownOperand(t, firstOperand);
        exists[first + 1] = kind.writes(old, a);
        if (kind == Instruction.RmwKind.CAS) {
            unknownExistence[first + 1] = oldUnknown || aUnknown || unknownGuards > 0;
        }
        set(first + 1, kind.written(old, a, second == null ? 0 : operand(t, second)));
        boolean secondUnknown = second != null && unknownOperand(t, second);
        unknown[first + 1] |= kind == Instruction.RmwKind.CAS ? secondUnknown
                : kind == Instruction.RmwKind.XCHG ? aUnknown : oldUnknown || aUnknown;
        if (result != null) {
            assign(t, result.name(), old, oldUnknown);
        }
    }

    private void block(int t, int i) {
        blocked = true;
        if (blockedAt[t] < 0) {
            blockedAt[t] = i;
        }
    }



}
