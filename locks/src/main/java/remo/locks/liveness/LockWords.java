package remo.locks.liveness;

import java.util.Set;

/**
 * The names the trace printer gives to the values of {@code RdmaLocks.tla}: memory words by their
 * role and home ({@code next@1}, {@code row[t0]@2}, {@code srv@3}, {@code L@1}, {@code tk[t1]@2}),
 * work requests as the NIC operation they are ({@code put srv@3 := srv@1},
 * {@code rcas L@1 0→1, result g[t1]@2}), store-buffer entries as a store or a doorbell.
 */
final class LockWords {
    /** Words whose values only grow in a correct ticket lock: a decrease is a stale write. */
    private static final Set<String> MONOTONE = Set.of("row", "srv", "next");

    private LockWords() {
    }

    /** An address record {@code [k, n, j]} as a word name. */
    static String word(TlaValue address) {
        String kind = str(address.at("k"));
        String node = String.valueOf(address.at("n"));
        String owner = str(address.at("j"));
        if (kind.equals("-")) {
            return "-";
        }
        return kind + (owner.equals("-") ? "" : "[" + owner + "]") + "@" + node;
    }

    /** Whether a write of {@code next} over {@code previous} to {@code address} goes backwards (stale). */
    static boolean stale(TlaValue address, long previous, long next) {
        return MONOTONE.contains(str(address.at("k"))) && next < previous;
    }

    /** A work request as an operation: its kind, operands and work id. */
    static String op(TlaValue wr) {
        String op = str(wr.at("op"));
        String dst = word(wr.at("dst"));
        String wid = str(wr.at("wid"));
        return switch (op) {
            case "PUT" -> "put " + dst + " := " + word(wr.at("src")) + " (" + wid + ")";
            case "RFAA" -> "rfaa " + dst + " " + signed(wr.at("add").asLong()) + ", result " + word(wr.at("res")) + " (" + wid + ")";
            case "RCAS" -> "rcas " + dst + " " + wr.at("exp") + "→" + wr.at("new") + ", result " + word(wr.at("res"))
                    + " (" + wid + ")";
            default -> op;
        };
    }

    /** A store-buffer entry: a buffered store or the doorbell of a posted operation. */
    static String entry(TlaValue e) {
        if (str(e.at("k")).equals("ST")) {
            return "store " + word(e.at("a")) + " := " + e.at("v");
        }
        return op(e.at("w"));
    }

    /** The operation kind of a work request ("put", "rfaa", "rcas"). */
    static String kind(TlaValue wr) {
        return str(wr.at("op")).toLowerCase(java.util.Locale.ROOT);
    }

    private static String signed(long v) {
        return v < 0 ? "-= " + (-v) : "+= " + v;
    }

    /** A string or model value's text; "?" for anything else. */
    static String str(TlaValue v) {
        if (v instanceof TlaValue.Str s) {
            return s.value();
        }
        if (v instanceof TlaValue.ModelValue m) {
            return m.name();
        }
        return v == null ? "?" : v.toString();
    }
}
