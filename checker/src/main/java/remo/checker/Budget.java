package remo.checker;

/**
 * The limits of one enumeration ({@link CheckOptions}): counts the candidates explored (complete
 * or abandoned), stops at {@code --max-executions} or the deadline with the reason every output
 * shows, and reports progress. Stopping unwinds the enumeration with {@link Stop}.
 */
final class Budget {
    private final CheckOptions options;
    private final long start;
    final long deadline;
    private long explored;
    private long complete;
    private long consistent;
    private String partialReason;

    /** Signals that the enumeration stops (a limit, or a visitor that has seen enough). */
    static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    /**
     * @param options the limits and the progress listener
     * @param start   when the run started, {@link System#nanoTime()}
     */
    Budget(CheckOptions options, long start) {
        this.options = options;
        this.start = start;
        this.deadline = options.deadline(start);
    }

    /** Stops the run if the time limit has passed (checked before every model evaluation). */
    void checkTime() {
        if (remo.core.Interruption.requested()) {
            partialReason = remo.core.Interruption.reason() + " after " + CheckOptions.seconds((System.nanoTime() - start) / 1e9) + " s";
            throw new Stop();
        }
        if (deadline != Long.MAX_VALUE) {
            long now = System.nanoTime();
            if (now > deadline) {
                partialReason = options.timeLimitReached(now - start);
                throw new Stop();
            }
        }
    }

    /** One more candidate explored (complete, or abandoned with all its completions). */
    void count() {
        explored++;
        if (options.maxExecutions() > 0 && explored >= options.maxExecutions()) {
            partialReason = "execution limit reached: explored " + explored + (explored == 1 ? " candidate" : " candidates")
                    + " (--max-executions " + options.maxExecutions() + ")";
            throw new Stop();
        }
        checkTime();
        if ((explored & 127) == 0 && options.progress() != null) {
            options.progress().progress(explored, consistent);
        }
    }

    /** One more complete candidate explored (judged by the model, or ill-formed): counted by {@link #count()} too. */
    void countComplete() {
        complete++;
        count();
    }

    /** Stops the run with {@code reason} (a limit of the exploration, e.g. {@code --max-blocked}). */
    void stop(String reason) {
        partialReason = reason;
        throw new Stop();
    }

    /**
     * The reason a limit stopped the run, which no longer makes the run partial (the exploration
     * had found every state and was only counting blocked candidates); {@code null} if none.
     */
    String takePartialReason() {
        String r = partialReason;
        partialReason = null;
        return r;
    }

    /** The run's options. */
    CheckOptions options() {
        return options;
    }

    /** Complete candidates explored so far. */
    long complete() {
        return complete;
    }

    /** Consistent candidates so far (blocked ones included). */
    long consistent() {
        return consistent;
    }

    /** {@code count} more consistent candidates (for progress and the {@code --max-blocked} limit). */
    void consistentFound(long count) {
        consistent += count;
    }

    /** The model's evaluation ran past the deadline. */
    void timedOut() {
        partialReason = remo.core.Interruption.requested()
                ? remo.core.Interruption.reason() + " after " + CheckOptions.seconds((System.nanoTime() - start) / 1e9) + " s"
                : options.timeLimitReached(System.nanoTime() - start);
    }

    /** Candidates explored so far. */
    long explored() {
        return explored;
    }

    /** Why the run stopped early, or {@code null} if no limit stopped it. */
    String partialReason() {
        return partialReason;
    }
}
