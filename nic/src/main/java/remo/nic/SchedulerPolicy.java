package remo.nic;

/**
 * The deterministic scheduler's policy (nic.md §5.1). When a drain or NIC action becomes enabled it
 * draws a hold: with probability {@code stallProbability} from a geometric distribution of mean
 * {@code meanStallHold}, otherwise of mean {@code meanDrainHold} or {@code meanNicHold}. Holds count
 * down by one per scheduler step while the action stays enabled; an action is eligible at hold 0;
 * the scheduler picks uniformly among eligible actions, else the smallest hold. With
 * {@code ADVERSARIAL} (the default of nic.md) CPU actions are always eligible.
 *
 * <p>{@code SWARM} (an addition, in the spirit of swarm testing) derives, from each run's seed, a
 * different parameter set: per-thread CPU holds (some threads slow), per-thread drain holds and
 * per-QP NIC holds, each mean drawn from a small range including 0. One seed still fixes every
 * choice; across seeds the runs cover both "NIC late" and "NIC early" interleavings, which raises
 * the share of allowed outcomes observed. The litmus simulator uses it by default.
 *
 * @param name             {@code ADVERSARIAL}, {@code UNIFORM}, {@code SWARM} or a custom name
 * @param meanDrainHold    mean hold of a store-buffer drain, in scheduler steps
 * @param meanNicHold      mean hold of a NIC step, in scheduler steps
 * @param stallProbability probability of a long stall, in [0, 1]
 * @param meanStallHold    mean hold of a stall, in scheduler steps
 * @param meanCpuHold      mean hold of a CPU action (0: always eligible, as nic.md §5.1 specifies)
 * @param varyPerSeed      whether parameters are re-drawn per run, thread and QP from the seed
 */
public record SchedulerPolicy(String name, double meanDrainHold, double meanNicHold, double stallProbability,
                              double meanStallHold, double meanCpuHold, boolean varyPerSeed) {

    /** @throws IllegalArgumentException for negative means or a probability outside [0, 1] */
    public SchedulerPolicy {
        if (meanDrainHold < 0 || meanNicHold < 0 || meanStallHold < 0 || meanCpuHold < 0 || stallProbability < 0
                || stallProbability > 1) {
            throw new IllegalArgumentException("scheduler policy: means must be >= 0 and the probability in [0, 1]");
        }
    }

    /** The default adversarial policy of nic.md §5.1: drain hold 4, NIC hold 8, stalls of mean 500 with probability 0.02. */
    public static SchedulerPolicy adversarial() {
        return new SchedulerPolicy("ADVERSARIAL", 4, 8, 0.02, 500, 0, false);
    }

    /** All holds 0: uniform choice among enabled actions. */
    public static SchedulerPolicy uniform() {
        return new SchedulerPolicy("UNIFORM", 0, 0, 0, 0, 0, false);
    }

    /** Adversarial holds whose means vary per seed, thread and QP (see the class comment). */
    public static SchedulerPolicy swarm() {
        return new SchedulerPolicy("SWARM", 4, 8, 0.02, 500, 0, true);
    }

    /** The policy named {@code name} ({@code ADVERSARIAL}, {@code UNIFORM}, {@code SWARM}, any case). */
    public static SchedulerPolicy named(String name) {
        switch (name.toUpperCase(java.util.Locale.ROOT)) {
            case "ADVERSARIAL": return adversarial();
            case "UNIFORM": return uniform();
            case "SWARM": return swarm();
            default: throw new IllegalArgumentException("unknown scheduler policy '" + name
                    + "'; expected ADVERSARIAL, UNIFORM or SWARM");
        }
    }

    /** Whether every hold is 0 (no draws are made). */
    public boolean holdFree() {
        return !varyPerSeed && meanDrainHold == 0 && meanNicHold == 0 && meanCpuHold == 0
                && (stallProbability == 0 || meanStallHold == 0);
    }
}
