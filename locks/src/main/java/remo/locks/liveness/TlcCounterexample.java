package remo.locks.liveness;

import java.util.List;

/**
 * A counterexample TLC printed.
 *
 * @param kind       invariant trace, deadlock trace or liveness lasso
 * @param states     the states in order, the first is initial
 * @param loopStart  for a lasso that loops: the number ({@link TlaState#number()}) of the state the
 *                   last state steps back to, so states {@code loopStart..last} repeat forever;
 *                   0 when there is no loop
 * @param stuttering for a lasso: the behaviour stays in the last state forever
 * @param fromStart  whether the first state is an initial state; false for a trace of TLC's
 *                   distributed mode, which prints only the last steps of the path
 */
public record TlcCounterexample(CounterexampleKind kind, List<TlaState> states, int loopStart, boolean stuttering,
                             boolean fromStart) {
    public TlcCounterexample {
        states = List.copyOf(states);
        if (states.isEmpty()) {
            throw new IllegalArgumentException("a counterexample has at least one state");
        }
    }

    /** The last state of the trace. */
    public TlaState last() {
        return states.get(states.size() - 1);
    }

    /** The states that repeat forever: the loop of a lasso, the last state if it stutters, else none. */
    public List<TlaState> repeating() {
        if (loopStart > 0) {
            return states.stream().filter(s -> s.number() >= loopStart).toList();
        }
        return stuttering ? List.of(last()) : List.of();
    }
}
