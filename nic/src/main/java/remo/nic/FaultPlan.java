package remo.nic;

import java.util.ArrayList;
import java.util.List;

/**
 * Fault injection rules (nic.md §7). Delays only change when enabled actions happen; they never
 * enable an action the semantics does not enable, so they cannot break the same-QP guards, the
 * unit or TSO store order. QP errors flush every incomplete WR of a QP; crashes fail a node.
 * Immutable; built with {@link #builder()}.
 */
public final class FaultPlan {

    /** A rule; see the builder methods. */
    public sealed interface Rule permits DelayNic, DelayDrain, QpError, QpErrorAtStep, Crash {
    }

    public record DelayNic(QpSelector selector, double probability, int meanSteps) implements Rule {
    }

    public record DelayDrain(ThreadSelector selector, double probability, int meanSteps) implements Rule {
    }

    public record QpError(String thread, int target, long afterOps) implements Rule {
    }

    public record QpErrorAtStep(String thread, int target, long step) implements Rule {
    }

    public record Crash(int node, long atStep) implements Rule {
    }

    private static final FaultPlan NONE = new FaultPlan(List.of(), false);
    private final List<Rule> rules;
    private final boolean expectUnreported;

    private FaultPlan(List<Rule> rules, boolean expectUnreported) {
        this.rules = List.copyOf(rules);
        this.expectUnreported = expectUnreported;
    }

    /** No faults. */
    public static FaultPlan none() {
        return NONE;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Whether flushed ops left unacknowledged at the end are expected (then {@code run()} does not throw). */
    public boolean expectUnreported() {
        return expectUnreported;
    }

    /** Whether the plan has no rule. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    /** Builds a {@link FaultPlan}. */
    public static final class Builder {
        private final List<Rule> rules = new ArrayList<>();
        private boolean expectUnreported;

        private Builder() {
        }

        private static void checkProbability(double p, int mean) {
            if (p < 0 || p > 1 || mean < 0) {
                throw new IllegalArgumentException("probability must be in [0, 1] and meanSteps >= 0");
            }
        }

        /**
         * Extra holds on NIC steps of the selected QPs: when a step becomes enabled, with probability
         * {@code probability} it is held a further geometric number of steps of mean {@code meanSteps}
         * (deterministic), or the worker sleeps {@code meanSteps} µs (concurrent).
         */
        public Builder delayNic(QpSelector sel, double probability, int meanSteps) {
            checkProbability(probability, meanSteps);
            rules.add(new DelayNic(sel, probability, meanSteps));
            return this;
        }

        /** Extra holds on store-buffer drains of the selected threads (concurrent: a sleep before posting). */
        public Builder delayDrain(ThreadSelector sel, double probability, int meanSteps) {
            checkProbability(probability, meanSteps);
            rules.add(new DelayDrain(sel, probability, meanSteps));
            return this;
        }

        /** QP {@code (thread, target)} enters ERROR when its op number {@code afterOps} (1-based) would take its first step. */
        public Builder qpError(String thread, int target, long afterOps) {
            if (afterOps < 1) {
                throw new IllegalArgumentException("afterOps is 1-based, got " + afterOps);
            }
            rules.add(new QpError(thread, target, afterOps));
            return this;
        }

        /** Deterministic only: QP {@code (thread, target)} enters ERROR at scheduler step {@code step}. */
        public Builder qpErrorAtStep(String thread, int target, long step) {
            rules.add(new QpErrorAtStep(thread, target, step));
            return this;
        }

        /** Deterministic only: node {@code node} crashes at scheduler step {@code atStep} (concurrent: use {@code SimCluster.crash}). */
        public Builder crash(int node, long atStep) {
            rules.add(new Crash(node, atStep));
            return this;
        }

        /** Declares that flushed ops may stay unacknowledged: {@code run()} then returns instead of throwing. */
        public Builder expectUnreported() {
            expectUnreported = true;
            return this;
        }

        /** The plan. */
        public FaultPlan build() {
            return new FaultPlan(rules, expectUnreported);
        }
    }
}
