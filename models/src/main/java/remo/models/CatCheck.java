package remo.models;

import java.util.List;
import remo.core.FlagValues;
import remo.core.Position;
import remo.models.cat.CatCondition;
import remo.models.cat.CatStatement.CheckKind;

/**
 * One check of a loaded model: a consistency axiom ({@code acyclic hb as causality}), a
 * per-execution flag ({@code flag ~empty … as NAME}), or an instruction guard (a flag whose name
 * starts with {@code unsupported}, models.md §7.4).
 */
public final class CatCheck {
    private final int index;
    private final CheckKind kind;
    private final boolean negated;
    final Node expr;
    private final String name;
    private final boolean flag;
    private final Position pos;
    private final String file;
    private final CatCondition condition;
    private final List<String> calls;

    /**
     * @param condition the remo-flag condition under which the check applies (a statement-level
     *                  {@code if} on flags), or null for always
     * @param calls     the names of the procedure calls the check was made in, innermost first
     *                  ({@code call p(…) as NAME} gives NAME); {@code --skipcheck} of one skips it
     */
    CatCheck(int index, CheckKind kind, boolean negated, Node expr, String name, boolean flag, Position pos, String file,
               CatCondition condition, List<String> calls) {
        this.index = index;
        this.kind = kind;
        this.negated = negated;
        this.expr = expr;
        this.name = name;
        this.flag = flag;
        this.pos = pos;
        this.file = file;
        this.condition = condition;
        this.calls = List.copyOf(calls);
    }

    /** Whether the check applies under {@code flags} (it is not in the other branch of an {@code if} on flags). */
    public boolean appliesUnder(FlagValues flags) {
        return condition == null || condition.eval(flags);
    }

    /**
     * The names by which {@code --skipcheck} skips this check: its own {@code as} name (if named)
     * and the names of the procedure calls it was made in.
     */
    public List<String> skipNames() {
        List<String> out = new java.util.ArrayList<>();
        if (name != null) {
            out.add(name);
        }
        out.addAll(calls);
        return out;
    }

    /** Position among the model's checks of the same category (0-based). */
    public int index() {
        return index;
    }

    /** acyclic, irreflexive or empty. */
    public CheckKind kind() {
        return kind;
    }

    /** The check's keyword: {@code acyclic}, {@code irreflexive} or {@code empty} (models.md §7.2). */
    public String kindKeyword() {
        return kind.keyword();
    }

    /** Whether the check is negated ({@code ~acyclic …}). */
    public boolean negated() {
        return negated;
    }

    /** The {@code as} name, or a name made from the check and its position when there is none. */
    public String name() {
        return name != null ? name : kind.keyword() + "@" + file + ":" + pos;
    }

    /** Whether the check was named with {@code as}. */
    public boolean isNamed() {
        return name != null;
    }

    /** Whether this is a {@code flag} statement. */
    public boolean isFlag() {
        return flag;
    }

    /** Whether this is an instruction guard ({@code flag … as unsupported…}). */
    public boolean isGuard() {
        return flag && name != null && name.startsWith("unsupported");
    }

    /** The checked expression, for tools that translate the model (models.md §7.3). */
    public ModelExpression expression() {
        return new ModelExpression(expr);
    }

    /** The checked expression, rendered in cat syntax (let names kept). */
    public String expressionText() {
        return expr.toString();
    }

    /** Position of the check statement in its file. */
    public Position pos() {
        return pos;
    }

    /** The cat file the check comes from. */
    public String file() {
        return file;
    }

    @Override
    public String toString() {
        return (flag ? "flag " : "") + (negated ? "~" : "") + kind.keyword() + " " + expr + " as " + name();
    }
}
