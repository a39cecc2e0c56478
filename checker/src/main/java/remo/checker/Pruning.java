package remo.checker;

import remo.models.CatCheck;
import remo.models.ModelFrame;
import remo.models.Witnesses;

/**
 * Abandoning partial candidates (architecture.md, "Performance approach"): after a choice the
 * model's checks are evaluated on lower and upper bounds of the candidate's witnesses
 * ({@link ModelFrame#definitelyViolated}); a partial candidate that already violates a check is
 * abandoned with all its completions, counted as one explored candidate. Only worth it when enough
 * completions remain below the choice.
 */
final class Pruning {
    /**
     * A partial candidate is checked only when at least this many completions remain below it:
     * checking costs one evaluation of the model, which is not worth it for a handful of leaves.
     */
    private static final double THRESHOLD = 8;

    private final boolean enabled;
    private final Budget budget;

    /**
     * @param options the run's options: pruning is off when asked, and when every rejected candidate
     *                is to be collected ({@code FORBIDDEN}, {@code ALL})
     * @param budget  the run's limits
     */
    Pruning(CheckOptions options, Budget budget) {
        CheckOptions.Collect c = options.collect();
        this.enabled = options.prune() && c != CheckOptions.Collect.FORBIDDEN && c != CheckOptions.Collect.ALL;
        this.budget = budget;
    }

    /** Whether partial candidates are checked at all. */
    boolean enabled() {
        return enabled;
    }

    /** Whether a partial candidate with {@code completions} completions below it is worth checking. */
    boolean worth(double completions) {
        return enabled && completions >= THRESHOLD;
    }

    /**
     * Whether the partial candidate bounded by {@code bounds} violates a check of {@code frame}'s
     * model in every completion; if so it counts as explored and is to be abandoned.
     */
    boolean abandons(ModelFrame frame, Witnesses bounds) {
        budget.checkTime();
        CatCheck violated = frame.definitelyViolated(bounds);
        if (violated != null) {
            budget.count();
            return true;
        }
        return false;
    }
}
