package remo.models.cat;

import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.Position;

/**
 * A variant condition of {@code if c then e1 else e2} (models.md §7.3): {@code "NAME"} (an on/off
 * flag is ON), {@code "NAME=VALUE"}, {@code not c}, {@code c1 && c2}, {@code c1 || c2}, and
 * herd7's own variants ({@code "mixed"}, {@code "cos-opt"}, …), which remo never sets.
 */
public sealed interface CatCondition permits CatCondition.FlagTest, CatCondition.HerdVariant, CatCondition.Not,
        CatCondition.And, CatCondition.Or {

    /** Evaluates the condition under the given flag values. */
    boolean eval(FlagValues flags);

    /** {@code "NAME"} or {@code "NAME=VALUE"}, already checked against models.md §8. */
    record FlagTest(Flag flag, String value, Position pos) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return value.equals(flags.get(flag)); }
        @Override public String toString() { return "\"" + flag.name() + "=" + value + "\""; }

        // equals and hashCode written out with exactly a record's own results, because the implicit
        // ones are bound on first call by a bootstrap that generates method-handle classes (as
        // remo.core.Position's; CatConditionRecordTest pins the values)
        @Override
        public boolean equals(Object o) {
            return o instanceof FlagTest f && java.util.Objects.equals(flag, f.flag) && java.util.Objects.equals(value, f.value)
                    && java.util.Objects.equals(pos, f.pos);
        }

        @Override
        public int hashCode() {
            return (31 * java.util.Objects.hashCode(flag) + java.util.Objects.hashCode(value)) * 31 + java.util.Objects.hashCode(pos);
        }
    }

    /**
     * A variant of herd7 ({@code herd/variant.ml}) that is not a remo flag: always false, as in a
     * herd7 run without {@code -variant}.
     */
    record HerdVariant(String name, Position pos) implements CatCondition {
        @Override public boolean eval(FlagValues flags) { return false; }
        @Override public String toString() { return "\"" + name + "\""; }
    }

    /** Whether the condition's value does not depend on remo's flags (it names only herd7 variants). */
    default boolean isConstant() {
        if (this instanceof FlagTest) {
            return false;
        }
        if (this instanceof Not n) {
            return n.operand().isConstant();
        }
        if (this instanceof And a) {
            return a.left().isConstant() && a.right().isConstant();
        }
        if (this instanceof Or o) {
            return o.left().isConstant() && o.right().isConstant();
        }
        return true;
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
