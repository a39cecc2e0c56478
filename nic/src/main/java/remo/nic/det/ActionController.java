package remo.nic.det;

import java.util.List;

/**
 * Chooses every action of a deterministic run in place of the seeded policy: the hook of the model
 * checker ({@code remo.nic.explore}), which enumerates the choices. Called at each scheduler step
 * with the enabled actions (never empty; a due fault is run without asking), on whichever Java
 * thread holds the baton, never on two threads at once.
 */
public interface ActionController {

    /**
     * The index in {@code enabled} of the action to run next. To end the run early, throw an
     * unchecked exception: {@link remo.nic.SimCluster#run()} then throws it after unwinding the
     * threads.
     *
     * @param enabled the enabled actions, in the engine's order (threads, then store buffers, then
     *                queue pairs)
     * @param engine  the engine, for {@link DetEngine#footprint} and {@link DetEngine#describe}
     */
    int choose(List<Action> enabled, DetEngine engine);

    /**
     * Whether the thread bodies of one node may share mutable Java objects beyond the simulated
     * memory (then their CPU steps are dependent, {@link Footprint}); default {@code true}.
     */
    default boolean bodiesShareJavaState() {
        return true;
    }
}
