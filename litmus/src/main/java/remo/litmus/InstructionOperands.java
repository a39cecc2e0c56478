package remo.litmus;

import java.util.ArrayList;
import java.util.List;

/**
 * The operands of one instruction in textual order, each with the rule it must satisfy
 * (language.md §4.2), and the registers the instruction writes. Used by {@link ProgramValidator}
 * for step 3 of language.md §6.2.
 *
 * @param uses   the operands, left to right as written
 * @param writes the registers the instruction assigns (load, register assignment, {@code cas},
 *               {@code faa}; x86 exchange forms)
 */
record InstructionOperands(List<Use> uses, List<Register> writes) {

    InstructionOperands {
        uses = List.copyOf(uses);
        writes = List.copyOf(writes);
    }

    /** One operand occurrence and what is required of it. */
    sealed interface Use permits CpuAccess, LocalOperand, RemoteOperand, RegisterRead {
    }

    /** A location accessed by the CPU: it must live on the thread's node (E-NONLOCAL). */
    record CpuAccess(LocationRef location) implements Use {
    }

    /**
     * The local location of a NIC operation: it must live on the issuing node (E-NOT-LOCAL).
     *
     * @param role {@code put source}, {@code get destination} or {@code result location}
     */
    record LocalOperand(LocationRef location, String role) implements Use {
    }

    /** The remote operand {@code x@n}: {@code x} must live on node {@code n} (E-HOME-MISMATCH). */
    record RemoteOperand(LocationRef location, NodeRef node) implements Use {
    }

    /** A register that is read: it must be assigned earlier (E-UNKNOWN-REG). */
    record RegisterRead(Register register) implements Use {
    }

    /** The operands of {@code instruction}. */
    static InstructionOperands of(Instruction instruction) {
        return instruction.accept(COLLECTOR);
    }

    private static final InstructionVisitor<InstructionOperands> COLLECTOR = new InstructionVisitor<>() {
        @Override
        public InstructionOperands visitLoad(Instruction.Load i) {
            return new InstructionOperands(List.of(new CpuAccess(i.source())), List.of(i.destination()));
        }

        @Override
        public InstructionOperands visitStore(Instruction.Store i) {
            List<Use> uses = new ArrayList<>();
            uses.add(new CpuAccess(i.destination()));
            read(uses, i.value());
            return new InstructionOperands(uses, List.of());
        }

        @Override
        public InstructionOperands visitAssign(Instruction.Assign i) {
            List<Use> uses = new ArrayList<>();
            read(uses, i.left());
            read(uses, i.right());
            return new InstructionOperands(uses, List.of(i.destination()));
        }

        @Override
        public InstructionOperands visitRegisterSwap(Instruction.RegisterSwap i) {
            return new InstructionOperands(List.of(new RegisterRead(i.first()), new RegisterRead(i.second())),
                    List.of(i.first(), i.second()));
        }

        @Override
        public InstructionOperands visitMFence(Instruction.MFence i) {
            return none();
        }

        @Override
        public InstructionOperands visitLockedRmw(Instruction.LockedRmw i) {
            List<Use> uses = new ArrayList<>();
            uses.add(new CpuAccess(i.location()));
            read(uses, i.first());
            read(uses, i.second());
            return new InstructionOperands(uses, i.result() == null ? List.of() : List.of(i.result()));
        }

        @Override
        public InstructionOperands visitAssume(Instruction.Assume i) {
            List<Use> uses = new ArrayList<>();
            reads(uses, i.condition());
            return new InstructionOperands(uses, List.of());
        }

        @Override
        public InstructionOperands visitAwait(Instruction.Await i) {
            List<Use> uses = new ArrayList<>();
            uses.add(new CpuAccess(i.location()));
            read(uses, i.expected());
            return new InstructionOperands(uses, List.of());
        }

        @Override
        public InstructionOperands visitPut(Instruction.Put i) {
            return new InstructionOperands(List.of(new RemoteOperand(i.remote(), i.node()),
                    new LocalOperand(i.source(), "put source")), List.of());
        }

        @Override
        public InstructionOperands visitGet(Instruction.Get i) {
            return new InstructionOperands(List.of(new LocalOperand(i.destination(), "get destination"),
                    new RemoteOperand(i.remote(), i.node())), List.of());
        }

        @Override
        public InstructionOperands visitRemoteCas(Instruction.RemoteCas i) {
            List<Use> uses = new ArrayList<>();
            uses.add(new LocalOperand(i.result(), "result location"));
            uses.add(new RemoteOperand(i.remote(), i.node()));
            read(uses, i.expected());
            read(uses, i.newValue());
            return new InstructionOperands(uses, List.of());
        }

        @Override
        public InstructionOperands visitRemoteFaa(Instruction.RemoteFaa i) {
            List<Use> uses = new ArrayList<>();
            uses.add(new LocalOperand(i.result(), "result location"));
            uses.add(new RemoteOperand(i.remote(), i.node()));
            read(uses, i.addend());
            return new InstructionOperands(uses, List.of());
        }

        @Override
        public InstructionOperands visitPoll(Instruction.Poll i) {
            return none();
        }

        @Override
        public InstructionOperands visitRFence(Instruction.RFence i) {
            return none();
        }

        @Override
        public InstructionOperands visitWait(Instruction.Wait i) {
            return none();
        }

        @Override
        public InstructionOperands visitGlobalFence(Instruction.GlobalFence i) {
            return none();
        }
    };

    private static InstructionOperands none() {
        return new InstructionOperands(List.of(), List.of());
    }

    /** Adds a register read if {@code operand} is a register ({@code null} and constants add nothing). */
    private static void read(List<Use> uses, Operand operand) {
        if (operand instanceof Register r) {
            uses.add(new RegisterRead(r));
        }
    }

    /** Adds the register reads of an {@code assume} condition, left to right. */
    private static void reads(List<Use> uses, BoolExpr e) {
        if (e instanceof BoolExpr.Compare c) {
            read(uses, c.left());
            read(uses, c.right());
        } else if (e instanceof BoolExpr.Not n) {
            reads(uses, n.operand());
        } else if (e instanceof BoolExpr.And a) {
            reads(uses, a.left());
            reads(uses, a.right());
        } else {
            BoolExpr.Or o = (BoolExpr.Or) e;
            reads(uses, o.left());
            reads(uses, o.right());
        }
    }
}
