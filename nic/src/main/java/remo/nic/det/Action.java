package remo.nic.det;

/**
 * One action the deterministic scheduler may choose (nic.md §5.1): the CPU step of a thread's
 * pending call ({@link CpuStep}), the drain of the head of a thread's store buffer ({@link SbEntry}),
 * the next step of a word operation on a queue pair ({@link WordOp}), or a fault whose time has come
 * ({@link TimedFault}). The seeded policy and the model checker ({@code remo.nic.explore}) choose
 * among the enabled actions of a step; each action has a code that names it across runs
 * ({@link remo.nic.Schedule}).
 */
public sealed interface Action permits CpuStep, SbEntry, WordOp, TimedFault {

    /** The action's 64-bit code in a {@link remo.nic.Schedule}: kind, thread, stage and id. */
    long code();
}
