package remo.nic;

/**
 * Options of a posted work request beyond its operands (verbs' {@code send_flags}). Immutable.
 *
 * <p>{@link #inline()}: an inline put (ibv_post_send(3), {@code IBV_SEND_INLINE}): the calling
 * thread reads the source words when it posts the put, as loads do (the newest store to the word
 * in its own store buffer, else memory), and records the put's {@code NLR} events then; the NIC
 * later writes those values. A later store to the source cannot reach the target
 * (language.md §4.2, models.md §5.1, operational.md §2).
 *
 * <p>{@link #unsignaled()}: a work request without {@code IBV_SEND_SIGNALED} (on a queue pair created
 * with {@code sq_sig_all = 0}): it produces no completion, so no {@code poll} consumes it; a poll
 * that consumes a later signalled request of the same queue pair also waits for it (completions of a
 * queue pair are in order, ibv_poll_cq(3); models.md §3.1). {@code waitFor} and {@code gf} cover it
 * as any request.
 */
public final class PostOptions {
    private static final PostOptions PLAIN = new PostOptions(false, false);

    private final boolean inline;
    private final boolean unsignaled;

    private PostOptions(boolean inline, boolean unsignaled) {
        this.inline = inline;
        this.unsignaled = unsignaled;
    }

    /** No option: the NIC reads a put's source when it executes the put. */
    public static PostOptions plain() {
        return PLAIN;
    }

    /** An inline put ({@code IBV_SEND_INLINE}): the source is read by the CPU at posting. */
    public static PostOptions inline() {
        return new PostOptions(true, false);
    }

    /** An unsignalled request (no {@code IBV_SEND_SIGNALED}): no completion of its own. */
    public static PostOptions unsignaled() {
        return new PostOptions(false, true);
    }

    /** These options and {@link #inline()}. */
    public PostOptions andInline() {
        return new PostOptions(true, unsignaled);
    }

    /** These options and {@link #unsignaled()}. */
    public PostOptions andUnsignaled() {
        return new PostOptions(inline, true);
    }

    /** Whether the payload is read at posting ({@link #inline()}). */
    public boolean isInline() {
        return inline;
    }

    /** Whether the request has no completion of its own ({@link #unsignaled()}). */
    public boolean isUnsignaled() {
        return unsignaled;
    }

    /** Whether no option is set. */
    public boolean isPlain() {
        return !inline && !unsignaled;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PostOptions p && p.inline == inline && p.unsignaled == unsignaled;
    }

    @Override
    public int hashCode() {
        return (inline ? 1 : 0) + (unsignaled ? 2 : 0);
    }

    @Override
    public String toString() {
        return isPlain() ? "plain" : inline && unsignaled ? "inline, unsignaled" : inline ? "inline" : "unsignaled";
    }
}
