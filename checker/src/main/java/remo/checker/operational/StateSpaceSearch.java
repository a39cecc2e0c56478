package remo.checker.operational;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.checker.CheckOptions;

/**
 * Exhaustive depth-first exploration of a {@link Machine} with memoisation (operational.md §8.1):
 * every reachable state is expanded once. The memoised state is the whole state array, which holds
 * everything in operational.md §1 except {@code lw}, plus the partial graph when the layout records it (then
 * {@code lw} is a function of the stored {@code co}).
 *
 * <p>Not thread-safe; one search per run.
 */
final class StateSpaceSearch {

    /**
     * What a search found.
     *
     * @param finals        every distinct final state reached
     * @param explored      distinct states visited (including final and stuck ones)
     * @param stuck         every distinct stuck state (not final, no enabled transition)
     * @param partialReason why the search stopped early, or null if it is exhaustive
     */
    record Outcome(List<long[]> finals, long explored, List<long[]> stuck, String partialReason) {
    }

    /** A memoised state: the array with its hash computed once. */
    private record Key(long[] state, int hash) {
        static Key of(long[] state) {
            return new Key(state, Arrays.hashCode(state));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.hash == hash && Arrays.equals(k.state, state);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** Signals that a limit was reached. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    private final Machine machine;
    private final CheckOptions options;
    private final long start;
    private final long deadline;
    private final Set<Key> visited = new HashSet<>();
    private final List<long[]> finals = new ArrayList<>();
    private final List<long[]> stuck = new ArrayList<>();
    private String partialReason;

    /**
     * @param machine the machine
     * @param options {@link CheckOptions#maxExecutions()} bounds the number of distinct states
     *                visited, {@link CheckOptions#timeout()} the wall-clock time; the progress
     *                listener receives (states visited, final states found)
     * @param start   {@link System#nanoTime()} at the start of the run
     */
    StateSpaceSearch(Machine machine, CheckOptions options, long start) {
        this.machine = machine;
        this.options = options;
        this.start = start;
        this.deadline = options.deadline(start);
    }

    /** Runs the search from the initial state. */
    Outcome run() {
        try {
            long[] initial = machine.initialState();
            if (admit(initial)) {
                expand(initial);
            }
        } catch (Stop stop) {
            // partialReason is set
        }
        return new Outcome(List.copyOf(finals), visited.size(), List.copyOf(stuck), partialReason);
    }

    /** Marks a state visited; false if it was visited before. */
    private boolean admit(long[] state) {
        Key key = Key.of(state);
        if (visited.contains(key)) {
            return false;
        }
        if (options.maxExecutions() > 0 && visited.size() >= options.maxExecutions()) {
            partialReason = "state limit reached: explored " + visited.size() + " machine states (--max-executions "
                    + options.maxExecutions() + ")";
            throw new Stop();
        }
        visited.add(key);
        long n = visited.size();
        if ((n & 255) == 0) {
            long now = System.nanoTime();
            if (remo.core.Interruption.requested()) {
                partialReason = remo.core.Interruption.reason();
                throw new Stop();
            }
            if (now > deadline) {
                partialReason = options.timeLimitReached(now - start);
                throw new Stop();
            }
            if (options.progress() != null) {
                options.progress().progress(n, finals.size());
            }
        }
        return true;
    }

    /** Depth-first search from {@code root} with an explicit stack (runs may be long). */
    private void expand(long[] root) {
        Deque<Frame> stack = new ArrayDeque<>();
        Frame first = frameOf(root);
        if (first != null) {
            stack.push(first);
        }
        while (!stack.isEmpty()) {
            Frame top = stack.peek();
            if (top.next == top.successors.size()) {
                stack.pop();
                continue;
            }
            long[] n = top.successors.get(top.next++);
            if (admit(n)) {
                Frame f = frameOf(n);
                if (f != null) {
                    stack.push(f);
                }
            }
        }
    }

    /** The successors of a newly visited state, or null (after recording it) if it has none. */
    private Frame frameOf(long[] state) {
        List<long[]> next = machine.successors(state);
        if (!next.isEmpty()) {
            return new Frame(next);
        }
        if (machine.isFinal(state)) {
            finals.add(state);
        } else {
            stuck.add(state);
        }
        return null;
    }

    /** A state on the search stack: its successors and the next one to try. */
    private static final class Frame {
        final List<long[]> successors;
        int next;

        Frame(List<long[]> successors) {
            this.successors = successors;
        }
    }
}
