package remo.locks.liveness;

import java.util.EnumSet;
import java.util.Set;

/**
 * One cell of the table of locks.md §8.5: the result TLC must give for a property.
 *
 * @param property the property's TLA+ name
 * @param holds    whether it must hold
 * @param kinds    for a violation, the counterexample kinds locks.md §8.5 accepts; empty when it must hold
 */
public record Expected(String property, boolean holds, Set<CounterexampleKind> kinds) {
    public Expected {
        kinds = kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
        if (holds != kinds.isEmpty()) {
            throw new IllegalArgumentException("a property that holds has no counterexample kinds, a violated one has some");
        }
    }

    /** The property must hold. */
    public static Expected holds(String property) {
        return new Expected(property, true, Set.of());
    }

    /** The property must be violated, with a counterexample of one of {@code kinds}. */
    public static Expected violated(String property, CounterexampleKind... kinds) {
        return new Expected(property, false, Set.of(kinds));
    }

    /** Whether {@code result} is what this cell expects (result and counterexample kind). */
    public boolean matches(PropertyResult result) {
        if (!result.property().equals(property)) {
            return false;
        }
        if (holds) {
            return result.outcome() == PropertyResult.Outcome.HOLDS;
        }
        return result.outcome() == PropertyResult.Outcome.VIOLATED && result.counterexample() != null
                && kinds.contains(result.counterexample().kind());
    }

    /** "holds", "violated (lasso)", "violated (deadlock or lasso)". */
    public String describe() {
        if (holds) {
            return "holds";
        }
        return "violated (" + String.join(" or ", kinds.stream().sorted().map(CounterexampleKind::word).toList()) + ")";
    }
}
