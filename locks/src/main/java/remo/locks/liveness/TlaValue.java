package remo.locks.liveness;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A TLA+ value as TLC prints it in a trace (TLC's -tool output): integers, strings, booleans,
 * model values, sequences (tuples), records, functions and sets. Parsed by {@link TlaValueParser};
 * immutable.
 */
public sealed interface TlaValue {

    /**
     * The value of this function-like value at {@code key}: a record's field, a sequence's element
     * (key 1 is the first), a function's image.
     *
     * @param key a field name or string domain element ({@link String}), a sequence index or integer
     *            domain element ({@link Integer}/{@link Long}), or a {@link TlaValue}
     * @return the value, or {@code null} if {@code key} is not in the domain or this is not
     *         function-like
     */
    default TlaValue at(Object key) {
        return null;
    }

    /** This value as a Java integer. @throws IllegalStateException if it is not an integer */
    default long asLong() {
        throw new IllegalStateException("not an integer: " + this);
    }

    /** This value as a Java string (a string's content or a model value's name). @throws IllegalStateException otherwise */
    default String asString() {
        throw new IllegalStateException("not a string: " + this);
    }

    /** A TLA+ value for a Java key of {@link #at}. */
    private static TlaValue of(Object key) {
        if (key instanceof TlaValue v) {
            return v;
        }
        if (key instanceof String s) {
            return new Str(s);
        }
        if (key instanceof Number n) {
            return new Int(n.longValue());
        }
        throw new IllegalArgumentException("not a TLA+ key: " + key);
    }

    /** An integer. */
    record Int(long value) implements TlaValue {
        @Override
        public long asLong() {
            return value;
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** A string. */
    record Str(String value) implements TlaValue {
        public Str {
            Objects.requireNonNull(value);
        }

        @Override
        public String asString() {
            return value;
        }

        @Override
        public String toString() {
            return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
        }
    }

    /** TRUE or FALSE. */
    record Bool(boolean value) implements TlaValue {
        @Override
        public String toString() {
            return value ? "TRUE" : "FALSE";
        }
    }

    /** A model value (an identifier TLC prints bare). */
    record ModelValue(String name) implements TlaValue {
        @Override
        public String asString() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** A sequence or tuple {@code <<a, b>>}; its domain is 1..n. */
    record Seq(List<TlaValue> elements) implements TlaValue {
        public Seq {
            elements = List.copyOf(elements);
        }

        @Override
        public TlaValue at(Object key) {
            TlaValue k = of(key);
            if (k instanceof Int i && i.value() >= 1 && i.value() <= elements.size()) {
                return elements.get((int) i.value() - 1);
            }
            return null;
        }

        @Override
        public String toString() {
            return elements.stream().map(Object::toString).collect(Collectors.joining(", ", "<<", ">>"));
        }
    }

    /** A record {@code [f |-> v, ...]}; TLC also prints a function on strings this way. */
    record Rec(Map<String, TlaValue> fields) implements TlaValue {
        public Rec {
            fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        }

        @Override
        public TlaValue at(Object key) {
            TlaValue k = of(key);
            return k instanceof Str s ? fields.get(s.value()) : k instanceof ModelValue m ? fields.get(m.name()) : null;
        }

        @Override
        public String toString() {
            return fields.entrySet().stream().map(e -> e.getKey() + " |-> " + e.getValue())
                    .collect(Collectors.joining(", ", "[", "]"));
        }
    }

    /** A function {@code (d1 :> v1 @@ d2 :> v2)}, in TLC's order of the domain. */
    record Fun(Map<TlaValue, TlaValue> pairs) implements TlaValue {
        public Fun {
            pairs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
        }

        @Override
        public TlaValue at(Object key) {
            return pairs.get(of(key));
        }

        @Override
        public String toString() {
            return pairs.entrySet().stream().map(e -> e.getKey() + " :> " + e.getValue())
                    .collect(Collectors.joining(" @@ ", "(", ")"));
        }
    }

    /** A finite set {@code {a, b}}, in TLC's order. */
    record SetOf(List<TlaValue> elements) implements TlaValue {
        public SetOf {
            elements = List.copyOf(elements);
        }

        @Override
        public String toString() {
            return elements.stream().map(Object::toString).collect(Collectors.joining(", ", "{", "}"));
        }
    }
}
