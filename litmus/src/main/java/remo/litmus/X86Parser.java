package remo.litmus;

/** Parser for herd7's X86 and X86_64 dialects (language.md §10). UNDER CONSTRUCTION. */
final class X86Parser {
    private X86Parser() {
    }

    static Program parse(String sourceName, String text, Dialect dialect) throws LitmusException {
        throw new UnsupportedOperationException("X86 parser not yet written");
    }
}
