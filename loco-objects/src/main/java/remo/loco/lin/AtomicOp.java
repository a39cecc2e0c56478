package remo.loco.lin;

/**
 * A call of {@link remo.loco.AtomicVar} in a history (loco.md §4.3, §4.10): the variable, the
 * method with its arguments, and the value it returned (the old value for the RMWs).
 *
 * @param variable the variable's object name (the partition key of the check)
 * @param kind     the method
 * @param arg1     {@code delta} of fetchAdd, {@code expect} of compareAndSwap, 0 for load
 * @param arg2     {@code update} of compareAndSwap, else 0
 * @param result   the value returned; meaningless for a pending call
 */
public record AtomicOp(String variable, Kind kind, long arg1, long arg2, long result) {

    /** The methods of AtomicVar. */
    public enum Kind { FETCH_ADD, COMPARE_AND_SWAP, LOAD }

    @Override
    public String toString() {
        switch (kind) {
            case FETCH_ADD:
                return "fetchAdd(" + arg1 + ")";
            case COMPARE_AND_SWAP:
                return "compareAndSwap(" + arg1 + ", " + arg2 + ")";
            default:
                return "load()";
        }
    }
}
