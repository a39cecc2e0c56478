package remo.core;

/**
 * The values of flag {@code POLL_SCOPE} (models.md §8), default first: poll matching per queue pair, or over all of the thread's NIC operations (models.md §3.1). The constants' names are
 * the flag values verbatim; {@link FlagValues} gives the value of a run.
 */
public enum PollScope {
    PER_QP, PER_THREAD
}
