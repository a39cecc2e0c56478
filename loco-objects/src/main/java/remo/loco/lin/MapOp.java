package remo.loco.lin;

import java.util.Arrays;

/**
 * A call of {@link remo.loco.KvStore} in a history (loco.md §4.9, §4.10).
 *
 * @param kind    the method
 * @param key     the key (the partition key of the check)
 * @param value   the value put ({@code put}), else {@code null}
 * @param result  the value returned by {@code get} ({@code null}: absent), else {@code null}
 * @param present {@code remove}: whether it returned true
 * @param full    {@code put}: whether it threw {@code KvFullException} (checked as a no-op)
 */
public record MapOp(Kind kind, long key, long[] value, long[] result, boolean present, boolean full) {

    /** The methods of KvStore. */
    public enum Kind { GET, PUT, REMOVE }

    /** A get that returned {@code result} ({@code null}: absent). */
    public static MapOp get(long key, long[] result) {
        return new MapOp(Kind.GET, key, null, result == null ? null : result.clone(), false, false);
    }

    /** A put of {@code value}; {@code full} if it threw KvFullException. */
    public static MapOp put(long key, long[] value, boolean full) {
        return new MapOp(Kind.PUT, key, value.clone(), null, false, full);
    }

    /** A remove that returned {@code present}. */
    public static MapOp remove(long key, boolean present) {
        return new MapOp(Kind.REMOVE, key, null, null, present, false);
    }

    /** Whether a get returned a value whose words are not all equal (a torn read, loco.md §4.10). */
    public boolean torn() {
        if (kind != Kind.GET || result == null) {
            return false;
        }
        for (long w : result) {
            if (w != result[0]) {
                return true;
            }
        }
        return false;
    }

    /** The call as written in a history table: {@code put(2, [5,5])}, {@code get(2)}, {@code remove(2)}. */
    public String call() {
        switch (kind) {
            case PUT:
                return "put(" + key + ", " + Arrays.toString(value).replace(" ", "") + ")";
            case GET:
                return "get(" + key + ")";
            default:
                return "remove(" + key + ")";
        }
    }

    /** The outcome as written in a history table. */
    public String outcome() {
        switch (kind) {
            case PUT:
                return full ? "KvFullException" : "ok";
            case GET:
                return result == null ? "null" : Arrays.toString(result).replace(" ", "");
            default:
                return Boolean.toString(present);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MapOp m && m.kind == kind && m.key == key && Arrays.equals(m.value, value)
                && Arrays.equals(m.result, result) && m.present == present && m.full == full;
    }

    @Override
    public int hashCode() {
        return ((kind.hashCode() * 31 + Long.hashCode(key)) * 31 + Arrays.hashCode(value)) * 31 + Arrays.hashCode(result);
    }

    @Override
    public String toString() {
        return call() + " -> " + outcome();
    }
}
