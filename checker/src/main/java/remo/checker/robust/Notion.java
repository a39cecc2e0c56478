package remo.checker.robust;

/** The two robustness notions of models.md §10. */
public enum Notion {
    /** {@code FS_M(P) = FS_S(P)} (models.md §10.1). */
    STATE,
    /** Every complete M-consistent execution satisfies the axiom of S(M) (models.md §10.2). */
    TRACE;

    /** Lower-case name as used on the command line and in reports. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
