package remo.models.cat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The left-hand side of a binding or the parameter of a function: one name ({@code x}, or
 * {@code _} which binds nothing) or a tuple of names ({@code (x, _, z)}). Names are {@code null}
 * for {@code _}.
 *
 * @param names the bound names in order ({@code null} entries for {@code _})
 * @param tuple whether the pattern destructures a tuple
 */
public record CatPattern(List<String> names, boolean tuple) {
    public CatPattern {
        names = Collections.unmodifiableList(new ArrayList<>(names));
    }

    /** The pattern {@code name} ({@code null} for {@code _}). */
    public static CatPattern variable(String name) {
        List<String> l = new ArrayList<>();
        l.add(name);
        return new CatPattern(l, false);
    }

    /** The single name of a non-tuple pattern, or {@code null} for {@code _} and tuples. */
    public String single() {
        return tuple ? null : names.get(0);
    }

    @Override
    public String toString() {
        List<String> shown = names.stream().map(n -> n == null ? "_" : n).toList();
        return tuple ? "(" + String.join(", ", shown) + ")" : shown.get(0);
    }
}
