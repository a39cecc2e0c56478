package remo.models;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import remo.core.FlagValues;
import remo.core.Position;

/**
 * A read-only view of one node of a loaded model's resolved expression graph (models.md §7.3),
 * for tools that translate a model into another formalism (the symbolic comparison of
 * {@code remo-symbolic}). {@code let}-bound names are shared nodes: two views of the same node are
 * {@linkplain #equals equal} and have the same {@link #id()}, so a translator can memoise by node.
 *
 * <p>Dispatch with {@link #accept}: every {@link Kind} has its own visitor method, and a kind a
 * visitor does not handle fails loudly ({@link ModelExpressionVisitor#visitExpression}).
 */
public final class ModelExpression {

    /** The operators of the cat subset, one per expression form of models.md §7.3. */
    public enum Kind {
        /** A built-in set or relation ({@link #builtin()}). */
        BUILTIN,
        /** {@code 0} or {@code {}}. */
        EMPTY,
        /** {@code e1 | e2}. */
        UNION,
        /** {@code e1 & e2}. */
        INTERSECTION,
        /** {@code e1 \ e2}. */
        DIFFERENCE,
        /** {@code e1 ; e2}. */
        SEQUENCE,
        /** {@code S1 * S2}. */
        PRODUCT,
        /** {@code ~e}, relative to the existing events {@code _} (or {@code _ * _}). */
        COMPLEMENT,
        /** {@code e+}. */
        PLUS,
        /** {@code e*}: {@code e+} and the identity on the existing events. */
        STAR,
        /** {@code e?}: {@code e} and the identity on the existing events. */
        OPTION,
        /** {@code e^-1}. */
        INVERSE,
        /** {@code [S]}. */
        IDENTITY_OF,
        /** {@code domain(e)}. */
        DOMAIN,
        /** {@code range(e)}. */
        RANGE,
        /** {@code if c then e1 else e2} with a flag condition ({@link #conditionHolds}). */
        IF,
        /** A variable of a {@code let rec} group, bound to the group's least fixpoint. */
        RECURSIVE_VARIABLE,
        /** A node of a form this view does not describe yet (a visitor can only reject it). */
        OTHER
    }

    /** The value type of an expression. */
    public enum Type {
        /** A set of events. */
        SET,
        /** A binary relation on events. */
        RELATION,
        /** Not fixed by the expression alone ({@code 0}, or an {@code if} of two {@code 0}s). */
        UNKNOWN
    }

    private final Node node;

    ModelExpression(Node node) {
        this.node = node;
    }

    /** The operator. */
    public Kind kind() {
        switch (node.op) {
            case BUILTIN: return Kind.BUILTIN;
            case EMPTY: return Kind.EMPTY;
            case UNION: return Kind.UNION;
            case INTERSECTION: return Kind.INTERSECTION;
            case DIFFERENCE: return Kind.DIFFERENCE;
            case SEQUENCE: return Kind.SEQUENCE;
            case PRODUCT: return Kind.PRODUCT;
            case COMPLEMENT: return Kind.COMPLEMENT;
            case PLUS: return Kind.PLUS;
            case STAR: return Kind.STAR;
            case OPTION: return Kind.OPTION;
            case INVERSE: return Kind.INVERSE;
            case IDENTITY_OF: return Kind.IDENTITY_OF;
            case DOMAIN: return Kind.DOMAIN;
            case RANGE: return Kind.RANGE;
            case IF: return Kind.IF;
            case REC_VAR: return Kind.RECURSIVE_VARIABLE;
            default: return Kind.OTHER;
        }
    }

    /** The value type checked when the model was loaded. */
    public Type type() {
        switch (node.type) {
            case SET: return Type.SET;
            case RELATION: return Type.RELATION;
            default: return Type.UNKNOWN;
        }
    }

    /** A number identifying the node within its model (shared nodes have one number). */
    public int id() {
        return node.id;
    }

    /** The operand of a unary form, or the left operand of a binary form or {@code if} (its then-branch). */
    public ModelExpression left() {
        if (node.left == null) {
            throw new IllegalStateException(kind() + " has no operand: " + this);
        }
        return new ModelExpression(node.left);
    }

    /** The right operand of a binary form, or the else-branch of an {@code if}. */
    public ModelExpression right() {
        if (node.right == null) {
            throw new IllegalStateException(kind() + " has no right operand: " + this);
        }
        return new ModelExpression(node.right);
    }

    /** The built-in of a {@link Kind#BUILTIN} node. @throws IllegalStateException for other kinds */
    public Builtin builtin() {
        if (node.builtin == null) {
            throw new IllegalStateException("not a built-in: " + this);
        }
        return node.builtin;
    }

    /**
     * Whether the flag condition of an {@link Kind#IF} node holds under {@code flags} (then the
     * node is its {@link #left()} branch, else its {@link #right()} one).
     *
     * @throws IllegalStateException for other kinds
     */
    public boolean conditionHolds(FlagValues flags) {
        if (node.condition == null) {
            throw new IllegalStateException("not an if: " + this);
        }
        return node.condition.eval(flags);
    }

    /**
     * The bodies of the {@code let rec} group of a {@link Kind#RECURSIVE_VARIABLE}, in binding
     * order; the variable denotes component {@link #recursiveIndex()} of the least fixpoint of
     * the group (models.md §7.2).
     *
     * @throws IllegalStateException for other kinds
     */
    public List<ModelExpression> recursiveBodies() {
        Node.RecGroup g = requireGroup();
        List<ModelExpression> out = new ArrayList<>();
        for (Node b : g.bodies) {
            out.add(new ModelExpression(b));
        }
        return Collections.unmodifiableList(out);
    }

    /** The variables of the {@code let rec} group of a {@link Kind#RECURSIVE_VARIABLE}, in binding order. */
    public List<ModelExpression> recursiveVariables() {
        Node.RecGroup g = requireGroup();
        List<ModelExpression> out = new ArrayList<>();
        for (Node v : g.variables) {
            out.add(new ModelExpression(v));
        }
        return Collections.unmodifiableList(out);
    }

    /** The position of a {@link Kind#RECURSIVE_VARIABLE} in its group. */
    public int recursiveIndex() {
        requireGroup();
        return node.recIndex;
    }

    /** A number identifying the {@code let rec} group of a {@link Kind#RECURSIVE_VARIABLE} within its model. */
    public int recursiveGroupId() {
        return requireGroup().id;
    }

    private Node.RecGroup requireGroup() {
        if (node.group == null) {
            throw new IllegalStateException("not a let rec variable: " + this);
        }
        return node.group;
    }

    /** Whether the value depends on the witnesses {@code rf}, {@code co}, {@code rao}. */
    public boolean dependsOnWitnesses() {
        return node.dynamic;
    }

    /** Position of the expression in its cat file. */
    public Position position() {
        return node.pos;
    }

    /** The cat file the expression was read from. */
    public String file() {
        return node.file;
    }

    /** Calls the visitor method of this node's kind. */
    public <T> T accept(ModelExpressionVisitor<T> visitor) {
        switch (kind()) {
            case BUILTIN: return visitor.visitBuiltin(this);
            case EMPTY: return visitor.visitEmpty(this);
            case UNION: return visitor.visitUnion(this);
            case INTERSECTION: return visitor.visitIntersection(this);
            case DIFFERENCE: return visitor.visitDifference(this);
            case SEQUENCE: return visitor.visitSequence(this);
            case PRODUCT: return visitor.visitProduct(this);
            case COMPLEMENT: return visitor.visitComplement(this);
            case PLUS: return visitor.visitPlus(this);
            case STAR: return visitor.visitStar(this);
            case OPTION: return visitor.visitOption(this);
            case INVERSE: return visitor.visitInverse(this);
            case IDENTITY_OF: return visitor.visitIdentityOf(this);
            case DOMAIN: return visitor.visitDomain(this);
            case RANGE: return visitor.visitRange(this);
            case IF: return visitor.visitIf(this);
            case RECURSIVE_VARIABLE: return visitor.visitRecursiveVariable(this);
            default: return visitor.visitExpression(this);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModelExpression e && e.node == node;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(node);
    }

    /** The expression in cat syntax, {@code let} names kept. */
    @Override
    public String toString() {
        return node.toString();
    }
}
