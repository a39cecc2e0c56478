package remo.litmus.gen;

import java.util.Locale;
import java.util.Optional;

/**
 * The instruction classes the random generator draws from (operational.md §8.3, plus the optional
 * {@code await}, {@code assume} and register arithmetic). The {@link #keyword()} is the name used
 * on the command line ({@code --weight put=3}).
 */
public enum InstructionKind {
    /** {@code r = x}, {@code x} local. */
    LOAD,
    /** {@code x = c}, {@code c} in 1–3 (or a register). */
    STORE,
    /** {@code mfence}. */
    MFENCE,
    /** {@code r = cas(x, e, v)}, {@code e} in 0–1, {@code v} in 2–3. */
    CAS,
    /** {@code r = faa(x, 1)}. */
    FAA,
    /** {@code put x@n, y}. */
    PUT,
    /** {@code get y, x@n}. */
    GET,
    /** {@code rcas z, x@n, e, v}, {@code e} in 0–1, {@code v} in 2–3. */
    RCAS,
    /** {@code rfaa z, x@n, k}, {@code k} in 1–2. */
    RFAA,
    /** {@code poll n} to a node the thread already targets (else a put is drawn instead). */
    POLL,
    /** {@code rfence n} to a node the thread already targets (else a put is drawn instead). */
    RFENCE,
    /** {@code wait d} on a tag the thread already used (else a get is drawn instead). */
    WAIT,
    /** {@code gf}. */
    GF,
    /** {@code await x == c}, {@code c} in 0–1; not in operational.md §8.3 (weight 0 by default). */
    AWAIT,
    /** {@code assume (r == c)} over an assigned register; weight 0 by default. */
    ASSUME,
    /** {@code r' = (r op c)} over an assigned register; weight 0 by default. */
    ASSIGN,
    /**
     * {@code put.inline x@n, y} (language.md §4.2); weight 0 by default, so that the programs of a
     * seed stay what they were; the differential fuzzer gives it a weight.
     */
    PUT_INLINE,
    /**
     * {@code put.unsignaled x@n, y} (language.md §4.2); weight 0 by default, like {@link #PUT_INLINE}.
     * It makes the thread target {@code n} (a later poll may go there) but gives no poll a match.
     */
    PUT_UNSIGNALED;

    /** Whether the kind is a NIC operation ({@code put get rcas rfaa put_inline put_unsignaled}). */
    public boolean isNicOperation() {
        return this == PUT || this == GET || this == RCAS || this == RFAA || this == PUT_INLINE || this == PUT_UNSIGNALED;
    }

    /**
     * Whether the kind needs something earlier in its thread (a queue pair, a tag or an assigned
     * register) and so cannot always be drawn.
     */
    public boolean isConditional() {
        return this == POLL || this == RFENCE || this == WAIT || this == ASSUME || this == ASSIGN;
    }

    /** The lower-case name: {@code load}, {@code put}, {@code rfence}, … */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code keyword} (case-insensitive), if any. */
    public static Optional<InstructionKind> byKeyword(String keyword) {
        for (InstructionKind k : values()) {
            if (k.keyword().equalsIgnoreCase(keyword)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
