package remo.checker.robust;

import remo.litmus.Instruction;

/**
 * One fence insertion of a repair (models.md §10.3): {@code instruction} is inserted into thread
 * {@code P<thread>} immediately before its {@code before}-th instruction (1-based, counted in the
 * original program).
 *
 * @param thread      the thread index
 * @param before      1-based index of the original instruction the insertion precedes ({@code 2..len})
 * @param instruction the inserted {@code mfence}, {@code rfence n}, {@code poll n}, {@code wait d} or {@code gf}
 */
public record Insertion(int thread, int before, Instruction instruction) {

    /** The insertion as models.md §10.3 prints it: {@code P0: poll 2 before instruction 2}. */
    @Override
    public String toString() {
        return "P" + thread + ": " + instruction + " before instruction " + before;
    }

    /**
     * The cost of the inserted instruction: NIC round trips the thread or its queue pair waits for
     * ({@code poll}, {@code wait}, {@code gf}: the thread waits for completions; {@code rfence}:
     * the queue pair waits for earlier reads and atomics), and CPU fences ({@code mfence}: a
     * store-buffer drain, no network).
     *
     * @return {@code {roundTrips, cpuFences}}
     */
    public int[] cost() {
        return instruction instanceof Instruction.MFence ? new int[] {0, 1} : new int[] {1, 0};
    }
}
