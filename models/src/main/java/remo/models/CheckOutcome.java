package remo.models;

import java.util.List;

/**
 * The result of evaluating a model on a complete candidate.
 *
 * @param consistent  whether every (non-skipped) consistency check holds
 * @param failedCheck the first failing check in file order, or {@code null} if consistent
 * @param raisedFlags the {@code flag} checks that hold on this candidate (evaluated only when it
 *                    is consistent; empty otherwise)
 */
public record CheckOutcome(boolean consistent, CatCheck failedCheck, List<CatCheck> raisedFlags) {
    public CheckOutcome {
        raisedFlags = List.copyOf(raisedFlags);
    }
}
