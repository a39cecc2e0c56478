package remo.checker;

/**
 * The verdict of a test (models.md §9.2): about the condition's proposition {@code p} itself,
 * independent of the quantifier.
 */
public enum Verdict {
    /** Some complete consistent execution (after the filter) satisfies {@code p}. */
    ALLOWED("Allowed"),
    /** None does. */
    FORBIDDEN("Forbidden");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    /** Allowed or Forbidden, as written in EXPECTED.tsv and suite.md. */
    public String word() {
        return word;
    }

    /** Parses {@code Allowed}/{@code Forbidden} (also herd7's {@code Allow}/{@code Forbid}). */
    public static Verdict parse(String s) {
        switch (s.trim()) {
            case "Allowed": case "Allow": case "A": return ALLOWED;
            case "Forbidden": case "Forbid": case "F": return FORBIDDEN;
            default: throw new IllegalArgumentException("not a verdict: '" + s + "' (expected Allowed or Forbidden)");
        }
    }
}
