package remo.litmus;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * A proposition over a final state (language.md §5.1): atoms {@code cloc = const} combined with
 * {@code ~}, {@code /\}, {@code \/} and {@code =>}.
 */
public sealed interface Prop permits Prop.Constant, Prop.Atom, Prop.Not, Prop.And, Prop.Or, Prop.Implies {

    /**
     * Evaluates the proposition.
     *
     * @param state gives the final value of each item
     */
    boolean eval(ToLongFunction<StateItem> state);

    /** Calls {@code action} for every atom, left to right. */
    void forEachAtom(Consumer<Atom> action);

    /** {@code true} or {@code false}. */
    record Constant(boolean value) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) { return value; }
        @Override public void forEachAtom(Consumer<Atom> action) { }
    }

    /**
     * {@code item = value} or {@code item != value}.
     *
     * @param equal {@code true} for {@code =}/{@code ==}, {@code false} for {@code !=}/{@code <>}
     */
    record Atom(ItemRef ref, boolean equal, long value) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) {
            return (state.applyAsLong(ref.item()) == value) == equal;
        }

        @Override public void forEachAtom(Consumer<Atom> action) { action.accept(this); }
    }

    /** {@code ~p}. */
    record Not(Prop operand) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) { return !operand.eval(state); }
        @Override public void forEachAtom(Consumer<Atom> action) { operand.forEachAtom(action); }
    }

    /** {@code p /\ q}. */
    record And(Prop left, Prop right) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) { return left.eval(state) && right.eval(state); }
        @Override public void forEachAtom(Consumer<Atom> action) { left.forEachAtom(action); right.forEachAtom(action); }
    }

    /** {@code p \/ q}. */
    record Or(Prop left, Prop right) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) { return left.eval(state) || right.eval(state); }
        @Override public void forEachAtom(Consumer<Atom> action) { left.forEachAtom(action); right.forEachAtom(action); }
    }

    /** {@code p => q}. */
    record Implies(Prop left, Prop right) implements Prop {
        @Override public boolean eval(ToLongFunction<StateItem> state) { return !left.eval(state) || right.eval(state); }
        @Override public void forEachAtom(Consumer<Atom> action) { left.forEachAtom(action); right.forEachAtom(action); }
    }

    /** The conjunction of a list of propositions ({@code true} if empty). */
    static Prop conjunction(List<Prop> parts) {
        Prop result = null;
        for (Prop p : parts) {
            result = result == null ? p : new And(result, p);
        }
        return result == null ? new Constant(true) : result;
    }
}
