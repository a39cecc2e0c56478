package remo.checker.operational;

import java.util.List;

/**
 * A transition system over states laid out by a {@link MachineLayout}: the RDMA machine
 * (operational.md §1–§6) or the atomic machine (operational.md §9).
 */
interface Machine {

    /** The layout of the machine's states. */
    MachineLayout layout();

    /** The initial state (operational.md §1). */
    long[] initialState();

    /**
     * Every state reachable by one enabled transition. Each returned array is fresh; {@code state}
     * is not modified. An empty list for a state that is not final means the state is stuck.
     */
    List<long[]> successors(long[] state);

    /** Whether {@code state} is final (operational.md §5, §9). */
    boolean isFinal(long[] state);
}
