package remo.models.cat;

import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.Position;

/**
 * A variant condition of {@code if c then e1 else e2} (models.md §7.3): {@code "NAME"} (an on/off
 * flag is ON), {@code "NAME=VALUE"}, {@code not c}, {@code c1 && c2}, {@code c1 || c2}.
 */
public sealed interface CatCondition permits CatCondition.FlagTest, CatCondition.Not, CatCondition.And, CatCondition.Or {

    /** Evaluates the condition under the given flag values. */
    boolean eval(FlagValues flags);

    /** {@code "NAME"} or {@code "NAME=VALUE"}, already checked against models.md §8. */
    record FlagTest(Flag flag, String value, Position pos) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return value.equals(flags.get(flag)); }
        @Override public String toString() { return "\"" + flag.name() + "=" + value + "\""; }
    }

    /** {@code not c}. */
    record Not(CatCondition operand) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return !operand.eval(flags); }
        @Override public String toString() { return "not " + operand; }
    }

    /** {@code c1 && c2}. */
    record And(CatCondition left, CatCondition right) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return left.eval(flags) && right.eval(flags); }
        @Override public String toString() { return "(" + left + " && " + right + ")"; }
    }

    /** {@code c1 || c2}. */
    record Or(CatCondition left, CatCondition right) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return left.eval(flags) || right.eval(flags); }
        @Override public String toString() { return "(" + left + " || " + right + ")"; }
    }
}
