package remo.locks.liveness;

import java.util.Arrays;
import java.util.Optional;

/** The TLC configurations of locks.md §8.5 (the constants each row's .cfg file assigns). */
public enum Configuration {
    /** t0@1, t1@2; home 1; two acquisitions each. */
    C1("t0@1, t1@2; home 1; MaxAcq 2"),
    /** t0@1, t1@2, t2@3; home 1; one acquisition each. */
    C2("t0@1, t1@2, t2@3; home 1; MaxAcq 1"),
    /** t0@1, t1@2; home 1; unbounded acquisitions. */
    C3("t0@1, t1@2; home 1; MaxAcq 0 (unbounded)"),
    /** t0@1, t1@2, t2@3; home 1; one acquisition each. */
    C4("t0@1, t1@2, t2@3; home 1; MaxAcq 1"),
    /** t0@1, t1@2; home 1; two acquisitions each; a failed RCAS writes the old value back. */
    C5("t0@1, t1@2; home 1; MaxAcq 2; FailedRcasWrites TRUE");

    private final String description;

    Configuration(String description) {
        this.description = description;
    }

    /** Threads and nodes, home, MaxAcq (and the flag of C5), as in the table of locks.md §8.5. */
    public String description() {
        return description;
    }

    /** The configuration named {@code name} (C1..C5, case-insensitive). */
    public static Optional<Configuration> named(String name) {
        return Arrays.stream(values()).filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    }
}
