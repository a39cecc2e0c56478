package remo.symbolic;

import java.util.EnumSet;
import java.util.Set;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.models.CatModel;
import remo.models.CatCheck;
import remo.models.ModelExpression;
import remo.models.ModelExpressionVisitor;

/**
 * Which instruction shapes a model accepts (models.md §7.4). An instruction guard
 * {@code flag ~empty S as unsupported…} is built from event classes with {@code | & \ ~}, so
 * whether an event is in {@code S} depends on its labels alone: a shape is rejected when one of
 * its potential events (a missing conditional write included) is, or when it accesses memory and
 * an initial write is. Comparisons range over the programs both models accept.
 */
final class ShapeSupport {

    private ShapeSupport() {
    }

    /**
     * The shapes of programs that {@code model} accepts under {@code flags}; a failed {@code rcas}
     * without write-back only under {@code FAILED_RCAS_WRITES=NO} (models.md §2.2).
     */
    static Set<InstructionShape> accepted(CatModel model, FlagValues flags) {
        EnumSet<EventType> rejected = EnumSet.noneOf(EventType.class);
        for (CatCheck guard : model.guards()) {
            for (EventType t : EventType.values()) {
                if (guard.expression().accept(new Membership(t, flags))) {
                    rejected.add(t);
                }
            }
        }
        EnumSet<InstructionShape> out = EnumSet.noneOf(InstructionShape.class);
        for (InstructionShape s : InstructionShape.values()) {
            boolean memory = s.potentialEvents().stream().anyMatch(t -> t.kind().isMemory());
            boolean ok = s.potentialEvents().stream().noneMatch(rejected::contains)
                    && !(memory && rejected.contains(EventType.INITIAL_WRITE));
            if (s == InstructionShape.FAILED_RCAS && flags.failedRcasWrites()
                    || s == InstructionShape.FAILED_RCAS_WRITE_BACK) {
                ok = false; // the write-back shape exists only in comparisons of the flag's values
            }
            if (ok) {
                out.add(s);
            }
        }
        return out;
    }

    /** Whether an event of one type is in a guard's set. */
    private static final class Membership implements ModelExpressionVisitor<Boolean> {
        private final EventType type;
        private final FlagValues flags;

        Membership(EventType type, FlagValues flags) {
            this.type = type;
            this.flags = flags;
        }

        @Override
        public Boolean visitBuiltin(ModelExpression e) {
            return type.in(e.builtin(), flags);
        }

        @Override
        public Boolean visitEmpty(ModelExpression e) {
            return false;
        }

        @Override
        public Boolean visitUnion(ModelExpression e) {
            return e.left().accept(this) || e.right().accept(this);
        }

        @Override
        public Boolean visitIntersection(ModelExpression e) {
            return e.left().accept(this) && e.right().accept(this);
        }

        @Override
        public Boolean visitDifference(ModelExpression e) {
            return e.left().accept(this) && !e.right().accept(this);
        }

        @Override
        public Boolean visitComplement(ModelExpression e) {
            return !e.left().accept(this);
        }

        @Override
        public Boolean visitIf(ModelExpression e) {
            return (e.conditionHolds(flags) ? e.left() : e.right()).accept(this);
        }
    }
}
