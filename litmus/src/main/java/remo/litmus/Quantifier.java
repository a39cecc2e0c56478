package remo.litmus;

/** The quantifier of a final condition (language.md §3.1, models.md §9.2). */
public enum Quantifier {
    /** {@code exists p} (also herd7's {@code final p} and a bare {@code (p)}): kind Allowed. */
    EXISTS("exists", "Allowed"),
    /** {@code ~exists p}: kind Forbidden. */
    NOT_EXISTS("~exists", "Forbidden"),
    /** {@code forall p}: kind Required. */
    FORALL("forall", "Required");

    private final String keyword;
    private final String kind;

    Quantifier(String keyword, String kind) {
        this.keyword = keyword;
        this.kind = kind;
    }

    /** The quantifier as herd7 prints it in the {@code Condition} line. */
    public String keyword() {
        return keyword;
    }

    /** The word herd7 prints after the test name: Allowed, Forbidden or Required. */
    public String kind() {
        return kind;
    }
}
