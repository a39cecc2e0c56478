package remo.nic.explore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.nic.det.Footprint;

/** A state of the current branch: the enabled actions, the sets, and the step taken from it. */
final class BranchState {
    final long[] codes;
    final long[] procs;
    final Footprint[] fps;
    /** The codes of the actions that are pending here but not enabled. */
    final long[] blocked;
    /** The wakeup tree: the branches from this state still to run, the current one first. */
    List<WakeupTree> wakeup = new ArrayList<>(1);
    /** The branch of {@link #wakeup} the current run takes. */
    WakeupTree current;
    final Set<Long> done = new HashSet<>();
    final Map<Long, Footprint> sleep;
    int chosen;
    // the step taken from this node in the current run
    int proc;
    int seq;
    int[] clock;
    Footprint fp;

    BranchState(long[] codes, long[] procs, Footprint[] fps, long[] blocked, Map<Long, Footprint> sleep) {
        this.codes = codes;
        this.procs = procs;
        this.fps = fps;
        this.blocked = blocked;
        this.sleep = sleep;
    }

    boolean blocks(long code) {
        for (long b : blocked) {
            if (b == code) {
                return true;
            }
        }
        return false;
    }

    /** Whether the action {@code code} is enabled here. */
    boolean isEnabled(long code) {
        for (long c : codes) {
            if (c == code) {
                return true;
            }
        }
        return false;
    }

    int indexOf(long process) {
        for (int k = 0; k < procs.length; k++) {
            if (procs[k] == process) {
                return k;
            }
        }
        return -1;
    }
}
