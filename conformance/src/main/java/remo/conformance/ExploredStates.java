package remo.conformance;

import java.util.Set;
import remo.checker.FinalState;
import remo.nic.explore.Exploration;

/**
 * The final states the model checker reached on a litmus program run on the simulated NIC
 * ({@link LitmusRunner#explore}).
 *
 * @param states      the distinct final states of the completed runs, over every location and register
 * @param discarded   runs an {@code assume} discarded
 * @param exploration the exploration's counts and limits (its stuck runs are the blocked executions)
 */
public record ExploredStates(Set<FinalState> states, long discarded, Exploration exploration) {
}
