package remo.nic;

/**
 * Options of a posted work request beyond its operands (verbs' {@code send_flags}). Immutable.
 *
 * <p>{@link #inline()}: an inline put (ibv_post_send(3), {@code IBV_SEND_INLINE}): the calling
 * thread reads the source words when it posts the put, as loads do (the newest store to the word
 * in its own store buffer, else memory), and records the put's {@code NLR} events then; the NIC
 * later writes those values. A later store to the source cannot reach the target
 * (language.md §4.2, models.md §5.1, operational.md §2).
 */
public final class PostOptions {
    private static final PostOptions PLAIN = new PostOptions(false);
    private static final PostOptions INLINE = new PostOptions(true);

    private final boolean inline;

    private PostOptions(boolean inline) {
        this.inline = inline;
    }

    /** No option: the NIC reads a put's source when it executes the put. */
    public static PostOptions plain() {
        return PLAIN;
    }

    /** An inline put ({@code IBV_SEND_INLINE}): the source is read by the CPU at posting. */
    public static PostOptions inline() {
        return INLINE;
    }

    /** Whether the payload is read at posting ({@link #inline()}). */
    public boolean isInline() {
        return inline;
    }

    @Override
    public String toString() {
        return inline ? "inline" : "plain";
    }
}
