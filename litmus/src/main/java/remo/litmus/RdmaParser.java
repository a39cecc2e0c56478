package remo.litmus;

/** Parser for the RDMA dialect (language.md §1–§7). UNDER CONSTRUCTION: replaced by the real parser. */
final class RdmaParser {
    private RdmaParser() {
    }

    static Program parse(String sourceName, String text) throws LitmusException {
        throw new UnsupportedOperationException("RDMA parser not yet written");
    }
}
