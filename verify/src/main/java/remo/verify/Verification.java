package remo.verify;

import java.util.Objects;
import java.util.function.LongSupplier;
import remo.nic.explore.ExecutionCheck;
import remo.nic.explore.ExplorationTarget;

/**
 * One verification, ready to run: the program of a library object's workload within its bounds and
 * the check of each of its executions under a model.
 *
 * @param description what is verified, e.g. {@code WEAK 2 threads on 2 nodes x 2 ops}
 * @param target      the program the model checker runs
 * @param check       the check of every execution (it counts the executions the model excludes)
 * @param excluded    how many executions the check found the model forbids so far (0 under the
 *                    simulator's own model, {@code rdma-wait-rmw})
 */
public record Verification(String description, ExplorationTarget target, ExecutionCheck check, LongSupplier excluded) {
    public Verification {
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(excluded, "excluded");
    }
}
