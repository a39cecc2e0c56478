package remo.checker;

/** herd7's observation word (models.md §9.2). */
public enum Observation {
    /** No execution satisfies the proposition. */
    NEVER("Never"),
    /** Some but not all executions do. */
    SOMETIMES("Sometimes"),
    /** There are executions and all satisfy it. */
    ALWAYS("Always");

    private final String word;

    Observation(String word) {
        this.word = word;
    }

    /** The word as herd7 prints it. */
    public String word() {
        return word;
    }
}
