package remo.core;

import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable assignment of a value to every {@link Flag} (models.md §8). Precedence when
 * combining sources (language.md §3.2): command line over the test's flag line over the default.
 * The typed accessors ({@link #raoScope()}, {@link #ggLocalOrder()}, …) are what the engines read;
 * {@link #get} gives the value's text for output.
 */
public final class FlagValues {
    private static final FlagValues DEFAULTS = new FlagValues(new EnumMap<>(Flag.class));
    private final EnumMap<Flag, String> values;
    private final PollScope pollScope;
    private final PutCompletion putCompletion;
    private final boolean ggRemoteOrder;
    private final boolean ggLocalOrder;
    private final boolean gpResponderReorder;
    private final RfenceScope rfenceScope;
    private final RaoScope raoScope;
    private final boolean failedRcasWrites;
    private final boolean placementPerRequest;

    /**
     * One {@code FLAG=VALUE} to apply with {@link #withAll(Iterable)}: a test's flag line
     * (language.md §3.2) or a command-line {@code --set}.
     */
    public interface Setting {
        /** The flag's name, e.g. {@code GG_LOCAL_ORDER}. */
        String name();

        /** The value's text, e.g. {@code OFF}. */
        String value();
    }

    private FlagValues(EnumMap<Flag, String> overrides) {
        this.values = new EnumMap<>(Flag.class);
        for (Flag f : Flag.values()) {
            values.put(f, overrides.getOrDefault(f, f.defaultValue()));
        }
        pollScope = PollScope.valueOf(values.get(Flag.POLL_SCOPE));
        putCompletion = PutCompletion.valueOf(values.get(Flag.PUT_COMPLETION));
        ggRemoteOrder = isOn(Flag.GG_REMOTE_ORDER);
        ggLocalOrder = isOn(Flag.GG_LOCAL_ORDER);
        gpResponderReorder = isOn(Flag.GP_RESPONDER_REORDER);
        rfenceScope = RfenceScope.valueOf(values.get(Flag.RFENCE_SCOPE));
        raoScope = RaoScope.valueOf(values.get(Flag.RAO_SCOPE));
        failedRcasWrites = "YES".equals(values.get(Flag.FAILED_RCAS_WRITES));
        placementPerRequest = "PER_REQUEST".equals(values.get(Flag.PLACEMENT_ORDER));
    }

    /** Every flag at its default. */
    public static FlagValues defaults() {
        return DEFAULTS;
    }

    /** The value of {@code flag}, as written in flag lines and output. */
    public String get(Flag flag) {
        return values.get(flag);
    }

    /** Whether an on/off flag is {@code ON}. */
    public boolean isOn(Flag flag) {
        return "ON".equals(values.get(flag));
    }

    /** {@code POLL_SCOPE}: the scope a poll counts in (models.md §3.1). */
    public PollScope pollScope() {
        return pollScope;
    }

    /** {@code PUT_COMPLETION}: the completion event of a put (models.md §2.3). */
    public PutCompletion putCompletion() {
        return putCompletion;
    }

    /** {@code GG_REMOTE_ORDER=ON}: gets (and RMWs) of one QP read remote memory in order (Q3). */
    public boolean ggRemoteOrder() {
        return ggRemoteOrder;
    }

    /** {@code GG_LOCAL_ORDER=ON}: get responses of one QP land in local memory in order (Q5). */
    public boolean ggLocalOrder() {
        return ggLocalOrder;
    }

    /** {@code GP_RESPONDER_REORDER=ON}: Q4 absent, a later put may overtake an earlier get at the responder. */
    public boolean gpResponderReorder() {
        return gpResponderReorder;
    }

    /** {@code RFENCE_SCOPE}: what an rfence waits for (F1 or F2). */
    public RfenceScope rfenceScope() {
        return rfenceScope;
    }

    /** {@code RAO_SCOPE}: the rao classes (models.md §4.1). */
    public RaoScope raoScope() {
        return raoScope;
    }

    /**
     * {@code PLACEMENT_ORDER=PER_REQUEST}: two remote writes of one QP are not ordered by Q2, only the
     * words of one work request are (models.md §5.1, §8).
     */
    public boolean placementPerRequest() {
        return placementPerRequest;
    }

    /** {@code FAILED_RCAS_WRITES=YES}: a failed rcas writes the old value back (models.md §2.2). */
    public boolean failedRcasWrites() {
        return failedRcasWrites;
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

    /**
     * A copy with every setting applied (a test's flag line, in order).
     *
     * @throws IllegalArgumentException for an unknown flag or value
     */
    public FlagValues withAll(Iterable<? extends Setting> settings) {
        FlagValues result = this;
        for (Setting s : settings) {
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
