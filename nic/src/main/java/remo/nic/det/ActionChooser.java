package remo.nic.det;

import java.util.List;
import remo.nic.FaultPlan;
import remo.nic.SchedulerPolicy;

/**
 * The choice among enabled actions of the deterministic scheduler (nic.md §5.1): every action gets
 * a hold (scheduler steps it waits), drawn with the seeded generator when it is first enabled from
 * the policy's means, the stalls and the delay faults; the next action is a random one whose hold
 * has run out, else one of those with the smallest hold. A seed gives the same sequence of draws,
 * hence the same schedule.
 */
final class ActionChooser {
    private final SchedulerPolicy policy;
    private final FaultPlan faults;
    private final SplitMix64 rng;
    /** Draws the SWARM parameters, apart from {@link #rng} so ADVERSARIAL runs keep the draws of nic.md §5.1. */
    private final SplitMix64 swarmRng;
    private double stallProbability;
    private final double stallMean;

    /**
     * @param seed   the run's seed
     * @param policy the scheduler policy
     * @param faults the run's fault plan (its delay rules lengthen holds)
     */
    ActionChooser(long seed, SchedulerPolicy policy, FaultPlan faults) {
        this.policy = policy;
        this.faults = faults;
        this.rng = new SplitMix64(seed);
        this.swarmRng = new SplitMix64(seed ^ 0x6A09E667F3BCC909L);
        this.stallProbability = policy.stallProbability();
        this.stallMean = policy.meanStallHold();
        if (policy.varyPerSeed()) {
            stallProbability = pick(new double[] {0, 0.05, 0.2});
        }
    }


    /** Picks the next action: a random one among those whose hold has run out, else one of the least held. */
    Action choose(List<Action> enabled) {
        if (enabled.get(0) instanceof TimedFault) {
            return enabled.get(0);
        }
        int eligible = 0;
        for (Action o : enabled) {
            if (hold(o) == 0) {
                eligible++;
            }
        }
        if (eligible > 0) {
            int k = enabled.size() == 1 ? 0 : rng.nextInt(eligible);
            for (Action o : enabled) {
                if (hold(o) == 0 && k-- == 0) {
                    return o;
                }
            }
        }
        int min = Integer.MAX_VALUE;
        int ties = 0;
        for (Action o : enabled) {
            int h = hold(o);
            if (h < min) {
                min = h;
                ties = 1;
            } else if (h == min) {
                ties++;
            }
        }
        int k = ties == 1 ? 0 : rng.nextInt(ties);
        for (Action o : enabled) {
            if (hold(o) == min && k-- == 0) {
                return o;
            }
        }
        throw new AssertionError("no action chosen");
    }

    /** A uniformly drawn SWARM parameter (nic.md §5.1), from the stream kept apart from the schedule's draws. */
    double pick(double[] choices) {
        return choices[swarmRng.nextInt(choices.length)];
    }

    /** The hold of an enabled action, drawn when first seen (CPU actions: 0 unless a CPU mean is set). */
    private int hold(Action o) {
        if (o instanceof SbEntry e) {
            if (e.hold < 0) {
                e.hold = draw(e.thread.drainMean, e.thread.name, -1);
            }
            return e.hold;
        }
        if (o instanceof WordOp w) {
            if (w.hold < 0) {
                DetQp q = w.op.qp;
                if (q.nicMean < 0) {
                    q.nicMean = policy.varyPerSeed() ? pick(new double[] {0, 1, 4, 16, 64}) : policy.meanNicHold();
                }
                w.hold = draw(q.nicMean, w.op.thread.name, w.op.target());
            }
            return w.hold;
        }
        if (o instanceof CpuStep c && c.thread.cpuMean > 0) {
            DetThread t = c.thread;
            if (t.cpuHold < 0) {
                t.cpuHold = rng.geometric(t.cpuMean);
            }
            return t.cpuHold;
        }
        return 0;
    }

    private int draw(double mean, String thread, int target) {
        long h = 0;
        if (!policy.holdFree()) {
            if (stallProbability > 0 && rng.nextDouble() < stallProbability) {
                h = rng.geometric(stallMean);
            } else {
                h = rng.geometric(mean);
            }
        }
        for (FaultPlan.Rule r : faults.rules()) {
            if (target < 0 && r instanceof FaultPlan.DelayDrain d && d.selector().test(thread)) {
                if (rng.nextDouble() < d.probability()) {
                    h += rng.geometric(d.meanSteps());
                }
            } else if (target >= 0 && r instanceof FaultPlan.DelayNic d && d.selector().test(thread, target)) {
                if (rng.nextDouble() < d.probability()) {
                    h += rng.geometric(d.meanSteps());
                }
            }
        }
        return (int) Math.min(h, 1_000_000_000L);
    }

    /** An enabled action that was not chosen: its hold shrinks by one step. */
    static void countDown(Action o) {
        if (o instanceof SbEntry e && e.hold > 0) {
            e.hold--;
        } else if (o instanceof WordOp w && w.hold > 0) {
            w.hold--;
        } else if (o instanceof CpuStep c && c.thread.cpuHold > 0) {
            c.thread.cpuHold--;
        }
    }
}
