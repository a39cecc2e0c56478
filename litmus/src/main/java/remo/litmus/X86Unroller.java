package remo.litmus;

import remo.core.Position;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Unrolls one x86 thread with labels and jumps into straight-line code, as herd7 builds the events
 * of a thread by following its control flow (language.md §10.3): every path through the code is
 * followed, and the instructions of a path after a conditional jump whose outcome is only known at
 * run time are {@link Instruction.Guarded} by that outcome (the compared values are in hidden
 * registers fixed before the jump). Paths are laid out one after the other (a path's own
 * instructions stay in its order, so program order is right on every execution). A jump whose
 * outcome is known when unrolling (compared constants) is followed without a guard.
 *
 * <p>Loops: as herd7's {@code -unroll N}, a path may take an unconditional backward jump, or a
 * conditional one decided at run time, at most N times to each target; the next such jump ends the
 * path with a {@link Instruction.Cutoff}. {@code RET} and the end of the code end a path.
 */
final class X86Unroller {
    /**
     * Bound on the instructions the unrolled code of one thread may have beyond four per instruction
     * of its source, against paths that multiply (straight-line code of any length, which the input
     * size limit bounds, unrolls to itself and stays within it).
     */
    static final int MAX_INSTRUCTIONS = 20_000;
    /**
     * Bound on the length of one path beyond the number of instructions of the source, against loops
     * decided statically that never exit.
     */
    static final int MAX_STEPS = 100_000;

    /** The unrolled code of a thread: instructions and the cell text each comes from. */
    record Code(List<Instruction> instructions, List<String> texts) {
    }

    private final String file;
    private final int unroll;
    private final List<X86Op.Op> ops = new ArrayList<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final X86Lowering lowering;
    private final List<Instruction> out = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    /** flagsRead[k]: whether a conditional jump may read the flags as they are before instruction k. */
    private boolean[] flagsRead;
    /** The bounds of this thread: {@link #MAX_INSTRUCTIONS} and {@link #MAX_STEPS} plus its own length. */
    private final int maxInstructions;
    private final int maxSteps;

    /**
     * @param code   the thread's labels and instructions in order
     * @param unroll the unrolling bound (herd7's default is 2)
     * @throws LitmusException E-X86-UNSUPPORTED for a label defined twice or a jump to an undefined label
     */
    X86Unroller(String file, List<X86Op> code, int unroll, X86Memory memory) throws LitmusException {
        this.file = file;
        this.unroll = unroll;
        this.lowering = new X86Lowering(file, memory);
        for (X86Op op : code) {
            if (op instanceof X86Op.Label l) {
                if (labels.put(l.name(), ops.size()) != null) {
                    throw X86Errors.unsupported(file, l.pos(), l.name() + ":", "label defined twice in the thread");
                }
            } else {
                ops.add((X86Op.Op) op);
            }
        }
        this.maxInstructions = MAX_INSTRUCTIONS + 4 * ops.size();
        this.maxSteps = MAX_STEPS + ops.size();
        for (X86Op.Op op : ops) {
            if (op.mnemonic().isJump()) {
                X86Operand.Target t = (X86Operand.Target) op.operand(0);
                if (!labels.containsKey(t.label())) {
                    throw X86Errors.unsupported(file, t.pos(), op.text(), "no label " + t.label() + " in this thread");
                }
            }
        }
    }

    /**
     * Follows every path from the first instruction.
     *
     * @param initial the registers known before the run (init block)
     * @throws LitmusException a lowering error on some path, or E-X86-UNSUPPORTED if the code does
     *                         not unroll within {@link #MAX_INSTRUCTIONS} / {@link #MAX_STEPS}
     */
    Code unroll(Map<String, X86Value> initial) throws LitmusException {
        explore(0, new X86Lowering.State(initial), null, new HashMap<>(), 0);
        return new Code(out, texts);
    }

    private void emit(Instruction i, BoolExpr guard, String text) throws LitmusException {
        if (out.size() >= maxInstructions) {
            throw X86Errors.unsupported(file, i.pos(), text, "the unrolled code has more than " + maxInstructions
                    + " instructions; lower --unroll or split the test");
        }
        out.add(guard == null ? i : new Instruction.Guarded(guard, i, i.pos()));
        texts.add(text);
    }

    private void explore(int pc, X86Lowering.State st, BoolExpr guard, Map<Integer, Integer> backJumps, int steps)
            throws LitmusException {
        while (pc < ops.size()) {
            X86Op.Op op = ops.get(pc);
            if (++steps > maxSteps) {
                throw X86Errors.unsupported(file, op.pos(), op.text(), "a loop whose exit is decided when unrolling "
                        + "runs more than " + maxSteps + " instructions");
            }
            X86Mnemonic m = op.mnemonic();
            if (m == X86Mnemonic.RET) {
                return;
            }
            if (!m.isJump()) {
                for (Instruction i : lowering.lower(op, st, flagsNeeded(pc))) {
                    emit(i, guard, op.text());
                }
                pc++;
                continue;
            }
            String label = ((X86Operand.Target) op.operand(0)).label();
            int target = labels.get(label);
            if (m == X86Mnemonic.JMP) {
                if (target <= pc && !countBackJump(target, backJumps)) {
                    emit(new Instruction.Cutoff(label, op.pos()), guard, op.text());
                    return;
                }
                pc = target;
                continue;
            }
            if (st.flagsUnusable != null) {
                throw X86Errors.unsupported(file, op.pos(), op.text(), "a conditional jump whose flags are unknown: "
                        + st.flagsUnusable);
            }
            Boolean known = decided(m, st);
            if (known != null) {
                pc = known ? target : pc + 1; // decided when unrolling: not counted, as herd7's determined jumps
                continue;
            }
            BoolExpr taken = condition(m, st, guard, op);
            Map<Integer, Integer> takenJumps = new HashMap<>(backJumps);
            if (target <= pc && !countBackJump(target, takenJumps)) {
                emit(new Instruction.Cutoff(label, op.pos()), and(guard, taken), op.text());
            } else {
                explore(target, st.copy(), and(guard, taken), takenJumps, steps);
            }
            guard = and(guard, new BoolExpr.Not(taken));
            pc++;
        }
    }

    /**
     * Whether a conditional jump may read the flags set by instruction {@code pc}: one comes before
     * the next instruction that sets them (a jump in between counts as a reader, to be safe).
     * Computed for every instruction at once, from the end (one pass, not one scan per instruction).
     */
    private boolean flagsNeeded(int pc) {
        if (flagsRead == null) {
            flagsRead = new boolean[ops.size() + 1];
            for (int k = ops.size() - 1; k >= 0; k--) {
                X86Mnemonic m = ops.get(k).mnemonic();
                flagsRead[k] = m.isJump() || (!setsFlags(m) && flagsRead[k + 1]);
            }
        }
        return flagsRead[pc + 1];
    }

    /** Whether {@code m} ends the reach of the flags before it: it sets them, or returns. */
    private static boolean setsFlags(X86Mnemonic m) {
        switch (m) {
            case RET: case CMP: case TEST: case ADD: case SUB: case AND: case OR: case XOR: case INC: case DEC:
            case NEG: case NOT: case SHL: case SHR: case SAR: case XADD: case CMPXCHG:
                return true;
            default:
                return false;
        }
    }

    /** Counts a backward jump to {@code target}; false if that exceeds the bound. */
    private boolean countBackJump(int target, Map<Integer, Integer> backJumps) {
        int n = backJumps.merge(target, 1, Integer::sum);
        return n <= unroll;
    }

    private static BoolExpr and(BoolExpr guard, BoolExpr c) {
        return guard == null ? c : new BoolExpr.And(guard, c);
    }

    /** The outcome of a conditional jump whose compared values are both known, or null. */
    private static Boolean decided(X86Mnemonic m, X86Lowering.State st) {
        if (!(st.flagsA instanceof Operand.Constant a) || !(st.flagsB instanceof Operand.Constant b)) {
            return null;
        }
        long x = a.value();
        long y = b.value();
        switch (m) {
            case JE: return x == y;
            case JNE: return x != y;
            case JL: return x < y;
            case JLE: return x <= y;
            case JG: return x > y;
            case JGE: return x >= y;
            case JB: return Long.compareUnsigned(x, y) < 0;
            case JBE: return Long.compareUnsigned(x, y) <= 0;
            case JA: return Long.compareUnsigned(x, y) > 0;
            case JAE: return Long.compareUnsigned(x, y) >= 0;
            case JS: return x - y < 0;
            case JNS: return x - y >= 0;
            default: throw new AssertionError(m);
        }
    }

    /**
     * The run-time condition under which {@code m} jumps: a comparison of the saved flag operands
     * (unsigned and sign conditions first compute hidden registers, emitted under {@code guard}).
     */
    private BoolExpr condition(X86Mnemonic m, X86Lowering.State st, BoolExpr guard, X86Op.Op op) throws LitmusException {
        Operand a = st.flagsA;
        Operand b = st.flagsB;
        Position pos = op.pos();
        switch (m) {
            case JE: return new BoolExpr.Compare(a, BoolExpr.RelOp.EQ, b);
            case JNE: return new BoolExpr.Compare(a, BoolExpr.RelOp.NE, b);
            case JL: return new BoolExpr.Compare(a, BoolExpr.RelOp.LT, b);
            case JLE: return new BoolExpr.Compare(a, BoolExpr.RelOp.LE, b);
            case JG: return new BoolExpr.Compare(a, BoolExpr.RelOp.GT, b);
            case JGE: return new BoolExpr.Compare(a, BoolExpr.RelOp.GE, b);
            case JS: case JNS: {
                Register d = lowering.hidden("s", pos);
                emit(new Instruction.Assign(d, a, BinOp.SUB, b, pos), guard, op.text());
                return new BoolExpr.Compare(d, m == X86Mnemonic.JS ? BoolExpr.RelOp.LT : BoolExpr.RelOp.GE,
                        new Operand.Constant(0, pos));
            }
            default: {
                // unsigned order: flip the sign bits and compare signed
                Operand ua = unsigned(a, guard, op);
                Operand ub = unsigned(b, guard, op);
                BoolExpr.RelOp rel = switch (m) {
                    case JB -> BoolExpr.RelOp.LT;
                    case JBE -> BoolExpr.RelOp.LE;
                    case JA -> BoolExpr.RelOp.GT;
                    default -> BoolExpr.RelOp.GE;
                };
                return new BoolExpr.Compare(ua, rel, ub);
            }
        }
    }

    private Operand unsigned(Operand o, BoolExpr guard, X86Op.Op op) throws LitmusException {
        if (o instanceof Operand.Constant c) {
            return new Operand.Constant(c.value() ^ Long.MIN_VALUE, c.pos());
        }
        Register u = lowering.hidden("u", op.pos());
        emit(new Instruction.Assign(u, o, BinOp.XOR, new Operand.Constant(Long.MIN_VALUE, op.pos()), op.pos()), guard, op.text());
        return u;
    }
}
