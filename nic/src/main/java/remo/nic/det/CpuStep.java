package remo.nic.det;

import remo.nic.Schedule;

/**
 * The CPU action of a thread: its pending call runs ({@code CPU(t)} of nic.md §5.1). One object per
 * thread, handed out for whichever call is pending.
 */
final class CpuStep implements Action {
    final DetThread thread;

    CpuStep(DetThread thread) {
        this.thread = thread;
    }

    @Override
    public long code() {
        return Schedule.code(Schedule.CPU, thread.index, 0, thread.pendingPo);
    }

    @Override
    public String toString() {
        return "CPU(" + thread + ": " + thread.pending + ")";
    }
}
