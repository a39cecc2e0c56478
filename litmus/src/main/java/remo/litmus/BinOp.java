package remo.litmus;

/** Register arithmetic operators on 64-bit two's-complement values (language.md §4.2). */
public enum BinOp {
    ADD("+"), SUB("-"), MUL("*"), AND("&"), OR("|"), XOR("^"),
    /** x86 {@code SHL}: shift left by the low 6 bits of the count. */
    SHL("<<"),
    /** x86 {@code SHR}: logical shift right. */
    SHR(">>>"),
    /** x86 {@code SAR}: arithmetic shift right. */
    SAR(">>");

    private final String symbol;

    BinOp(String symbol) {
        this.symbol = symbol;
    }

    /** The operator as written in RDMA litmus files. */
    public String symbol() {
        return symbol;
    }

    /**
     * Applies the operator; {@code + - *} wrap around modulo 2^64, the others are bitwise (shift
     * counts taken modulo 64, as Java and x86's 64-bit shifts do).
     */
    public long apply(long a, long b) {
        switch (this) {
            case ADD: return a + b;
            case SUB: return a - b;
            case MUL: return a * b;
            case AND: return a & b;
            case OR: return a | b;
            case XOR: return a ^ b;
            case SHL: return a << b;
            case SHR: return a >>> b;
            case SAR: return a >> b;
            default: throw new AssertionError(this);
        }
    }
}
