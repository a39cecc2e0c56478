package remo.models;

import remo.litmus.Position;
import remo.models.cat.CatStatement.CheckKind;

/**
 * One check of a loaded model: a consistency axiom ({@code acyclic hb as causality}), a
 * per-execution flag ({@code flag ~empty … as NAME}), or an instruction guard (a flag whose name
 * starts with {@code unsupported}, models.md §7.4).
 */
public final class ModelCheck {
    private final int index;
    private final CheckKind kind;
    private final boolean negated;
    final Node expr;
    private final String name;
    private final boolean flag;
    private final Position pos;
    private final String file;

    ModelCheck(int index, CheckKind kind, boolean negated, Node expr, String name, boolean flag, Position pos, String file) {
        this.index = index;
        this.kind = kind;
        this.negated = negated;
        this.expr = expr;
        this.name = name;
        this.flag = flag;
        this.pos = pos;
        this.file = file;
    }

    /** Position among the model's checks of the same category (0-based). */
    public int index() {
        return index;
    }

    /** acyclic, irreflexive or empty. */
    public CheckKind kind() {
        return kind;
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
