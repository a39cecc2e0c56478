package remo.litmus;

import remo.core.Position;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The effect of one x86 instruction on a path of unrolled code (language.md §10.3), as
 * instructions of the program representation: memory operands are resolved with the path's
 * statically known register values ({@link X86Value}), loads and stores become {@code Load} and
 * {@code Store}, register arithmetic {@code Assign}, read-modify-writes of memory
 * {@code LockedRmw} (with {@code LOCK}, and {@code XCHG}) or {@code PlainRmw} (without). An
 * instruction that sets the flags records the two values compared ({@code a - b}); the registers
 * among them are copied to hidden registers ({@code #f…}) only when a later instruction would
 * change them, so straight-line code gets no extra instruction.
 */
final class X86Lowering {

    /** What a path knows: static register values and the last flags-setting comparison. */
    static final class State {
        final Map<String, X86Value> values;
        /** The compared operands: flags are {@code a - b}; null when no instruction set them. */
        Operand flagsA;
        Operand flagsB;
        /** Why the flags are unusable (set by a memory read-modify-write), or null. */
        String flagsUnusable = "no CMP, TEST or register arithmetic before it";

        State(Map<String, X86Value> values) {
            this.values = new HashMap<>(values);
        }

        State copy() {
            State s = new State(values);
            s.flagsA = flagsA;
            s.flagsB = flagsB;
            s.flagsUnusable = flagsUnusable;
            return s;
        }
    }

    private final String file;
    private final X86Memory memory;
    private int fresh;

    X86Lowering(String file, X86Memory memory) {
        this.file = file;
        this.memory = memory;
    }

    /** A fresh hidden register of the thread ({@code #t1}, {@code #f2a}, …): never printed, never in a state. */
    Register hidden(String prefix, Position pos) {
        return new Register("#" + prefix + (++fresh), pos);
    }

    /** The static value of {@code o} on this path, or null if it is only known at run time. */
    static X86Value staticValue(Operand o, State st) {
        if (o instanceof Operand.Constant c) {
            return new X86Value.Known(c.value());
        }
        return st.values.get(((Register) o).name());
    }

    /**
     * The instructions for {@code op} (not a jump or {@code RET}) on a path in state {@code st},
     * which is updated.
     *
     * @throws LitmusException E-X86-UNSUPPORTED for a memory operand whose address is not known
     *                         before the run, or an address used as a value; E-X86-MIXED
     */
    List<Instruction> lower(X86Op.Op op, State st) throws LitmusException {
        return lower(op, st, false);
    }

    /**
     * As {@link #lower(X86Op.Op, State)}.
     *
     * @param flagsNeeded whether a conditional jump may read the flags this instruction sets (only
     *                    {@code CMPXCHG} needs to know: it keeps the expected value then)
     */
    List<Instruction> lower(X86Op.Op op, State st, boolean flagsNeeded) throws LitmusException {
        List<Instruction> out = new ArrayList<>();
        Position pos = op.pos();
        X86Operand a = op.arity() > 0 ? op.operand(0) : null;
        X86Operand b = op.arity() > 1 ? op.operand(1) : null;
        switch (op.mnemonic()) {
            case MFENCE:
                out.add(new Instruction.MFence(pos));
                break;
            case LFENCE: case SFENCE: case NOP: case ENDBR64:
                break; // no event: LFENCE and SFENCE order nothing under TSO (herd7's x86tso.cat)
            case MOV: case MOVNTI:
                if (a instanceof X86Operand.Mem m) {
                    out.add(new Instruction.Store(location(m, op, st), value(b, st, op), pos));
                } else if (b instanceof X86Operand.Mem m) {
                    Register r = reg(a);
                    LocationRef x = location(m, op, st);
                    write(r, st, out);
                    out.add(new Instruction.Load(r, x, pos));
                    st.values.remove(r.name());
                } else {
                    move(reg(a), b, st, op, out);
                }
                break;
            case XCHG:
                if (a instanceof X86Operand.Reg ra && b instanceof X86Operand.Reg rb) {
                    write(ra.register(), st, out);
                    write(rb.register(), st, out);
                    out.add(new Instruction.RegisterSwap(ra.register(), rb.register(), pos));
                    X86Value va = st.values.remove(ra.register().name());
                    X86Value vb = st.values.remove(rb.register().name());
                    put(st, ra.register(), vb);
                    put(st, rb.register(), va);
                } else {
                    X86Operand.Mem m = (X86Operand.Mem) (a instanceof X86Operand.Mem ? a : b);
                    Register r = reg(a instanceof X86Operand.Mem ? b : a);
                    LocationRef x = location(m, op, st);
                    Operand v = value(r, st, op);
                    write(r, st, out);
                    out.add(new Instruction.LockedRmw(Instruction.RmwKind.XCHG, r, x, v, null, pos));
                    st.values.remove(r.name());
                }
                break;
            case ADD: case SUB: case AND: case OR: case XOR:
                arithmetic(op, a, b, st, out);
                break;
            case INC: case DEC: {
                boolean inc = op.mnemonic() == X86Mnemonic.INC;
                if (a instanceof X86Operand.Mem m) {
                    Operand delta = new Operand.Constant(inc ? 1 : -1, op.mnemonicPos());
                    out.add(rmw(op, Instruction.RmwKind.FAA, null, location(m, op, st), delta, null));
                    st.flagsUnusable = "the flags of a read-modify-write of memory are not modelled";
                } else {
                    compute(reg(a), reg(a), inc ? BinOp.ADD : BinOp.SUB, new Operand.Constant(1, op.mnemonicPos()), st, op, out);
                }
                break;
            }
            case NEG:
                compute(reg(a), new Operand.Constant(0, pos), BinOp.SUB, reg(a), st, op, out);
                break;
            case NOT:
                compute(reg(a), reg(a), BinOp.XOR, new Operand.Constant(-1, pos), st, op, out);
                break;
            case SHL: case SHR: case SAR: {
                BinOp shift = op.mnemonic() == X86Mnemonic.SHL ? BinOp.SHL : op.mnemonic() == X86Mnemonic.SHR ? BinOp.SHR : BinOp.SAR;
                compute(reg(a), reg(a), shift, value(b, st, op), st, op, out);
                break;
            }
            case XADD: {
                Register r = reg(b);
                LocationRef x = location((X86Operand.Mem) a, op, st);
                Operand v = value(r, st, op);
                write(r, st, out);
                out.add(rmw(op, Instruction.RmwKind.FAA, r, x, v, null));
                st.values.remove(r.name());
                st.flagsUnusable = "the flags of a read-modify-write of memory are not modelled";
                break;
            }
            case CMPXCHG: {
                Register rax = new Register(X86Registers.RAX, op.mnemonicPos());
                LocationRef x = location((X86Operand.Mem) a, op, st);
                Operand expected = value(rax, st, op);
                Operand replacement = value(reg(b), st, op);
                write(rax, st, out);
                if (flagsNeeded) {
                    // ZF: the value read (then in RAX) equals the expected one, which RAX no longer holds
                    Register e = hidden("c", pos);
                    out.add(new Instruction.Assign(e, expected, null, null, pos));
                    expected = e;
                }
                out.add(rmw(op, Instruction.RmwKind.CAS, rax, x, expected, replacement));
                st.values.remove(X86Registers.RAX);
                if (flagsNeeded) {
                    setFlags(rax, expected, st);
                } else {
                    st.flagsUnusable = "the flags of CMPXCHG are read only by the jump right after it";
                }
                break;
            }
            case CMP: case TEST: {
                Operand x = a instanceof X86Operand.Mem m ? loadTemporary(m, op, st, out) : value(a, st, op);
                Operand y = b instanceof X86Operand.Mem m ? loadTemporary(m, op, st, out) : value(b, st, op);
                if (op.mnemonic() == X86Mnemonic.TEST) {
                    X86Value vx = staticValue(x, st);
                    X86Value vy = staticValue(y, st);
                    if (vx instanceof X86Value.Known kx && vy instanceof X86Value.Known ky) {
                        setFlags(new Operand.Constant(kx.value() & ky.value(), pos), new Operand.Constant(0, pos), st);
                    } else {
                        Register t = hidden("f", pos);
                        out.add(new Instruction.Assign(t, x, BinOp.AND, y, pos));
                        setFlags(t, new Operand.Constant(0, pos), st);
                    }
                } else {
                    setFlags(known(x, st, pos), known(y, st, pos), st);
                }
                break;
            }
            default:
                throw new AssertionError(op.mnemonic());
        }
        return out;
    }

    private Instruction rmw(X86Op.Op op, Instruction.RmwKind kind, Register result, LocationRef x, Operand first,
                            Operand second) {
        // XCHG is always locked; other read-modify-writes of memory only with LOCK (herd7's X86)
        return op.lock() ? new Instruction.LockedRmw(kind, result, x, first, second, op.pos())
                : new Instruction.PlainRmw(kind, result, x, first, second, op.pos());
    }

    private void arithmetic(X86Op.Op op, X86Operand a, X86Operand b, State st, List<Instruction> out) throws LitmusException {
        X86Mnemonic m = op.mnemonic();
        if (a instanceof X86Operand.Mem mem) {
            Instruction.RmwKind kind = switch (m) {
                case ADD -> Instruction.RmwKind.FAA;
                case SUB -> Instruction.RmwKind.SUB;
                case AND -> Instruction.RmwKind.AND;
                case OR -> Instruction.RmwKind.OR;
                default -> Instruction.RmwKind.XOR;
            };
            out.add(rmw(op, kind, null, location(mem, op, st), value(b, st, op), null));
            st.flagsUnusable = "the flags of a read-modify-write of memory are not modelled";
            return;
        }
        BinOp bin = switch (m) {
            case ADD -> BinOp.ADD;
            case SUB -> BinOp.SUB;
            case AND -> BinOp.AND;
            case OR -> BinOp.OR;
            default -> BinOp.XOR;
        };
        Register r = reg(a);
        if (b instanceof X86Operand.Mem mem) {
            compute(r, r, bin, loadTemporary(mem, op, st, out), st, op, out);
            return;
        }
        X86Value va = st.values.get(r.name());
        X86Value vb = b instanceof X86Operand.Imm i ? new X86Value.Known(i.value()) : st.values.get(reg(b).name());
        if (va instanceof X86Value.Address addr && vb instanceof X86Value.Known k && (bin == BinOp.ADD || bin == BinOp.SUB)) {
            // pointer arithmetic on an address from the init block: still known, no event, no value
            st.values.put(r.name(), new X86Value.Address(addr.symbol(), addr.offset() + (bin == BinOp.ADD ? k.value() : -k.value())));
            st.flagsUnusable = "the flags of an address computation are not modelled";
            return;
        }
        compute(r, r, bin, b instanceof X86Operand.Imm i ? new Operand.Constant(i.value(), i.pos()) : value(b, st, op), st, op, out);
    }

    /** {@code dest := left op right}, the static value if both are known, and the flags of the result. */
    private void compute(Register dest, Operand left, BinOp bin, Operand right, State st, X86Op.Op op, List<Instruction> out)
            throws LitmusException {
        Operand l = left instanceof Register lr ? value(lr, st, op) : left;
        Operand r = right instanceof Register rr ? value(rr, st, op) : right;
        X86Value vl = staticValue(l, st);
        X86Value vr = staticValue(r, st);
        write(dest, st, out);
        out.add(new Instruction.Assign(dest, l, bin, r, op.pos()));
        st.values.remove(dest.name());
        if (vl instanceof X86Value.Known kl && vr instanceof X86Value.Known kr) {
            st.values.put(dest.name(), new X86Value.Known(bin.apply(kl.value(), kr.value())));
        }
        setFlags(known(dest, st, op.pos()), new Operand.Constant(0, op.pos()), st);
    }

    private void move(Register dest, X86Operand src, State st, X86Op.Op op, List<Instruction> out) throws LitmusException {
        if (src instanceof X86Operand.Reg r && st.values.get(r.register().name()) instanceof X86Value.Address addr) {
            write(dest, st, out);
            st.values.put(dest.name(), addr); // an address copied between registers stays known
            return;
        }
        Operand v = value(src, st, op);
        write(dest, st, out);
        out.add(new Instruction.Assign(dest, v, null, null, op.pos()));
        X86Value known = staticValue(v, st);
        st.values.remove(dest.name());
        if (known != null) {
            st.values.put(dest.name(), known);
        }
    }

    /** Records the compared values of the flags. */
    private static void setFlags(Operand x, Operand y, State st) {
        st.flagsA = x;
        st.flagsB = y;
        st.flagsUnusable = null;
    }

    /** {@code o}, or its value if known when unrolling (so that a jump on it is decided then). */
    private static Operand known(Operand o, State st, Position pos) {
        return staticValue(o, st) instanceof X86Value.Known k ? new Operand.Constant(k.value(), pos) : o;
    }

    /**
     * Before an instruction writes {@code r}: if the flags compare {@code r}'s current value, copy it
     * to a hidden register first, so that a later jump reads the value compared.
     */
    private void write(Register r, State st, List<Instruction> out) {
        if (r.equals(st.flagsA) || r.equals(st.flagsB)) {
            Register h = hidden("f", r.pos());
            out.add(new Instruction.Assign(h, r, null, null, r.pos()));
            if (r.equals(st.flagsA)) {
                st.flagsA = h;
            }
            if (r.equals(st.flagsB)) {
                st.flagsB = h;
            }
        }
    }

    private Register loadTemporary(X86Operand.Mem m, X86Op.Op op, State st, List<Instruction> out) throws LitmusException {
        Register t = hidden("t", op.pos());
        out.add(new Instruction.Load(t, location(m, op, st), op.pos()));
        return t;
    }

    private static void put(State st, Register r, X86Value v) {
        if (v != null) {
            st.values.put(r.name(), v);
        }
    }

    private static Register reg(X86Operand o) {
        return ((X86Operand.Reg) o).register();
    }

    /** A data operand: an immediate, or a register (which must not hold a statically known address). */
    private Operand value(X86Operand o, State st, X86Op.Op op) throws LitmusException {
        if (o instanceof X86Operand.Imm i) {
            return new Operand.Constant(i.value(), i.pos());
        }
        return value(reg(o), st, op);
    }

    private Operand value(Register r, State st, X86Op.Op op) throws LitmusException {
        if (st.values.get(r.name()) instanceof X86Value.Address addr) {
            throw X86Errors.unsupported(file, op.pos(), op.text(), "register " + r.name() + " holds the address "
                    + addr + ", and remo does not use addresses as values");
        }
        return r;
    }

    /**
     * The location a memory operand denotes on this path ({@code symbol + base + index * scale +
     * disp}, with the registers' static values), recorded with the instruction's access size.
     */
    private LocationRef location(X86Operand.Mem m, X86Op.Op op, State st) throws LitmusException {
        long offset = m.disp();
        String symbol = m.symbol();
        if (m.base() != null && !m.base().name().equals("RIP")) {
            X86Value v = st.values.get(m.base().name());
            if (v == null) {
                throw runTimeAddress(m, m.base());
            }
            if (v instanceof X86Value.Known k) {
                offset += k.value();
            } else {
                X86Value.Address a = (X86Value.Address) v;
                if (symbol != null) {
                    throw X86Errors.unsupported(file, m.pos(), m.text(), "the sum of the addresses of " + symbol + " and " + a.symbol());
                }
                symbol = a.symbol();
                offset += a.offset();
            }
        }
        if (m.index() != null) {
            X86Value v = st.values.get(m.index().name());
            if (!(v instanceof X86Value.Known k)) {
                throw v == null ? runTimeAddress(m, m.index())
                        : X86Errors.unsupported(file, m.pos(), m.text(), "an address used as an index");
            }
            offset += k.value() * m.scale();
        }
        if (symbol == null) {
            throw X86Errors.unsupported(file, m.pos(), m.text(), "an absolute numeric address");
        }
        LocationRef ref = memory.location(new X86Value.Address(symbol, offset), m);
        memory.access(ref.name(), accessSize(op), m.pos(), op.text());
        return ref;
    }

    private LitmusException runTimeAddress(X86Operand.Mem m, Register r) {
        return X86Errors.unsupported(file, m.pos(), m.text(), "the address in " + r.name() + " is only known at run time; "
                + "remo resolves addresses given in the init block (such as 0:" + r.name() + "=x) and moved between registers");
    }

    /** The access size of an instruction: its suffix or PTR, else the width of its register operand, else 0 (not given). */
    private static int accessSize(X86Op.Op op) {
        if (op.size() > 0) {
            return op.size();
        }
        for (X86Operand o : op.operands()) {
            if (o instanceof X86Operand.Reg r) {
                return r.width();
            }
        }
        return 0;
    }
}
