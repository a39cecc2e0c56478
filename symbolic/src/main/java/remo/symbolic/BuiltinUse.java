package remo.symbolic;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.CatCheck;
import remo.models.ModelExpression;
import remo.models.ModelExpressionVisitor;

/** The built-ins that a model's consistency checks refer to (through any {@code let}). */
final class BuiltinUse implements ModelExpressionVisitor<Void> {
    private final Set<ModelExpression> seen = new HashSet<>();
    private final EnumSet<Builtin> used = EnumSet.noneOf(Builtin.class);

    private BuiltinUse() {
    }

    /** The built-ins of {@code model}'s consistency checks. */
    static Set<Builtin> of(CatModel model) {
        BuiltinUse u = new BuiltinUse();
        for (CatCheck c : model.checks()) {
            u.walk(c.expression());
        }
        return u.used;
    }

    private void walk(ModelExpression e) {
        if (seen.add(e)) {
            e.accept(this);
        }
    }

    @Override
    public Void visitBuiltin(ModelExpression e) {
        used.add(e.builtin());
        return null;
    }

    @Override
    public Void visitEmpty(ModelExpression e) {
        return null;
    }

    @Override
    public Void visitUnary(ModelExpression e) {
        walk(e.left());
        return null;
    }

    @Override
    public Void visitBinary(ModelExpression e) {
        walk(e.left());
        walk(e.right());
        return null;
    }

    @Override
    public Void visitIf(ModelExpression e) {
        walk(e.left());
        walk(e.right());
        return null;
    }

    @Override
    public Void visitRecursiveVariable(ModelExpression e) {
        for (ModelExpression b : e.recursiveBodies()) {
            walk(b);
        }
        return null;
    }
}
