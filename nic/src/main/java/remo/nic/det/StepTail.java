package remo.nic.det;

import java.util.ArrayList;
import java.util.List;
import remo.nic.Call;
import remo.nic.Schedule;
import remo.nic.TraceCut;

/**
 * A ring of the last {@link TraceCut#KEPT_STEPS} scheduler steps of a deterministic run, what a run
 * stopped by a bound keeps of its trace ({@link TraceCut}, nic.md §5.1). Each step costs a few array
 * writes (no text is made until the run is stopped), and the ring holds at most that many actions
 * and calls, so memory stays bounded whatever the run's length.
 */
final class StepTail {
    private static final int N = TraceCut.KEPT_STEPS;
    private final Action[] actions = new Action[N];
    /** The call a CPU step executed (its thread's pending call changes afterwards). */
    private final Call[] calls = new Call[N];
    private final long[] codes = new long[N];
    private final long[] values = new long[N];
    private final RuntimeException[] errors = new RuntimeException[N];
    private long steps;

    /** Records the step {@code chosen} about to be executed (before it changes its thread's state). */
    void add(Action chosen) {
        int i = (int) (steps % N);
        actions[i] = chosen;
        codes[i] = chosen.code();
        calls[i] = chosen instanceof CpuStep c ? c.thread.pending : null;
        values[i] = 0;
        errors[i] = null;
        steps++;
    }

    /** After the CPU step just added: what its call returned or threw. */
    void returned(DetThread t) {
        int i = (int) ((steps - 1) % N);
        values[i] = t.resultValue;
        errors[i] = t.resultError;
    }

    /** The steps recorded so far. */
    long steps() {
        return steps;
    }

    /** The kept steps in words, oldest first, with the count of the steps before them. */
    TraceCut cut() {
        int kept = (int) Math.min(steps, N);
        List<String> lines = new ArrayList<>(kept);
        for (long s = steps - kept; s < steps; s++) {
            lines.add("step " + s + ": " + describe((int) (s % N)));
        }
        return new TraceCut(lines, steps - kept);
    }

    private String describe(int i) {
        Action a = actions[i];
        if (a instanceof CpuStep c) {
            String call = "CPU(" + c.thread + ": " + calls[i] + ")";
            if (errors[i] != null) {
                return call + " threw " + errors[i].getClass().getSimpleName() + ": " + errors[i].getMessage();
            }
            return returnsValue(calls[i]) ? call + " → " + values[i] : call;
        }
        if (a instanceof SbEntry e) {
            return "DRAIN(" + e.thread + ": " + e + ")";
        }
        if (a instanceof WordOp w) {
            int stage = Schedule.stage(codes[i]);
            return "NIC(" + w.op + (w.op.words() > 1 ? " word " + w.word : "") + ": " + w.stepAt(stage) + ")";
        }
        return "FAULT(" + ((TimedFault) a).rule() + ")";
    }

    /** Whether the value a call returns is worth showing (a read or an RMW's old value). */
    private static boolean returnsValue(Call c) {
        return c instanceof Call.Load || c instanceof Call.Cas || c instanceof Call.Faa || c instanceof Call.Swap
                || c instanceof Call.Await || c instanceof Call.OpValue;
    }
}
