package remo.loco.lin;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The sequential specification of one {@link remo.loco.AtomicVar} (loco.md §4.3, AV3): a register
 * with fetch-and-add, compare-and-swap and load, each returning the value before the call.
 */
public final class AtomicSpec implements SequentialSpec<Long, AtomicOp> {
    private final long initial;

    /** @param initial the variable's initial value */
    public AtomicSpec(long initial) {
        this.initial = initial;
    }

    @Override
    public Long initial() {
        return initial;
    }

    @Override
    public Long apply(Long state, AtomicOp op) {
        return op.result() == state ? applyPending(state, op) : null;
    }

    @Override
    public Long applyPending(Long state, AtomicOp op) {
        switch (op.kind()) {
            case FETCH_ADD:
                return state + op.arg1();
            case COMPARE_AND_SWAP:
                return state == op.arg1() ? op.arg2() : state;
            default:
                return state;
        }
    }

    /** Every value returned is the initial value or a value some call of the list writes. */
    @Override
    public boolean selfContained(List<AtomicOp> ops) {
        Set<Long> written = new HashSet<>();
        written.add(initial);
        for (AtomicOp o : ops) {
            if (o.kind() == AtomicOp.Kind.FETCH_ADD) {
                written.add(o.result() + o.arg1());
            } else if (o.kind() == AtomicOp.Kind.COMPARE_AND_SWAP && o.result() == o.arg1()) {
                written.add(o.arg2());
            }
        }
        return ops.stream().allMatch(o -> written.contains(o.result()));
    }
}
