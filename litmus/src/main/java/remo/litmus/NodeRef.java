package remo.litmus;

import remo.core.Position;

/**
 * A node reference ({@code noderef ::= NAT | IDENT}), already resolved to its node number.
 *
 * @param node the node number, at least 1
 * @param text the text as written ({@code 2} or a node constant such as {@code B}); used by printers
 * @param pos  position of the reference
 */
public record NodeRef(int node, String text, Position pos) {
    /** Creates a numeric node reference without a source position. */
    public static NodeRef of(int node) {
        return new NodeRef(node, Integer.toString(node), Position.NONE);
    }

    @Override
    public String toString() {
        return text;
    }
}
