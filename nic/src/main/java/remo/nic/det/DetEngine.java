package remo.nic.det;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import remo.core.graph.ExecutionGraph;
import remo.nic.Call;
import remo.nic.FaultPlan;
import remo.nic.RunResult;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.error.NodeCrashedException;
import remo.nic.error.QpErrorException;
import remo.nic.error.ReplayDivergenceException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.error.UnreportedFailureException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Counter;
import remo.nic.fabric.Engine;
import remo.nic.fabric.SimRunResult;
import remo.nic.fabric.ThreadSpec;

/**
 * Deterministic adversarial mode (nic.md §5.1). One scheduler loop computes the enabled actions
 * ({@code CPU(t)}, {@code DRAIN(t)}, {@code NIC(q,b,step)}, {@code FAULT(i)}), picks one with the
 * seeded policy (or from a schedule, for replay), executes it and records it. Thread bodies run as
 * Java threads under baton passing: at most one of them, or the scheduler, runs at a time; scripts
 * are stepped directly.
 */
public final class DetEngine implements Engine {
    private final ClusterCore core;
    private final DetMachine machine;
    private final SchedulerPolicy policy;
    private final FaultPlan faults;
    private final long seed;
    private final long stepLimit;
    private final Schedule replay;
    private final ActionChooser chooser;
    private final List<FaultPlan.Rule> timedFaults = new ArrayList<>();
    private final boolean[] timedFired;
    private final Semaphore ready = new Semaphore(0);
    private volatile boolean aborted;
    private long[] schedule = new long[256];
    private int scheduleLength;
    private long step;
    // used by whichever thread holds the baton: the current step's enabled actions; whether bodies
    // may run steps (first step to quiescence); what a body leaves the scheduler thread (a choice it
    // may not execute, that enabled is collected and empty, a machine exception to rethrow)
    private final List<Object> enabled = new ArrayList<>();
    private boolean driving;
    private Object handed;
    private boolean collected;
    private RuntimeException driveFailure;

    /** The deterministic engine of a cluster: seed, policy, faults, step limit and an optional schedule to replay. */
    public DetEngine(ClusterCore core, long seed, SchedulerPolicy policy, FaultPlan faults, long stepLimit, Schedule replay) {
        this.core = core;
        this.machine = new DetMachine(core, faults);
        this.policy = policy;
        this.faults = faults;
        this.seed = seed;
        this.stepLimit = stepLimit;
        this.replay = replay;
        this.chooser = new ActionChooser(seed, policy, faults);
        for (FaultPlan.Rule r : faults.rules()) {
            if (r instanceof FaultPlan.QpErrorAtStep || r instanceof FaultPlan.Crash) {
                timedFaults.add(r);
            }
        }
        this.timedFired = new boolean[timedFaults.size()];
    }

    @Override
    public void crash(int node) {
        throw new IllegalStateException("crash(" + node + "): in deterministic mode crashes are scheduled by FaultPlan.crash");
    }

    // ================================================================== driver

    /**
     * Called in a body thread: hands its call to the scheduler and waits until it was executed. The
     * body holds the baton, so it runs the scheduler's steps itself ({@link #drive}): the steps and
     * their order are the scheduler loop's exactly, but no thread switch is needed until another
     * thread's call is chosen. (Two switches per call were nearly all of a call's cost: 2.5 of 2.6 µs
     * on the 2-core test machine, against 0.1 µs for a script's call.)
     */
    long submit(DetThread t, Call c) {
        if (aborted) {
            throw new SimulationAborted();
        }
        t.pending = c;
        t.pendingPo = t.calls++;
        if (!drive(t)) {
            t.resume.acquireUninterruptibly();
        }
        if (t.abortSignal) {
            throw new SimulationAborted();
        }
        RuntimeException e = t.resultError;
        if (e != null) {
            t.resultError = null;
            throw e;
        }
        return t.resultValue;
    }

    /**
     * Runs steps on body thread {@code t} (holding the baton, its call pending): drains and NIC steps,
     * until a body's call is chosen: {@code t}'s own is executed and {@code true} returned; another's
     * is executed and that body resumed. The rest (step limit, nothing enabled, a fault, a script,
     * replay, start-up) goes to the scheduler thread, with a choice made left in {@link #handed}.
     *
     * @return whether {@code t}'s call was executed; otherwise {@code t} must wait for its resume
     */
    private boolean drive(DetThread t) {
        if (!driving || replay != null) {
            ready.release();
            return false;
        }
        try {
            while (step < stepLimit) { // at the limit the scheduler thread throws
                enabled.clear();
                collect(enabled);
                if (enabled.isEmpty()) {
                    collected = true;
                    break;
                }
                Object chosen = chooser.choose(enabled);
                if (chosen instanceof SbEntry || chosen instanceof WordOp) {
                    record(codeOf(chosen));
                    execute(chosen);
                    finishStep(chosen);
                } else if (chosen instanceof DetThread u && u.script == null) {
                    record(codeOf(u));
                    machine.executeCpu(u);
                    finishStep(u);
                    if (u == t) {
                        return true;
                    }
                    u.resume.release();
                    return false;
                } else {
                    handed = chosen;
                    break;
                }
            }
        } catch (RuntimeException e) {
            driveFailure = e;
        }
        ready.release();
        return false;
    }

    /** The end of every step: the holds of the actions not chosen count down (nic.md §5.1 step 2). */
    private void finishStep(Object chosen) {
        if (replay == null) {
            for (Object o : enabled) {
                if (o != chosen) {
                    ActionChooser.countDown(o);
                }
            }
        }
        step++;
    }

    void acknowledge(DetThread t, QpErrorException e) {
        machine.faults.acknowledge(t, e);
    }

    void resetQp(DetThread t, int n) {
        machine.faults.resetQp(t, n);
    }

    private void startBody(DetThread t) {
        t.javaThread = new Thread(() -> {
            core.current.set(t.endpoint);
            try {
                t.body.run(t.endpoint);
            } catch (SimulationAborted a) {
                // unwound by an aborted run
            } catch (Throwable ex) {
                t.failure = ex;
            } finally {
                t.endpoint.closeInternal();
                t.pending = null;
                t.finished = true;
                ready.release();
            }
        }, "sim-" + t.name);
        t.javaThread.setDaemon(true);
        t.endpoint.owner = t.javaThread;
        t.javaThread.start();
        ready.acquireUninterruptibly();
    }

    private void startScript(DetThread t) {
        t.endpoint.owner = Thread.currentThread();
        try {
            t.script.start(t.endpoint);
        } catch (Throwable ex) {
            t.failure = ex;
            finishScript(t);
            return;
        }
        t.resultValue = 0;
        advanceScript(t);
    }

    private void advanceScript(DetThread t) {
        if (t.resultError != null) {
            t.failure = t.resultError;
            t.resultError = null;
            finishScript(t);
            return;
        }
        Call c;
        try {
            c = t.script.next(t.resultValue);
            if (c != null) {
                if (core.crashed(t.node)) {
                    throw new NodeCrashedException(t.endpoint.who("script") + ": node " + t.node + " crashed");
                }
                t.endpoint.validate(c);
            }
        } catch (Throwable ex) {
            t.failure = ex;
            finishScript(t);
            return;
        }
        if (c == null) {
            finishScript(t);
            return;
        }
        t.pending = c;
        t.pendingPo = t.calls++;
    }

    private static void finishScript(DetThread t) {
        t.pending = null;
        t.finished = true;
        t.endpoint.closeInternal();
    }

    /** After CPU(t): lets the thread continue to its next call (or its end). */
    private void resumeThread(DetThread t) {
        if (t.script != null) {
            advanceScript(t);
        } else {
            t.resume.release();
            ready.acquireUninterruptibly();
        }
    }

    // ================================================================== scheduler loop

    @Override
    public RunResult run(List<ThreadSpec> specs) {
        long t0 = System.nanoTime();
        for (ThreadSpec s : specs) {
            machine.threads.add(new DetThread(this, core, s.index(), s.name(), s.node(), s.body(), s.script()));
            if (core.recorder != null) {
                core.recorder.thread(s.index(), s.name(), s.node());
            }
        }
        for (DetThread t : machine.threads) {
            t.cpuMean = policy.varyPerSeed() ? chooser.pick(new double[] {0, 0, 1, 4, 16}) : policy.meanCpuHold();
            t.drainMean = policy.varyPerSeed() ? chooser.pick(new double[] {0, 1, 4, 16}) : policy.meanDrainHold();
        }
        core.phase(ClusterCore.Phase.RUNNING);
        for (DetThread t : machine.threads) {
            if (t.script != null) {
                startScript(t);
            } else {
                startBody(t);
            }
        }
        driving = true;
        while (!quiescent()) {
            if (driveFailure != null) {
                abort(t0);
                throw driveFailure;
            }
            Object chosen = handed;
            handed = null;
            if (chosen != null) {
                step(chosen);
                continue;
            }
            if (!collected) {
                if (step >= stepLimit) {
                    RunResult partial = abort(t0);
                    throw new StepLimitExceededException(stepLimit, partial);
                }
                enabled.clear();
                collect(enabled);
            }
            collected = false;
            if (enabled.isEmpty()) {
                StringBuilder why = new StringBuilder("deadlock at scheduler step " + step + " (seed " + seed + "):");
                for (DetThread t : machine.threads) {
                    why.append('\n').append(machine.describe(t));
                }
                RunResult partial = abort(t0);
                throw new SimulationDeadlockException(why.toString(), partial);
            }
            step(replay != null ? replayChoice(enabled) : chooser.choose(enabled));
        }
        driving = false;
        core.phase(ClusterCore.Phase.DONE);
        for (DetThread t : machine.threads) {
            joinQuietly(t);
        }
        RunResult result = result(true, t0);
        if (!result.unreportedFailures().isEmpty() && !faults.expectUnreported()) {
            throw new UnreportedFailureException(result);
        }
        return result;
    }

    private boolean quiescent() {
        if (machine.outstanding > 0) {
            return false;
        }
        for (DetThread t : machine.threads) {
            if (!t.finished || !t.sb.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private void collect(List<Object> out) {
        for (int i = 0; i < timedFaults.size(); i++) {
            if (!timedFired[i] && step >= atStep(timedFaults.get(i))) {
                out.add(i);
                return;
            }
        }
        for (DetThread t : machine.threads) {
            if (t.pending != null) {
                if (machine.cpuEnabled(t)) {
                    out.add(t);
                } else if (DetMachine.blocksOnNic(t.pending)) {
                    t.endpoint.metrics.add(Counter.BLOCKED_STEPS, 1);
                }
            }
        }
        for (DetThread t : machine.threads) {
            if (!t.sb.isEmpty()) {
                out.add(t.sb.peekFirst());
            }
        }
        for (DetThread t : machine.threads) {
            for (DetQp q : t.qpList) {
                machine.nic.collect(q, out);
            }
        }
    }

    private static long atStep(FaultPlan.Rule r) {
        return r instanceof FaultPlan.Crash c ? c.atStep() : ((FaultPlan.QpErrorAtStep) r).step();
    }

    private static long codeOf(Object o) {
        if (o instanceof DetThread t) {
            return Schedule.code(Schedule.CPU, t.index, 0, t.pendingPo);
        }
        if (o instanceof SbEntry e) {
            return Schedule.code(Schedule.DRAIN, e.thread.index, 0, e.seq);
        }
        if (o instanceof WordOp w) {
            return Schedule.code(Schedule.NIC, w.op.thread.index, w.stage, w.seq);
        }
        return Schedule.code(Schedule.FAULT, 0, 0, (Integer) o);
    }

    private void record(long code) {
        if (scheduleLength == schedule.length) {
            schedule = java.util.Arrays.copyOf(schedule, schedule.length * 2);
        }
        schedule[scheduleLength++] = code;
        core.metrics.schedulerStep(Schedule.kind(code));
    }

    /** One step on the scheduler thread; after a thread's call the thread continues (and may {@link #drive}). */
    private void step(Object chosen) {
        record(codeOf(chosen));
        if (chosen instanceof DetThread t) {
            machine.executeCpu(t);
            finishStep(t);
            resumeThread(t);
        } else {
            execute(chosen);
            finishStep(chosen);
        }
    }

    /** Executes a drain, a NIC step or a fault. */
    private void execute(Object o) {
        if (o instanceof SbEntry e) {
            machine.drain(e.thread);
        } else if (o instanceof WordOp w) {
            machine.nic.step(w);
        } else {
            int i = (Integer) o;
            timedFired[i] = true;
            FaultPlan.Rule r = timedFaults.get(i);
            if (r instanceof FaultPlan.Crash c) {
                machine.faults.crash(c.node());
            } else {
                FaultPlan.QpErrorAtStep q = (FaultPlan.QpErrorAtStep) r;
                machine.faults.qpFailNow(q.thread(), q.target());
            }
        }
    }

    private Object replayChoice(List<Object> enabled) {
        if (step >= replay.size()) {
            abort(System.nanoTime());
            throw new ReplayDivergenceException("replay: the schedule ended after " + replay.size()
                    + " actions but the run has not reached quiescence");
        }
        long want = replay.action((int) step);
        for (Object o : enabled) {
            if (codeOf(o) == want) {
                return o;
            }
        }
        abort(System.nanoTime());
        throw new ReplayDivergenceException("replay: action " + step + " " + Schedule.describeCode(want)
                + " is not enabled");
    }

    // ================================================================== end of run

    /** Unwinds every unfinished thread and returns the partial result. */
    private RunResult abort(long t0) {
        aborted = true;
        for (DetThread t : machine.threads) {
            if (t.finished) {
                continue;
            }
            if (t.script != null) {
                finishScript(t);
            } else {
                t.abortSignal = true;
                t.resume.release();
                try {
                    ready.tryAcquire(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        core.phase(ClusterCore.Phase.DONE);
        return result(false, t0);
    }

    private static void joinQuietly(DetThread t) {
        if (t.javaThread != null) {
            try {
                t.javaThread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private RunResult result(boolean completed, long t0) {
        core.metrics.wallNanos(System.nanoTime() - t0);
        Map<String, Throwable> failures = new LinkedHashMap<>();
        Map<String, Map<String, Long>> regs = new LinkedHashMap<>();
        for (DetThread t : machine.threads) {
            if (t.failure != null) {
                failures.put(t.name, t.failure);
            }
            regs.put(t.name, t.endpoint.registers());
        }
        Optional<ExecutionGraph> trace = Optional.empty();
        if (core.recorder != null) {
            Map<String, String> meta = new LinkedHashMap<>();
            meta.put("mode", "deterministic");
            meta.put("seed", Long.toString(seed));
            meta.put("policy", policy.name());
            meta.put("flags", core.config.flagValues().toString());
            meta.put("completionMode", core.config.completionMode().name());
            meta.put("intraRequestOrder", core.config.intraRequestOrder().name());
            meta.put("crashed", core.crashedNodes().toString());
            meta.put("completed", Boolean.toString(completed));
            trace = Optional.of(core.recorder.build(meta));
        }
        return new SimRunResult(completed, failures, machine.faults.unreported(), trace, core.metrics, seed,
                new Schedule(java.util.Arrays.copyOf(schedule, scheduleLength)), regs, core.crashedNodes());
    }
}
