package remo.litmus;

/**
 * What unrolling knows about a register's value before the run (language.md §10.2): a constant
 * (from the init block or a move of one), or the address of a location plus a byte offset (from an
 * init item such as {@code 0:EBX=x}). Registers written by loads are not known.
 */
sealed interface X86Value permits X86Value.Known, X86Value.Address {

    /** A constant. */
    record Known(long value) implements X86Value {
    }

    /** The address of {@code symbol} plus {@code offset} bytes. */
    record Address(String symbol, long offset) implements X86Value {
        @Override
        public String toString() {
            return offset == 0 ? symbol : symbol + (offset > 0 ? "+" : "") + offset;
        }
    }
}
