package remo.core;

/**
 * The values of flag {@code RFENCE_SCOPE} (models.md §8), default first: an rfence waits for gets and atomics (F1), or for every completion (F2) (models.md §5.1; {@code fenceclear} of operational.md §1). The constants' names are
 * the flag values verbatim; {@link FlagValues} gives the value of a run.
 */
public enum RfenceScope {
    GETS_AND_ATOMICS, ALL
}
