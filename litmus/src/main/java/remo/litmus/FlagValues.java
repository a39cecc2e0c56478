package remo.litmus;

import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable assignment of a value to every {@link Flag}. Precedence when combining sources
 * (language.md §3.2): command line over the test's flag line over the default.
 */
public final class FlagValues {
    private static final FlagValues DEFAULTS = new FlagValues(new EnumMap<>(Flag.class));
    private final EnumMap<Flag, String> values;

    private FlagValues(EnumMap<Flag, String> overrides) {
        this.values = new EnumMap<>(Flag.class);
        for (Flag f : Flag.values()) {
            values.put(f, overrides.getOrDefault(f, f.defaultValue()));
        }
    }

    /** Every flag at its default. */
    public static FlagValues defaults() {
        return DEFAULTS;
    }

    /** The value of {@code flag}. */
    public String get(Flag flag) {
        return values.get(flag);
    }

    /** Whether an on/off flag is {@code ON}. */
    public boolean isOn(Flag flag) {
        return "ON".equals(values.get(flag));
    }

    /** Whether {@code flag} has value {@code value}. */
    public boolean is(Flag flag, String value) {
        return value.equals(values.get(flag));
    }

    /**
     * A copy with {@code flag} set to {@code value}.
     *
     * @throws IllegalArgumentException if {@code value} is not a value of {@code flag}
     */
    public FlagValues with(Flag flag, String value) {
        if (!flag.allowedValues().contains(value)) {
            throw new IllegalArgumentException(flag.unknownValueMessage(value));
        }
        EnumMap<Flag, String> copy = new EnumMap<>(values);
        copy.put(flag, value);
        return new FlagValues(copy);
    }

    /** A copy with every setting of {@code program}'s flag line applied. */
    public FlagValues withAll(Iterable<FlagSetting> settings) {
        FlagValues result = this;
        for (FlagSetting s : settings) {
            Flag f = Flag.byName(s.name()).orElseThrow(() -> new IllegalArgumentException("unknown flag '" + s.name() + "'"));
            result = result.with(f, s.value());
        }
        return result;
    }

    /** A copy with every entry of {@code settings} applied (later entries win). */
    public FlagValues withAll(Map<Flag, String> settings) {
        FlagValues result = this;
        for (Map.Entry<Flag, String> e : settings.entrySet()) {
            result = result.with(e.getKey(), e.getValue());
        }
        return result;
    }

    /** The flags whose value differs from the default, as {@code NAME=VALUE} joined by commas. */
    public String nonDefaults() {
        StringBuilder sb = new StringBuilder();
        for (Flag f : Flag.values()) {
            if (!f.defaultValue().equals(values.get(f))) {
                if (sb.length() > 0) {
                    sb.append(',');
                }
                sb.append(f.name()).append('=').append(values.get(f));
            }
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlagValues v && v.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        String s = nonDefaults();
        return s.isEmpty() ? "defaults" : s;
    }
}
