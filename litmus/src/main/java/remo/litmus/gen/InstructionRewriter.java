package remo.litmus.gen;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import remo.core.Position;
import remo.litmus.BoolExpr;
import remo.litmus.Instruction;
import remo.litmus.InstructionVisitor;
import remo.litmus.LocationRef;
import remo.litmus.NodeRef;
import remo.litmus.Operand;
import remo.litmus.Register;
import remo.litmus.WorkIdRef;

/**
 * Rebuilds an instruction with its parts mapped: registers, constants, location references, node
 * references and work ids. Parts are visited left to right as written (language.md §4.1), so a
 * stateful mapping (for example "replace the k-th constant") sees them in textual order.
 *
 * <p>Every rebuilt instruction has position {@link Position#NONE}. Immutable; the mappings must not
 * return {@code null} for a non-null input.
 */
final class InstructionRewriter {

    private final UnaryOperator<Register> registers;
    private final UnaryOperator<Operand.Constant> constants;
    private final UnaryOperator<LocationRef> locations;
    private final UnaryOperator<NodeRef> nodes;
    private final Function<WorkIdRef, WorkIdRef> workIds;

    private InstructionRewriter(UnaryOperator<Register> registers, UnaryOperator<Operand.Constant> constants,
                                UnaryOperator<LocationRef> locations, UnaryOperator<NodeRef> nodes,
                                Function<WorkIdRef, WorkIdRef> workIds) {
        this.registers = registers;
        this.constants = constants;
        this.locations = locations;
        this.nodes = nodes;
        this.workIds = workIds;
    }

    /** The rewriter that only erases positions. */
    static InstructionRewriter erasing() {
        return new InstructionRewriter(r -> Register.of(r.name()), c -> Operand.constant(c.value()),
                l -> LocationRef.of(l.name()), n -> new NodeRef(n.node(), n.text(), Position.NONE),
                w -> WorkIdRef.of(w.name()));
    }

    /** A copy that maps registers (after erasing positions) with {@code f}. */
    InstructionRewriter registers(UnaryOperator<Register> f) {
        UnaryOperator<Register> base = registers;
        return new InstructionRewriter(r -> f.apply(base.apply(r)), constants, locations, nodes, workIds);
    }

    /** A copy that maps constants with {@code f}. */
    InstructionRewriter constants(UnaryOperator<Operand.Constant> f) {
        UnaryOperator<Operand.Constant> base = constants;
        return new InstructionRewriter(registers, c -> f.apply(base.apply(c)), locations, nodes, workIds);
    }

    /** A copy that maps location references with {@code f}. */
    InstructionRewriter locations(UnaryOperator<LocationRef> f) {
        UnaryOperator<LocationRef> base = locations;
        return new InstructionRewriter(registers, constants, l -> f.apply(base.apply(l)), nodes, workIds);
    }

    /** A copy that maps node references with {@code f}. */
    InstructionRewriter nodes(UnaryOperator<NodeRef> f) {
        UnaryOperator<NodeRef> base = nodes;
        return new InstructionRewriter(registers, constants, locations, n -> f.apply(base.apply(n)), workIds);
    }

    /**
     * A copy that maps work ids with {@code f}; {@code f} may return {@code null} to drop the tag of a
     * NIC operation (it must not return {@code null} for the id of a {@code wait}).
     */
    InstructionRewriter workIds(Function<WorkIdRef, WorkIdRef> f) {
        Function<WorkIdRef, WorkIdRef> base = workIds;
        return new InstructionRewriter(registers, constants, locations, nodes, w -> f.apply(base.apply(w)));
    }

    /** The rewritten instruction. */
    Instruction apply(Instruction instruction) {
        return instruction.accept(visitor);
    }

    private Register reg(Register r) {
        return r == null ? null : registers.apply(r);
    }

    private Operand op(Operand o) {
        if (o == null) {
            return null;
        }
        return o instanceof Operand.Constant c ? constants.apply(c) : registers.apply((Register) o);
    }

    private LocationRef loc(LocationRef l) {
        return locations.apply(l);
    }

    private NodeRef node(NodeRef n) {
        return nodes.apply(n);
    }

    private WorkIdRef tag(WorkIdRef w) {
        return w == null ? null : workIds.apply(w);
    }

    private BoolExpr bool(BoolExpr e) {
        if (e instanceof BoolExpr.Compare c) {
            Operand left = op(c.left());
            return new BoolExpr.Compare(left, c.op(), op(c.right()));
        }
        if (e instanceof BoolExpr.Not n) {
            return new BoolExpr.Not(bool(n.operand()));
        }
        if (e instanceof BoolExpr.And a) {
            BoolExpr left = bool(a.left());
            return new BoolExpr.And(left, bool(a.right()));
        }
        BoolExpr.Or o = (BoolExpr.Or) e;
        BoolExpr left = bool(o.left());
        return new BoolExpr.Or(left, bool(o.right()));
    }

    private static final Position NONE = Position.NONE;

    // Operands are evaluated into locals first so that stateful mappings see them left to right.
    private final InstructionVisitor<Instruction> visitor = new InstructionVisitor<>() {
        @Override public Instruction visitLoad(Instruction.Load x) {
            Register d = reg(x.destination());
            return new Instruction.Load(d, loc(x.source()), NONE);
        }

        @Override public Instruction visitStore(Instruction.Store x) {
            LocationRef d = loc(x.destination());
            return new Instruction.Store(d, op(x.value()), NONE);
        }

        @Override public Instruction visitAssign(Instruction.Assign x) {
            Register d = reg(x.destination());
            Operand left = op(x.left());
            return new Instruction.Assign(d, left, x.op(), op(x.right()), NONE);
        }

        @Override public Instruction visitRegisterSwap(Instruction.RegisterSwap x) {
            Register a = reg(x.first());
            return new Instruction.RegisterSwap(a, reg(x.second()), NONE);
        }

        @Override public Instruction visitMFence(Instruction.MFence x) {
            return new Instruction.MFence(NONE);
        }

        @Override public Instruction visitLockedRmw(Instruction.LockedRmw x) {
            Register result = reg(x.result());
            LocationRef l = loc(x.location());
            Operand first = op(x.first());
            return new Instruction.LockedRmw(x.kind(), result, l, first, op(x.second()), NONE);
        }

        @Override public Instruction visitAssume(Instruction.Assume x) {
            return new Instruction.Assume(bool(x.condition()), NONE);
        }

        @Override public Instruction visitAwait(Instruction.Await x) {
            LocationRef l = loc(x.location());
            return new Instruction.Await(l, op(x.expected()), NONE);
        }

        @Override public Instruction visitPut(Instruction.Put x) {
            LocationRef remote = loc(x.remote());
            NodeRef n = node(x.node());
            LocationRef source = loc(x.source());
            return new Instruction.Put(remote, n, source, tag(x.tag()), x.inline(), x.unsignaled(), NONE);
        }

        @Override public Instruction visitGet(Instruction.Get x) {
            LocationRef d = loc(x.destination());
            LocationRef remote = loc(x.remote());
            NodeRef n = node(x.node());
            return new Instruction.Get(d, remote, n, tag(x.tag()), NONE);
        }

        @Override public Instruction visitRemoteCas(Instruction.RemoteCas x) {
            LocationRef result = loc(x.result());
            LocationRef remote = loc(x.remote());
            NodeRef n = node(x.node());
            Operand expected = op(x.expected());
            Operand value = op(x.newValue());
            return new Instruction.RemoteCas(result, remote, n, expected, value, tag(x.tag()), NONE);
        }

        @Override public Instruction visitRemoteFaa(Instruction.RemoteFaa x) {
            LocationRef result = loc(x.result());
            LocationRef remote = loc(x.remote());
            NodeRef n = node(x.node());
            Operand addend = op(x.addend());
            return new Instruction.RemoteFaa(result, remote, n, addend, tag(x.tag()), NONE);
        }

        @Override public Instruction visitPoll(Instruction.Poll x) {
            return new Instruction.Poll(node(x.node()), NONE);
        }

        @Override public Instruction visitRFence(Instruction.RFence x) {
            return new Instruction.RFence(node(x.node()), NONE);
        }

        @Override public Instruction visitWait(Instruction.Wait x) {
            return new Instruction.Wait(workIds.apply(x.id()), NONE);
        }

        @Override public Instruction visitGlobalFence(Instruction.GlobalFence x) {
            return new Instruction.GlobalFence(NONE);
        }
    };
}
