package remo.litmus;

/** The dialect a litmus file is written in, selected by its first token (language.md §8). */
public enum Dialect {
    /** The RDMA litmus language of language.md §1–§9. */
    RDMA("RDMA"),
    /** herd7's X86 dialect, Intel syntax (language.md §10). */
    X86("X86"),
    /** herd7's X86_64 dialect, AT&amp;T syntax (language.md §10). */
    X86_64("X86_64");

    private final String keyword;

    Dialect(String keyword) {
        this.keyword = keyword;
    }

    /** The header keyword, as written in files. */
    public String keyword() {
        return keyword;
    }

    /** Whether this is one of herd7's x86 dialects (locations print as {@code [x]}). */
    public boolean isX86() {
        return this != RDMA;
    }
}
