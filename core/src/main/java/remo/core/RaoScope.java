package remo.core;

/**
 * The values of flag {@code RAO_SCOPE} (models.md §8), default first: the rao classes are the target nodes, or the target locations (models.md §4.1). The constants' names are
 * the flag values verbatim; {@link FlagValues} gives the value of a run.
 */
public enum RaoScope {
    PER_NODE, PER_LOCATION
}
