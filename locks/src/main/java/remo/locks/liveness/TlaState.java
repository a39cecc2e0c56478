package remo.locks.liveness;

import java.util.Map;

/**
 * One state of a TLC trace.
 *
 * @param number    its position in the trace as TLC numbers it (1 = initial state)
 * @param action    the name of the action whose step led here as TLC prints it (the definition
 *                  name without arguments, for example {@code Cpu}), or {@code "Initial predicate"}
 * @param variables the value of every variable, in TLC's order
 */
public record TlaState(int number, String action, Map<String, TlaValue> variables) {
    public TlaState {
        variables = Map.copyOf(variables);
    }

    /** The value of variable {@code name}. @throws IllegalArgumentException if the state has no such variable */
    public TlaValue get(String name) {
        TlaValue v = variables.get(name);
        if (v == null) {
            throw new IllegalArgumentException("state " + number + " has no variable " + name);
        }
        return v;
    }
}
