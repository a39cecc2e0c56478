package remo.locks.liveness;

import java.util.Arrays;
import java.util.Optional;

/**
 * The lock variants of the liveness model: the values of {@code RdmaLocks.tla}'s constant
 * {@code Variant} (locks.md §8.2), each with the name {@code remo liveness --lock} uses.
 */
public enum Variant {
    /** Weak ticket lock (locks.md §3). */
    WTL("wlock"),
    /** Strong ticket lock: gf before the release (locks.md §4). */
    STL("slock"),
    /** CAS spin lock, release by put (locks.md §5, mode PUT). */
    CAS_PUT("clock-put"),
    /** CAS spin lock, release by RFAA −1 (locks.md §5, mode RFAA). */
    CAS_RFAA("clock-rfaa"),
    /** One shared serving word per node instead of per-slot rows (locks.md §9 NAIVE-SERVING). */
    NAIVE_SERVING("naive-serving"),
    /** The home thread acquires by a CPU cas (locks.md §9 NAIVE-MIXCAS). */
    NAIVE_MIXCAS("naive-mixcas"),
    /** CAS lock released by put without gf (locks.md §9 NAIVE-NOGF). */
    NAIVE_NOGF("naive-nogf");

    private final String lockName;

    Variant(String lockName) {
        this.lockName = lockName;
    }

    /** The name for {@code --lock}, for example {@code wlock}. */
    public String lockName() {
        return lockName;
    }

    /** The value of the TLA+ constant {@code Variant}, for example {@code "WTL"}. */
    public String tlaName() {
        return name();
    }

    /** Whether it is one of the ticket variants (programs of locks.md §8.4, first block). */
    public boolean isTicketLock() {
        return this == WTL || this == STL || this == NAIVE_SERVING;
    }

    /** The variant named {@code name} ({@link #lockName()} or the TLA+ name, case-insensitive). */
    public static Optional<Variant> named(String name) {
        return Arrays.stream(values())
                .filter(v -> v.lockName.equalsIgnoreCase(name) || v.name().equalsIgnoreCase(name)).findFirst();
    }
}
