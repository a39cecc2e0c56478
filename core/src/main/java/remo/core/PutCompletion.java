package remo.core;

/**
 * The values of flag {@code PUT_COMPLETION} (models.md §8), default first: the completion event of a put is its remote write, or its local read (models.md §2.3). The constants' names are
 * the flag values verbatim; {@link FlagValues} gives the value of a run.
 */
public enum PutCompletion {
    REMOTE_WRITE_DONE, LOCAL_READ_DONE
}
