package remo.nic.det;

import remo.nic.FaultPlan;
import remo.nic.Schedule;

/**
 * A fault of the plan that fires at a scheduler step ({@link FaultPlan.Crash},
 * {@link FaultPlan.QpErrorAtStep}, nic.md §7): once its step is reached it is the only enabled action.
 *
 * @param index the rule's index among the timed rules
 * @param rule  the rule
 */
record TimedFault(int index, FaultPlan.Rule rule) implements Action {

    /** The scheduler step from which the fault fires. */
    long atStep() {
        return rule instanceof FaultPlan.Crash c ? c.atStep() : ((FaultPlan.QpErrorAtStep) rule).step();
    }

    @Override
    public long code() {
        return Schedule.code(Schedule.FAULT, 0, 0, index);
    }
}
