package remo.checker;

/**
 * What an axiomatic run did (docs/checker.md, "Exploration"): how many complete candidate
 * executions it checked against the model (well-formed or not), how many partial candidates it
 * abandoned with all their completions (their sum is {@link CheckResult#explored()}), how many of
 * the complete ones the model accepted, blocked ones included (issue 13 measures the work against
 * them: at most 4 complete candidates per consistent one), and whether counting the blocked
 * candidates stopped early.
 *
 * @param complete     complete candidates checked
 * @param pruned       partial candidates pruned
 * @param consistent   complete candidates the model accepts (blocked or not)
 * @param blockedLimit why {@link CheckResult#blocked()} is only a lower bound (the count of blocked
 *                     candidates stopped at a limit after every state was found), or {@code null}
 *                     if it is exact
 */
public record ExplorationStatistics(long complete, long pruned, long consistent, String blockedLimit) {
    /** No counters (the operational engine). */
    public static final ExplorationStatistics NONE = new ExplorationStatistics(0, 0, 0, null);

    /** Whether the Blocked count is exact. */
    public boolean blockedExact() {
        return blockedLimit == null;
    }
}
