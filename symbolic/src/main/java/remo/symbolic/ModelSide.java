package remo.symbolic;

import java.util.Objects;
import java.util.Set;
import remo.core.FlagValues;
import remo.models.CatModel;

/**
 * One side of a model comparison: a loaded cat model and the flag values it is evaluated under
 * (models.md §8).
 *
 * @param model         the model
 * @param flags         its flags (they decide {@code if} variants, {@code CMP}, {@code pm}, the rao
 *                      classes and whether a failed rcas writes)
 * @param skippedChecks names of consistency checks to ignore, as the checker's {@code --skipcheck}
 */
public record ModelSide(CatModel model, FlagValues flags, Set<String> skippedChecks) {

    public ModelSide {
        Objects.requireNonNull(model);
        Objects.requireNonNull(flags);
        skippedChecks = Set.copyOf(skippedChecks);
    }

    /** A side with every check. */
    public ModelSide(CatModel model, FlagValues flags) {
        this(model, flags, Set.of());
    }

    /** {@code NAME} or {@code NAME[FLAG=VALUE,…]} for the non-default flags. */
    public String label() {
        String nd = flags.nonDefaults();
        return nd.isEmpty() ? model.name() : model.name() + "[" + nd + "]";
    }
}
