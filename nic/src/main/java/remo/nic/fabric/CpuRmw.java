package remo.nic.fabric;

/**
 * The locked CPU read-modify-writes of the endpoint API ({@code cas}, {@code faa}, {@code swap}):
 * one atomic transition (operational.md §2) in either engine. The rule of whether and what one
 * writes is here once.
 */
public enum CpuRmw {
    /** {@code cas(expect, update)}: writes {@code update} iff the old value equals {@code expect}. */
    CAS,
    /** {@code faa(delta)}: always writes old + delta (wrapping, models.md §1). */
    FAA,
    /** {@code swap(value)}: always writes {@code value}. */
    SWAP;

    /** Whether the RMW writes, given the value read and (for {@link #CAS}) the expected value. */
    public boolean writes(long old, long expect) {
        return this != CAS || old == expect;
    }

    /** The value it writes, given the value read and its operand (update, delta or value). */
    public long newValue(long old, long operand) {
        return this == FAA ? old + operand : operand;
    }
}
