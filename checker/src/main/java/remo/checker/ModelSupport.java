package remo.checker;

import java.util.ArrayList;
import java.util.List;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.litmus.Instruction;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.models.CatModel;
import remo.models.CatCheck;
import remo.models.algebra.EventSet;

/**
 * The model-dependent part of static validation (language.md §6.2 step 5): instruction guards
 * (E-UNSUPPORTED, models.md §7.4) and the warnings W-POLL-BLOCKS and W-WAIT-VACUOUS
 * (language.md §6.4).
 */
public final class ModelSupport {

    private ModelSupport() {
    }

    /**
     * Rejects a program with an instruction whose events a guard of {@code model} names.
     *
     * @throws LitmusException E-UNSUPPORTED at the first such instruction in validation order
     *                         (thread P0 top to bottom, then P1, …)
     */
    public static void requireSupported(EventStructure structure, CatModel model, FlagValues flags) throws LitmusException {
        if (model.guards().isEmpty()) {
            return;
        }
        EventSet rejected = EventSet.empty(structure.size());
        MaskedUniverse all = MaskedUniverse.exact(structure, EventSet.all(structure.size()));
        for (CatCheck guard : model.guards()) {
            rejected = rejected.union(model.guardEvents(guard, all, flags));
        }
        if (rejected.isEmpty()) {
            return;
        }
        Program program = structure.program();
        for (ThreadCode t : program.threads()) {
            for (int i = 0; i < t.size(); i++) {
                int first = structure.firstEvent(t.index(), i);
                for (int k = 0; first >= 0 && k < structure.eventCount(t.index(), i); k++) {
                    if (rejected.contains(first + k)) {
                        Instruction ins = t.instructions().get(i);
                        throw new LitmusException(Diagnostic.error("E-UNSUPPORTED", program.sourceName(), ins.pos(),
                                "instruction '" + ins.keyword() + "' is not supported by model " + model.name()));
                    }
                }
            }
        }
    }

    /**
     * W-UNROLL at a {@code Cutoff}: some execution would follow the backward jump beyond the
     * unrolling bound and was discarded, as herd7 does ("unrolling limit exceeded").
     */
    public static Diagnostic unrollWarning(Program program, Instruction.Cutoff cutoff) {
        return Diagnostic.warning("W-UNROLL", program.sourceName(), cutoff.pos(), "unrolling limit exceeded at "
                + cutoff.label() + ": executions that take this backward jump once more were cut, legal outcomes may "
                + "be missing (raise the bound with --unroll N)");
    }

    /**
     * The warnings of language.md §6.4 for the structure's program and flags: W-POLL-BLOCKS for
     * every statically blocked poll, W-WAIT-VACUOUS for every {@code wait d} whose tagged
     * operations all come after it.
     */
    public static List<Diagnostic> warnings(EventStructure structure) {
        Program program = structure.program();
        List<Diagnostic> out = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            for (int i = 0; i < t.size(); i++) {
                Instruction ins = t.instructions().get(i);
                if (ins instanceof Instruction.Poll poll) {
                    for (int[] b : structure.blockedPolls()) {
                        if (b[0] == t.index() && b[1] == i) {
                            out.add(Diagnostic.warning("W-POLL-BLOCKS", program.sourceName(), ins.pos(), "poll "
                                    + poll.node().text() + " of P" + t.index()
                                    + " has no earlier operation to match; every execution blocks here"));
                        }
                    }
                } else if (ins instanceof Instruction.Wait wait) {
                    boolean earlier = false;
                    boolean any = false;
                    for (int j = 0; j < t.size(); j++) {
                        if (t.instructions().get(j) instanceof Instruction.NicOperation op && op.tag() != null
                                && op.tag().name().equals(wait.id().name())) {
                            any = true;
                            earlier |= j < i;
                        }
                    }
                    if (any && !earlier) {
                        out.add(Diagnostic.warning("W-WAIT-VACUOUS", program.sourceName(), ins.pos(), "wait "
                                + wait.id().name() + " of P" + t.index() + " covers no earlier operation and returns at once"));
                    }
                }
            }
        }
        return out;
    }
}
