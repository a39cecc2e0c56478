package remo.models;

/**
 * A visitor over {@link ModelExpression}s. Every method falls back to its category
 * ({@link #visitLeaf}, {@link #visitUnary}, {@link #visitBinary}) and finally to
 * {@link #visitExpression}, which throws: a translator overrides what it handles, and any other
 * form, including forms added to the cat language later, is rejected naming the visitor and the
 * node.
 *
 * @param <T> the result of a visit
 */
public interface ModelExpressionVisitor<T> {

    /**
     * The fallback of every method.
     *
     * @throws UnsupportedOperationException always, naming this visitor's class, the node's kind,
     *                                       its text and where it was read
     */
    default T visitExpression(ModelExpression e) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support the cat "
                + e.kind().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " '" + e + "' ("
                + e.file() + ":" + e.position() + ")");
    }

    /** Built-ins and {@code 0}. */
    default T visitLeaf(ModelExpression e) {
        return visitExpression(e);
    }

    /** The prefix and postfix forms, {@code [S]}, {@code domain} and {@code range}. */
    default T visitUnary(ModelExpression e) {
        return visitExpression(e);
    }

    /** {@code | & \ ; *}. */
    default T visitBinary(ModelExpression e) {
        return visitExpression(e);
    }

    default T visitBuiltin(ModelExpression e) {
        return visitLeaf(e);
    }

    default T visitEmpty(ModelExpression e) {
        return visitLeaf(e);
    }

    default T visitUnion(ModelExpression e) {
        return visitBinary(e);
    }

    default T visitIntersection(ModelExpression e) {
        return visitBinary(e);
    }

    default T visitDifference(ModelExpression e) {
        return visitBinary(e);
    }

    default T visitSequence(ModelExpression e) {
        return visitBinary(e);
    }

    default T visitProduct(ModelExpression e) {
        return visitBinary(e);
    }

    default T visitComplement(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitPlus(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitStar(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitOption(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitInverse(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitIdentityOf(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitDomain(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitRange(ModelExpression e) {
        return visitUnary(e);
    }

    default T visitIf(ModelExpression e) {
        return visitExpression(e);
    }

    default T visitRecursiveVariable(ModelExpression e) {
        return visitExpression(e);
    }
}
