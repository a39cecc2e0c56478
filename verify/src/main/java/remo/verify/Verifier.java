package remo.verify;

import remo.nic.explore.Exploration;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;

/** Runs a {@link Verification} with the model checker (nic.md §5.3). */
public final class Verifier {
    private Verifier() {
    }

    /**
     * The result of one verification.
     *
     * @param description what was verified
     * @param model       the model's name
     * @param exploration the exploration: counts, counterexamples, what stopped it
     * @param excluded    executions the model forbids (checked no further)
     */
    public record Result(String description, String model, Exploration exploration, long excluded) {
        /** One line: what, under which model, the verdict and the counts. */
        public String summary() {
            return description + " under " + model + ": " + exploration.summary()
                    + (excluded > 0 ? "; " + excluded + " execution" + (excluded == 1 ? "" : "s") + " excluded by the model" : "");
        }
    }

    /** Explores {@code v}'s program within {@code options} and checks every execution. */
    public static Result run(Verification v, String model, ExplorationOptions options) {
        Exploration e = Explorer.explore(v.target(), options, v.check());
        return new Result(v.description(), model, e, v.excluded().getAsLong());
    }
}
