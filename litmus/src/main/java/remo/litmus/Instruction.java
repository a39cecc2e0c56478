package remo.litmus;

import remo.core.Position;

/**
 * One instruction of a thread (language.md §4). Instructions are immutable values; each knows
 * the position of its first token, and {@code toString()} renders it in RDMA litmus syntax.
 *
 * <p>X86 instructions are mapped onto these forms when parsed (language.md §10.3); the
 * {@link LockedRmw} form covers {@code cas}, {@code faa} and x86's locked read-modify-writes,
 * {@link PlainRmw} x86's memory read-modify-writes without {@code LOCK}. x86 branches are unrolled
 * into straight-line code whose instructions are {@link Guarded} by the branch decisions that lead
 * to them; a path that exceeds the unrolling bound ends in a {@link Cutoff}.
 */
public sealed interface Instruction
        permits Instruction.Load, Instruction.Store, Instruction.Assign, Instruction.RegisterSwap,
        Instruction.MFence, Instruction.LockedRmw, Instruction.PlainRmw, Instruction.Assume, Instruction.Await,
        Instruction.NicOperation, Instruction.Poll, Instruction.RFence, Instruction.Wait,
        Instruction.GlobalFence, Instruction.Guarded, Instruction.Cutoff {

    /** Position of the instruction's first token. */
    Position pos();

    /**
     * The instruction class name used in E-UNSUPPORTED messages ({@code put get rcas rfaa poll
     * rfence wait gf}) and in the repair vocabulary; CPU instructions return their mnemonic.
     */
    String keyword();

    /** Dispatches to the visitor method for this instruction's class. */
    <T> T accept(InstructionVisitor<T> visitor);

    /** {@code r = x}: CPU load. */
    record Load(Register destination, LocationRef source, Position pos) implements Instruction {
        @Override public String keyword() { return "load"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitLoad(this); }
        @Override public String toString() { return destination + " = " + source; }
    }

    /** {@code x = e}: CPU store. */
    record Store(LocationRef destination, Operand value, Position pos) implements Instruction {
        @Override public String keyword() { return "store"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitStore(this); }
        @Override public String toString() { return destination + " = " + value; }
    }

    /**
     * {@code r = a} or {@code r = a op b}: register arithmetic, no memory event.
     *
     * @param op    the operator, or {@code null} for a plain move
     * @param right the second operand, {@code null} iff {@code op} is {@code null}
     */
    record Assign(Register destination, Operand left, BinOp op, Operand right, Position pos) implements Instruction {
        @Override public String keyword() { return "assign"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitAssign(this); }
        @Override public String toString() {
            return op == null ? destination + " = " + left : destination + " = (" + left + " " + op.symbol() + " " + right + ")";
        }
    }

    /** x86 {@code XCHG R,R2} between two registers: swaps their values, no memory event. */
    record RegisterSwap(Register first, Register second, Position pos) implements Instruction {
        @Override public String keyword() { return "xchg"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitRegisterSwap(this); }
        @Override public String toString() { return "swap(" + first + ", " + second + ")"; }
    }

    /** {@code mfence}: waits until the store buffer is empty. */
    record MFence(Position pos) implements Instruction {
        @Override public String keyword() { return "mfence"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitMFence(this); }
        @Override public String toString() { return "mfence"; }
    }

    /** The kinds of CPU read-modify-write. */
    enum RmwKind {
        /** {@code r = cas(x, e, v)}: writes {@code v} iff old = {@code e}. */
        CAS,
        /** {@code r = faa(x, k)}: writes old + {@code k}. */
        FAA,
        /** x86 {@code XCHG}: writes the operand, always. */
        XCHG,
        /** x86 {@code SUB [x],k}: writes old - {@code k}. */
        SUB,
        /** x86 {@code AND [x],k}: writes old &amp; {@code k}. */
        AND,
        /** x86 {@code OR [x],k}: writes old | {@code k}. */
        OR,
        /** x86 {@code XOR [x],k}: writes old ^ {@code k}. */
        XOR;

        /**
         * The value written, given the old value and the operands ({@code first}, and
         * {@code second} for CAS); for CAS only meaningful when it writes ({@link #writes}).
         */
        public long written(long old, long first, long second) {
            switch (this) {
                case CAS: return second;
                case FAA: return old + first;
                case XCHG: return first;
                case SUB: return old - first;
                case AND: return old & first;
                case OR: return old | first;
                case XOR: return old ^ first;
                default: throw new AssertionError(this);
            }
        }

        /** Whether the write happens: always, except a CAS whose old value differs from {@code first}. */
        public boolean writes(long old, long first) {
            return this != CAS || old == first;
        }

        /** Whether this is one of the x86-only operations without an RDMA-language keyword. */
        public boolean isX86Only() {
            return this != CAS && this != FAA;
        }
    }

    /**
     * A locked CPU read-modify-write (language.md §4.2 {@code cas}/{@code faa}; x86 {@code XCHG},
     * {@code LOCK ADD/INC/DEC/XADD/CMPXCHG}, language.md §10.3). Drains the store buffer; atomic against every
     * write. Events: a locked {@code R(x)} and, unless a compare fails, a locked {@code W(x)}.
     *
     * @param kind   CAS, FAA or XCHG
     * @param result register receiving the old value, or {@code null} (x86 {@code LOCK ADD})
     * @param first  CAS: the expected value; FAA: the addend; XCHG: the value written
     * @param second CAS: the new value; otherwise {@code null}
     */
    record LockedRmw(RmwKind kind, Register result, LocationRef location, Operand first, Operand second, Position pos)
            implements Instruction {
        @Override public String keyword() { return kind == RmwKind.CAS ? "cas" : kind == RmwKind.FAA ? "faa" : "xchg"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitLockedRmw(this); }
        @Override public String toString() {
            return (result == null ? "_" : result.toString()) + " = " + call(kind, location, first, second);
        }
    }

    private static String call(RmwKind kind, LocationRef location, Operand first, Operand second) {
        return switch (kind) {
            case CAS -> "cas(" + location + ", " + first + ", " + second + ")";
            case FAA -> "faa(" + location + ", " + first + ")";
            default -> kind.name().toLowerCase(java.util.Locale.ROOT) + "(" + location + ", " + first + ")";
        };
    }

    /**
     * An x86 read-modify-write of memory without {@code LOCK} ({@code INC [x]}, {@code ADD [x],k},
     * {@code XADD}, {@code CMPXCHG} …): one instruction with a read and a write of {@code x}, in
     * that order (intra-instruction order), that are not atomic and not locked, as in herd7.
     * Fields as {@link LockedRmw}.
     */
    record PlainRmw(RmwKind kind, Register result, LocationRef location, Operand first, Operand second, Position pos)
            implements Instruction {
        @Override public String keyword() { return kind.name().toLowerCase(java.util.Locale.ROOT); }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitPlainRmw(this); }
        @Override public String toString() {
            return (result == null ? "_" : result.toString()) + " = unlocked " + call(kind, location, first, second);
        }
    }

    /**
     * An instruction of unrolled x86 code that runs only on the executions whose branch decisions
     * lead to it: {@code guard} over the registers that hold those decisions (fixed once taken).
     * Its events exist iff the guard holds; otherwise it has no effect.
     */
    record Guarded(BoolExpr guard, Instruction body, Position pos) implements Instruction {
        @Override public String keyword() { return body.keyword(); }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitGuarded(this); }
        @Override public String toString() { return "[" + guard + "] " + body; }
    }

    /**
     * The end of an unrolled path that would take a backward jump to {@code label} more often than
     * the unrolling bound allows (herd7 {@code -unroll}): an execution reaching it is discarded, and
     * the run says that legal outcomes may be missing.
     */
    record Cutoff(String label, Position pos) implements Instruction {
        @Override public String keyword() { return "cutoff"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitCutoff(this); }
        @Override public String toString() { return "cutoff " + label; }
    }

    /** {@code assume (c)}: blocks forever if {@code c} is false. */
    record Assume(BoolExpr condition, Position pos) implements Instruction {
        @Override public String keyword() { return "assume"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitAssume(this); }
        @Override public String toString() {
            String c = condition.toString();
            return c.startsWith("(") ? "assume " + c : "assume (" + c + ")";
        }
    }

    /** {@code await x == e}: one load of {@code x} that must read the value of {@code e}. */
    record Await(LocationRef location, Operand expected, Position pos) implements Instruction {
        @Override public String keyword() { return "await"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitAwait(this); }
        @Override public String toString() { return "await " + location + " == " + expected; }
    }

    /**
     * A NIC operation: {@code put}, {@code get}, {@code rcas} or {@code rfaa}. It is issued by the
     * CPU and executed asynchronously by the NIC on queue pair {@code qp(t, targetNode)}.
     */
    sealed interface NicOperation extends Instruction permits Put, Get, RemoteCas, RemoteFaa {
        /** The target node (names the queue pair). */
        NodeRef node();

        /** The remote location, homed on {@link #node()}. */
        LocationRef remote();

        /** The local location (put source, get destination, RMW result slot). */
        LocationRef local();

        /** The work id, or {@code null} if the operation is untagged. */
        WorkIdRef tag();

        /**
         * Whether the operation asks for a completion of its own (verbs' {@code IBV_SEND_SIGNALED}).
         * Only signalled operations are matched by polls; an unsignalled one is known complete
         * through a poll of a later signalled operation of its queue pair (models.md §3.1), or a
         * wait or gf (language.md §4.2).
         */
        default boolean signaled() {
            return true;
        }

        /** Renders the {@code #d} suffix, or the empty string. */
        default String tagSuffix() {
            return tag() == null ? "" : " #" + tag().name();
        }
    }

    /**
     * {@code put x@n, y}: the NIC copies local {@code y} into remote {@code x}. With {@code inline}
     * ({@code put.inline x@n, y}, verbs' {@code IBV_SEND_INLINE}, language.md §4.2) the CPU reads
     * {@code y} when it posts the put, in program order and from its own store buffer if need be;
     * without it the NIC reads {@code y} later.
     */
    record Put(LocationRef remote, NodeRef node, LocationRef source, WorkIdRef tag, boolean inline, boolean unsignaled,
               Position pos) implements NicOperation {
        /** A signalled put whose source the NIC reads (not inline), as before the options existed. */
        public Put(LocationRef remote, NodeRef node, LocationRef source, WorkIdRef tag, Position pos) {
            this(remote, node, source, tag, false, false, pos);
        }

        /** A signalled put, inline or not. */
        public Put(LocationRef remote, NodeRef node, LocationRef source, WorkIdRef tag, boolean inline, Position pos) {
            this(remote, node, source, tag, inline, false, pos);
        }

        /** {@code put.unsignaled}: no completion of its own (language.md §4.2). */
        @Override public boolean signaled() { return !unsignaled; }

        @Override public LocationRef local() { return source; }
        @Override public String keyword() { return "put"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitPut(this); }
        @Override public String toString() {
            return "put" + (inline ? ".inline" : "") + (unsignaled ? ".unsignaled" : "") + " " + remote + "@" + node + ", "
                    + source + tagSuffix();
        }

        /** This put with {@code inline} set as given (every other component kept). */
        public Put withInline(boolean inline) {
            return new Put(remote, node, source, tag, inline, unsignaled, pos);
        }

        /** This put with {@code unsignaled} set as given (every other component kept). */
        public Put withUnsignaled(boolean unsignaled) {
            return new Put(remote, node, source, tag, inline, unsignaled, pos);
        }
    }

    /** {@code get y, x@n}: the NIC copies remote {@code x} into local {@code y}. */
    record Get(LocationRef destination, LocationRef remote, NodeRef node, WorkIdRef tag, Position pos) implements NicOperation {
        @Override public LocationRef local() { return destination; }
        @Override public String keyword() { return "get"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitGet(this); }
        @Override public String toString() { return "get " + destination + ", " + remote + "@" + node + tagSuffix(); }
    }

    /** {@code rcas z, x@n, e, v}: remote compare-and-swap; the old value lands in local {@code z}. */
    record RemoteCas(LocationRef result, LocationRef remote, NodeRef node, Operand expected, Operand newValue,
                     WorkIdRef tag, Position pos) implements NicOperation {
        @Override public LocationRef local() { return result; }
        @Override public String keyword() { return "rcas"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitRemoteCas(this); }
        @Override public String toString() {
            return "rcas " + result + ", " + remote + "@" + node + ", " + expected + ", " + newValue + tagSuffix();
        }
    }

    /** {@code rfaa z, x@n, k}: remote fetch-and-add; the old value lands in local {@code z}. */
    record RemoteFaa(LocationRef result, LocationRef remote, NodeRef node, Operand addend, WorkIdRef tag, Position pos)
            implements NicOperation {
        @Override public LocationRef local() { return result; }
        @Override public String keyword() { return "rfaa"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitRemoteFaa(this); }
        @Override public String toString() { return "rfaa " + result + ", " + remote + "@" + node + ", " + addend + tagSuffix(); }
    }

    /** {@code poll n}: consumes the completion of the oldest not-yet-polled operation of its scope. */
    record Poll(NodeRef node, Position pos) implements Instruction {
        @Override public String keyword() { return "poll"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitPoll(this); }
        @Override public String toString() { return "poll " + node; }
    }

    /** {@code rfence n}: later operations to {@code n} start after earlier gets and RMWs complete. */
    record RFence(NodeRef node, Position pos) implements Instruction {
        @Override public String keyword() { return "rfence"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitRFence(this); }
        @Override public String toString() { return "rfence " + node; }
    }

    /** {@code wait d}: blocks until every earlier operation tagged {@code d} is complete. */
    record Wait(WorkIdRef id, Position pos) implements Instruction {
        @Override public String keyword() { return "wait"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitWait(this); }
        @Override public String toString() { return "wait " + id; }
    }

    /** {@code gf}: global fence, blocks until every earlier operation of the thread is complete. */
    record GlobalFence(Position pos) implements Instruction {
        @Override public String keyword() { return "gf"; }
        @Override public <T> T accept(InstructionVisitor<T> v) { return v.visitGlobalFence(this); }
        @Override public String toString() { return "gf"; }
    }
}
