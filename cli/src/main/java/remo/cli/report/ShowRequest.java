package remo.cli.report;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code --show} asks for (herd7's {@code -show}): one {@link ShowMode} choosing the
 * executions, and names of model relations to draw on them.
 *
 * @param mode      which executions (default {@link ShowMode#WITNESS})
 * @param relations relation names of the model, in the order given, without duplicates
 */
public record ShowRequest(ShowMode mode, List<String> relations) {

    public ShowRequest {
        relations = List.copyOf(relations);
    }

    /** Witnesses only, no extra relation. */
    public static ShowRequest defaults() {
        return new ShowRequest(ShowMode.WITNESS, List.of());
    }

    /**
     * Parses {@code --show} arguments: each argument is a comma-separated list of words; a mode word
     * ({@code witness}, {@code allowed}, {@code forbidden}, {@code all}) selects executions, any other
     * word names a relation.
     *
     * @param args the arguments, possibly empty
     * @return the request
     * @throws IllegalArgumentException if two different modes are given or a word is empty
     */
    public static ShowRequest parse(List<String> args) {
        ShowMode mode = null;
        List<String> relations = new ArrayList<>();
        for (String arg : args) {
            for (String word : arg.split(",", -1)) {
                String w = word.trim();
                if (w.isEmpty()) {
                    throw new IllegalArgumentException("empty name in --show '" + arg + "'");
                }
                ShowMode m = ShowMode.byWord(w);
                if (m != null) {
                    if (mode != null && mode != m) {
                        throw new IllegalArgumentException("--show names two modes, '" + mode.word() + "' and '" + m.word()
                                + "'; choose one of witness, allowed, forbidden, all");
                    }
                    mode = m;
                } else if (!relations.contains(w)) {
                    relations.add(w);
                }
            }
        }
        return new ShowRequest(mode == null ? ShowMode.WITNESS : mode, relations);
    }
}
