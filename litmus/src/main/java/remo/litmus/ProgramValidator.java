package remo.litmus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.Position;

/**
 * Static validation of a parsed RDMA program: steps 2–4 of language.md §6.2, in that order.
 *
 * <ol start="2">
 *   <li>Register initialisations, in textual order: {@code E-UNKNOWN-THREAD}.</li>
 *   <li>Instructions, thread {@code P0} top to bottom, then {@code P1}, …; within an instruction
 *       the operands left to right, and for each operand: unknown location ({@code E-UNKNOWN-LOC}),
 *       home node ({@code E-NONLOCAL}, {@code E-NOT-LOCAL}, {@code E-HOME-MISMATCH}), register use
 *       ({@code E-UNKNOWN-REG}); then the instruction-level checks {@code E-SLOT-ALIAS},
 *       {@code E-NO-QP}, {@code E-UNKNOWN-WID}.</li>
 *   <li>Constraints in textual order ({@code locations}, {@code filter}, condition):
 *       {@code E-UNKNOWN-THREAD}, {@code E-UNKNOWN-REG} (never assigned), {@code E-UNKNOWN-LOC}.</li>
 * </ol>
 *
 * <p>Model-dependent checks (step 5) belong to the checker. X86 and X86_64 programs are checked by
 * their parser and pass through unchanged.
 */
public final class ProgramValidator {

    private final Program program;

    private ProgramValidator(Program program) {
        this.program = program;
    }

    /**
     * Validates {@code program}.
     *
     * @param program a parsed (or generated) program
     * @throws LitmusException the first error in the order of language.md §6.2 steps 2–4, with the
     *                         exact message of language.md §6.3; never for X86/X86_64 programs
     */
    public static void validate(Program program) throws LitmusException {
        if (program.dialect().isX86()) {
            return;
        }
        ProgramValidator validator = new ProgramValidator(program);
        validator.checkRegisterInits();
        for (ThreadCode thread : program.threads()) {
            validator.checkThread(thread);
        }
        validator.checkConstraints();
    }

    /** Step 2: every register initialisation names an existing thread. */
    private void checkRegisterInits() throws LitmusException {
        for (RegisterInit init : program.registerInits()) {
            if (init.thread() >= program.threads().size()) {
                throw error("E-UNKNOWN-THREAD", init.threadPos(), "unknown thread " + init.thread());
            }
        }
    }

    /** Step 3 for one thread. */
    private void checkThread(ThreadCode thread) throws LitmusException {
        Set<String> assigned = initialisedRegisters(thread.index());
        Set<Integer> targets = new HashSet<>();
        Set<String> tags = new HashSet<>();
        for (Instruction i : thread.instructions()) {
            if (i instanceof Instruction.NicOperation op) {
                targets.add(op.node().node());
                if (op.tag() != null) {
                    tags.add(op.tag().name());
                }
            }
        }
        for (Instruction instruction : thread.instructions()) {
            InstructionOperands operands = InstructionOperands.of(instruction);
            for (InstructionOperands.Use use : operands.uses()) {
                checkUse(thread, use, assigned);
            }
            checkInstruction(thread, instruction, targets, tags);
            for (Register r : operands.writes()) {
                assigned.add(r.name());
            }
        }
    }

    private void checkUse(ThreadCode thread, InstructionOperands.Use use, Set<String> assigned) throws LitmusException {
        if (use instanceof InstructionOperands.RegisterRead read) {
            Register r = read.register();
            if (!assigned.contains(r.name())) {
                throw error("E-UNKNOWN-REG", r.pos(),
                        "register " + r.name() + " of " + thread.name() + " is read before it is assigned");
            }
        } else if (use instanceof InstructionOperands.CpuAccess access) {
            LocationDecl decl = declared(access.location());
            if (decl.home() != thread.node()) {
                throw error("E-NONLOCAL", access.location().pos(), thread.name() + " runs on node " + thread.node()
                        + " but '" + decl.name() + "' lives on node " + decl.home()
                        + "; CPU instructions may access only their own node");
            }
        } else if (use instanceof InstructionOperands.LocalOperand local) {
            LocationDecl decl = declared(local.location());
            if (decl.home() != thread.node()) {
                throw error("E-NOT-LOCAL", local.location().pos(), local.role() + " '" + decl.name()
                        + "' must live on the issuing node " + thread.node() + ", but lives on node " + decl.home());
            }
        } else {
            InstructionOperands.RemoteOperand remote = (InstructionOperands.RemoteOperand) use;
            LocationDecl decl = declared(remote.location());
            if (decl.home() != remote.node().node()) {
                throw error("E-HOME-MISMATCH", remote.location().pos(),
                        "'" + decl.name() + "' lives on node " + decl.home() + ", not on node " + remote.node().node());
            }
        }
    }

    /** E-SLOT-ALIAS, E-NO-QP and E-UNKNOWN-WID. */
    private void checkInstruction(ThreadCode thread, Instruction instruction, Set<Integer> targets, Set<String> tags)
            throws LitmusException {
        if (instruction instanceof Instruction.RemoteCas || instruction instanceof Instruction.RemoteFaa) {
            Instruction.NicOperation op = (Instruction.NicOperation) instruction;
            if (op.local().name().equals(op.remote().name())) {
                throw error("E-SLOT-ALIAS", op.local().pos(),
                        "result location '" + op.local().name() + "' must differ from the target location");
            }
        }
        NodeRef queuePair = null;
        if (instruction instanceof Instruction.Poll poll) {
            queuePair = poll.node();
        } else if (instruction instanceof Instruction.RFence fence) {
            queuePair = fence.node();
        }
        if (queuePair != null && !targets.contains(queuePair.node())) {
            int n = queuePair.node();
            throw error("E-NO-QP", instruction.pos(), thread.name() + " has no queue pair to node " + n
                    + ": no put, get, rcas or rfaa of " + thread.name() + " targets node " + n);
        }
        if (instruction instanceof Instruction.Wait wait && !tags.contains(wait.id().name())) {
            String d = wait.id().name();
            throw error("E-UNKNOWN-WID", instruction.pos(),
                    "wait " + d + ": no operation of " + thread.name() + " carries work id #" + d);
        }
    }

    /** Step 4: {@code locations}, then the filter, then the condition. */
    private void checkConstraints() throws LitmusException {
        List<ItemRef> refs = new ArrayList<>(program.shownItems());
        if (program.filter() != null) {
            program.filter().forEachAtom(a -> refs.add(a.ref()));
        }
        program.condition().forEachAtom(a -> refs.add(a.ref()));
        for (ItemRef ref : refs) {
            checkItem(ref);
        }
    }

    private void checkItem(ItemRef ref) throws LitmusException {
        if (ref.item() instanceof StateItem.RegisterItem r) {
            if (r.thread() >= program.threads().size()) {
                throw error("E-UNKNOWN-THREAD", ref.pos(), "unknown thread " + r.thread());
            }
            if (!assignedRegisters(r.thread()).contains(r.register())) {
                throw error("E-UNKNOWN-REG", ref.pos(),
                        "register " + ref.spelling() + " is never assigned by P" + r.thread());
            }
        } else {
            String name = ((StateItem.LocationItem) ref.item()).name();
            if (program.location(name).isEmpty()) {
                throw error("E-UNKNOWN-LOC", ref.pos(), "unknown location '" + name + "'");
            }
        }
    }

    /** The declaration of {@code ref}; E-UNKNOWN-LOC if there is none. */
    private LocationDecl declared(LocationRef ref) throws LitmusException {
        LocationDecl decl = program.location(ref.name()).orElse(null);
        if (decl == null) {
            throw error("E-UNKNOWN-LOC", ref.pos(), "unknown location '" + ref.name() + "'");
        }
        return decl;
    }

    private Set<String> initialisedRegisters(int thread) {
        Set<String> names = new HashSet<>();
        for (RegisterInit init : program.registerInits()) {
            if (init.thread() == thread) {
                names.add(init.register().name());
            }
        }
        return names;
    }

    /** Registers thread {@code thread} initialises or assigns anywhere (language.md §6.3). */
    private Set<String> assignedRegisters(int thread) {
        Set<String> names = initialisedRegisters(thread);
        for (Instruction i : program.thread(thread).instructions()) {
            for (Register r : InstructionOperands.of(i).writes()) {
                names.add(r.name());
            }
        }
        return names;
    }

    private LitmusException error(String code, Position pos, String message) {
        return new LitmusException(Diagnostic.error(code, program.sourceName(), pos, message));
    }
}
