package remo.litmus;

import remo.core.Position;

/**
 * An occurrence of a {@link StateItem} in a condition, filter or {@code locations} list.
 *
 * @param item      the item (key)
 * @param spelling  the text as written, used when printing states ({@code 1:EAX}, {@code P0:r0},
 *                  {@code [x]}, {@code x}); for registers it is the register part only ({@code EAX})
 * @param pos       position of the first token (the thread token for registers)
 */
public record ItemRef(StateItem item, String spelling, Position pos) {
}
