package remo.nic.explore;

import java.util.List;
import remo.nic.Schedule;

/**
 * How far a schedule is from the plain one, the measures a counterexample is shrunk by: context
 * switches (a thread's CPU call runs while another thread, the last to run a call, could go on) and
 * NIC delays (a step runs that is not a NIC step while a NIC step is enabled: the NIC was held back).
 */
final class ScheduleCost {
    private ScheduleCost() {
    }

    /**
     * @param enabled the enabled action codes at each step
     * @param chosen  the code run at each step
     * @return {context switches, NIC delays}
     */
    static int[] of(List<long[]> enabled, long[] chosen) {
        int switches = 0;
        int delays = 0;
        int lastThread = -1;
        for (int k = 0; k < chosen.length && k < enabled.size(); k++) {
            long c = chosen[k];
            if (Schedule.kind(c) == Schedule.CPU) {
                int t = thread(c);
                if (lastThread >= 0 && t != lastThread && cpuEnabled(enabled.get(k), lastThread)) {
                    switches++;
                }
                lastThread = t;
            }
            if (Schedule.kind(c) != Schedule.NIC) {
                for (long e : enabled.get(k)) {
                    if (Schedule.kind(e) == Schedule.NIC) {
                        delays++;
                        break;
                    }
                }
            }
        }
        return new int[] {switches, delays};
    }

    static int thread(long code) {
        return (int) ((code >>> 44) & 0xffff);
    }

    private static boolean cpuEnabled(long[] enabled, int thread) {
        for (long e : enabled) {
            if (Schedule.kind(e) == Schedule.CPU && thread(e) == thread) {
                return true;
            }
        }
        return false;
    }
}
