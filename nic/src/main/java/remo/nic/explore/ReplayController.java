package remo.nic.explore;

import java.util.ArrayList;
import java.util.List;
import remo.nic.Schedule;
import remo.nic.det.Action;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;

/**
 * Runs a given schedule action by action and records what was enabled at each step (for
 * {@link ScheduleCost}); then, if the schedule is a prefix, goes on with the first enabled action.
 */
final class ReplayController implements ActionController {
    private final Schedule schedule;
    private final boolean strict;
    private final List<long[]> enabled = new ArrayList<>();
    private final List<Long> chosen = new ArrayList<>();

    /**
     * @param strict whether the schedule must cover the whole run (an error if it ends first);
     *               otherwise the run goes on with the first enabled action at each later step
     */
    ReplayController(Schedule schedule, boolean strict) {
        this.schedule = schedule;
        this.strict = strict;
    }

    ReplayController(Schedule schedule) {
        this(schedule, true);
    }

    @Override
    public int choose(List<Action> actions, DetEngine engine) {
        int step = chosen.size();
        long[] codes = new long[actions.size()];
        for (int k = 0; k < codes.length; k++) {
            codes[k] = actions.get(k).code();
        }
        int pick = 0;
        if (step < schedule.size()) {
            long want = schedule.action(step);
            pick = -1;
            for (int k = 0; k < codes.length; k++) {
                if (codes[k] == want) {
                    pick = k;
                }
            }
            if (pick < 0) {
                throw new IllegalArgumentException("the schedule does not fit the program: action " + (step + 1) + " "
                        + Schedule.describeCode(want) + " is not enabled there");
            }
        } else if (strict) {
            throw new IllegalArgumentException("the schedule does not fit the program: it ends after " + schedule.size()
                    + (schedule.size() == 1 ? " action" : " actions") + ", before the run does");
        }
        enabled.add(codes);
        chosen.add(codes[pick]);
        return pick;
    }

    /** {context switches, NIC delays} of the run so far. */
    int[] cost() {
        long[] c = new long[chosen.size()];
        for (int k = 0; k < c.length; k++) {
            c[k] = chosen.get(k);
        }
        return ScheduleCost.of(enabled, c);
    }
}
