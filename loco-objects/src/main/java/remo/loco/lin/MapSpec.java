package remo.loco.lin;

import java.util.Arrays;
import java.util.List;

/**
 * The sequential specification of one key of a map (loco.md §4.10): a register holding a value or
 * nothing, with put, remove and get. A put that threw {@code KvFullException} is a no-op at its
 * point. The state is the value's words (a {@code List}, so it compares by content), or
 * {@link #ABSENT}.
 */
public final class MapSpec implements SequentialSpec<List<Long>, MapOp> {
    /** The state of an absent key. */
    public static final List<Long> ABSENT = List.of();

    @Override
    public List<Long> initial() {
        return ABSENT;
    }

    private static List<Long> words(long[] v) {
        return Arrays.stream(v).boxed().toList();
    }

    @Override
    public List<Long> apply(List<Long> state, MapOp op) {
        switch (op.kind()) {
            case PUT:
                return op.full() ? state : words(op.value());
            case REMOVE:
                return op.present() == !state.isEmpty() ? ABSENT : null;
            default:
                List<Long> got = op.result() == null ? ABSENT : words(op.result());
                return got.equals(state) ? state : null;
        }
    }

    @Override
    public List<Long> applyPending(List<Long> state, MapOp op) {
        switch (op.kind()) {
            case PUT:
                return words(op.value());
            case REMOVE:
                return ABSENT;
            default:
                return state;
        }
    }

    /** Every value a get returned was put by one of the calls, and a remove that found the key follows some put. */
    @Override
    public boolean selfContained(List<MapOp> ops) {
        boolean anyPut = ops.stream().anyMatch(o -> o.kind() == MapOp.Kind.PUT);
        for (MapOp o : ops) {
            if (o.kind() == MapOp.Kind.GET && o.result() != null
                    && ops.stream().noneMatch(p -> p.kind() == MapOp.Kind.PUT && Arrays.equals(p.value(), o.result()))) {
                return false;
            }
            if (o.kind() == MapOp.Kind.REMOVE && o.present() && !anyPut) {
                return false;
            }
        }
        return true;
    }
}
