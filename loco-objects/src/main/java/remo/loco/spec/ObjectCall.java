package remo.loco.spec;

import java.util.List;

/**
 * One call of a library method as an abstract event (loco.md §2.3): the body is the calling
 * thread's API calls with index {@code firstPo..lastPo}, contiguous in program order (loco.md §2.6).
 *
 * @param id      call id, unique in its log
 * @param object  the object's name
 * @param method  the method
 * @param thread  the calling thread's name
 * @param node    its node
 * @param firstPo index of the body's first API call in the thread
 * @param lastPo  index of its last; {@code firstPo - 1} for an empty body
 * @param args    the arguments (numbers; messages and values as their words)
 * @param result  what it returned: a {@code Long}, a {@code long[]}, a {@code Boolean}, or {@code null}
 */
public record ObjectCall(long id, String object, String method, String thread, int node, long firstPo, long lastPo,
                         List<Long> args, Object result) {
    public ObjectCall {
        args = List.copyOf(args);
    }

    /** Argument {@code i}. */
    public long arg(int i) {
        return args.get(i);
    }

    /** The result as a number (a {@code Long}, or the first word of a {@code long[]}). */
    public long resultValue() {
        return result instanceof long[] a ? a[0] : (Long) result;
    }

    @Override
    public String toString() {
        return thread + ":" + object + "." + method + args + (result == null ? "" : " -> "
                + (result instanceof long[] a ? java.util.Arrays.toString(a) : result)) + " [po " + firstPo + ".." + lastPo + "]";
    }
}
