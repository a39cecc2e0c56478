package remo.nic.explore;

import java.util.Objects;
import java.util.function.Consumer;
import remo.nic.NicConfig;
import remo.nic.SimCluster;

/**
 * What the model checker runs: a cluster of {@code nodes} nodes with configuration {@code config},
 * and the set-up that registers its regions, builds its objects and spawns its threads. The set-up
 * runs once per explored execution on a fresh cluster, so it must build the same program every time
 * (no randomness, no clock, no state kept from an earlier call); the explorer checks that each run
 * offers the same choices as the run it replays and reports a program that does not.
 *
 * @param nodes  the number of nodes, 1..64
 * @param config the NIC configuration (flags, queue capacity, limits)
 * @param setup  registers regions and spawns threads on the cluster it is given (before
 *               {@link SimCluster#run()})
 * @param trace  whether each run records its execution graph (checks of the graph need it; a
 *               check of final values runs faster without)
 * @param sharedJavaState whether the thread bodies of one node may share mutable Java objects
 *               besides the simulated memory (the default): their CPU steps are then explored in
 *               every order. A program whose threads share no such state, or share it only before
 *               their first call (a lock binding each endpoint to a slot in its constructor or first
 *               acquire, which every body reaches in spawn order before the first choice), says
 *               {@code false} and is explored much faster
 */
public record ExplorationTarget(int nodes, NicConfig config, Consumer<SimCluster> setup, boolean trace,
                                boolean sharedJavaState) {
    public ExplorationTarget {
        if (nodes < 1 || nodes > 64) {
            throw new IllegalArgumentException("a cluster has 1..64 nodes, got " + nodes);
        }
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(setup, "setup");
    }

    /** A target with {@link NicConfig#defaults()}, recording each run's graph. */
    public static ExplorationTarget of(int nodes, Consumer<SimCluster> setup) {
        return new ExplorationTarget(nodes, NicConfig.defaults(), setup, true, true);
    }
}
