package remo.nic.det;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import remo.nic.Call;
import remo.nic.EngineState;
import remo.nic.FaultPlan;
import remo.nic.RunResult;
import remo.nic.NicConfig;
import remo.nic.Schedule;
import remo.nic.SchedulerPolicy;
import remo.nic.TraceCut;
import remo.nic.error.QpErrorException;
import remo.nic.error.ReplayDivergenceException;
import remo.nic.error.DiscardedRunException;
import remo.nic.error.FailedAttemptMisuseException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.error.StepLimitExceededException;
import remo.nic.error.UnreportedFailureException;
import remo.nic.fabric.ClusterCore;
import remo.nic.fabric.Engine;
import remo.nic.fabric.ThreadSpec;
import remo.nic.trace.Recorder;

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
    /** Chooses in place of {@link #chooser} when set: the model checker ({@code remo.nic.explore}). */
    private final ActionController controller;
    /** Whether body threads' spin loops are blocked until a word they read changes ({@link SpinLog}). */
    private final boolean reduceSpins;
    /** The driver of the script threads (body threads are driven here, under baton passing). */
    private final DetScripts scripts;
    private final Semaphore ready = new Semaphore(0);
    private volatile boolean aborted;
    /** The codes of the actions taken, {@code null} once more than {@link Schedule#KEPT_ACTIONS}. */
    private long[] schedule = new long[256];
    /** The last steps, what a run stopped by a bound keeps of its trace. */
    private final StepTail tail = new StepTail();
    private int scheduleLength;
    private long step;
    /** Why the heap is too full to go on ({@link HeapBudget}), or {@code null}; and the step last checked. */
    private String heapFull;
    private final HeapBudget heap = new HeapBudget();
    private long heapChecked = -1;
    // used by whichever thread holds the baton: the current step's enabled actions; whether bodies
    // may run steps (first step to quiescence); what a body leaves the scheduler thread (a choice it
    // may not execute, that enabled is collected and empty, a machine exception to rethrow)
    private final List<Action> enabled = new ArrayList<>();
    private boolean driving;
    private Action handed;
    private boolean collected;
    private RuntimeException driveFailure;

    /** The deterministic engine of a cluster: seed, policy, faults, step limit and an optional schedule to replay. */
    public DetEngine(ClusterCore core, long seed, SchedulerPolicy policy, FaultPlan faults, long stepLimit, Schedule replay) {
        this(core, seed, policy, faults, stepLimit, replay, null, false);
    }

    /**
     * As the other constructor, with a controller that chooses every action in place of the seeded
     * policy (holds, stalls and delay faults are then ignored; timed faults still fire at their step).
     *
     * @param controller  the chooser of every step, or {@code null} for the seeded policy
     * @param reduceSpins whether a body thread that returns to a call of its own with nothing changed
     *                    waits until a word its loop read changes ({@link SpinLog}; a spin nothing
     *                    ends is then a deadlock that names the words)
     */
    public DetEngine(ClusterCore core, long seed, SchedulerPolicy policy, FaultPlan faults, long stepLimit, Schedule replay,
                     ActionController controller, boolean reduceSpins) {
        this.controller = controller;
        this.reduceSpins = reduceSpins;
        this.core = core;
        this.machine = new DetMachine(core, faults);
        this.policy = policy;
        this.faults = faults;
        this.seed = seed;
        this.stepLimit = stepLimit;
        this.replay = replay;
        this.chooser = new ActionChooser(seed, policy, faults);
        this.scripts = new DetScripts(core);
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
            while (!overLimit()) { // at the limit the scheduler thread throws
                enabled.clear();
                machine.collect(enabled, step);
                if (enabled.isEmpty()) {
                    collected = true;
                    break;
                }
                Action chosen = choose(enabled);
                if (chosen instanceof SbEntry || chosen instanceof WordOp) {
                    record(chosen);
                    execute(chosen);
                    finishStep(chosen);
                } else if (chosen instanceof CpuStep c && c.thread.script == null) {
                    DetThread u = c.thread;
                    record(chosen);
                    machine.cpu.execute(u);
                    finishStep(chosen);
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
    private void finishStep(Action chosen) {
        if (chosen instanceof CpuStep c) {
            tail.returned(c.thread);
        }
        if (replay == null && controller == null) {
            for (Action o : enabled) {
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

    /** After CPU(t): lets the thread continue to its next call (or its end). */
    private void resumeThread(DetThread t) {
        if (t.script != null) {
            scripts.advance(t);
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
            DetThread t = new DetThread(this, core, s.index(), s.name(), s.node(), s.body(), s.script());
            if (reduceSpins && s.body() != null) {
                t.spin = new SpinLog(controller != null, s.index());
            }
            machine.threads.add(t);
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
                scripts.start(t);
            } else {
                startBody(t);
            }
        }
        driving = true;
        while (!machine.quiescent()) {
            if (driveFailure != null) {
                abort(t0);
                throw driveFailure;
            }
            Action chosen = handed;
            handed = null;
            if (chosen != null) {
                step(chosen);
                continue;
            }
            if (!collected) {
                if (overLimit()) {
                    // the diagnosis is read before abort unwinds the threads' pending calls
                    String why = DeadlockReport.stalled(machine, stopReason());
                    TraceCut cut = tail.cut();
                    RunResult partial = abort(t0, cut);
                    throw new StepLimitExceededException(why + "\n" + cut.format("  "), partial);
                }
                enabled.clear();
                machine.collect(enabled, step);
            }
            collected = false;
            String misuse = enabled.isEmpty() ? machine.misusedAttempt() : null;
            if (misuse != null) {
                RunResult partial = abort(t0);
                throw new FailedAttemptMisuseException(misuse, partial);
            }
            if (enabled.isEmpty() && machine.discardable()) {
                abort(t0);
                throw new DiscardedRunException("a thread stopped at a failed attempt that a retry may now pass"
                        + " (scheduler step " + step + ")");
            }
            if (enabled.isEmpty()) {
                String why = DeadlockReport.of(machine, step, seed);
                RunResult partial = abort(t0);
                throw new SimulationDeadlockException(why, partial);
            }
            Action next;
            try {
                next = replay != null ? replayChoice(enabled) : choose(enabled);
            } catch (RuntimeException e) {
                // a controller that ends the run: the bodies are unwound first
                if (!aborted) {
                    abort(t0);
                }
                throw e;
            }
            step(next);
        }
        driving = false;
        core.phase(ClusterCore.Phase.DONE);
        for (DetThread t : machine.threads) {
            joinQuietly(t);
        }
        RunResult result = result(true, t0, null);
        if (!result.unreportedFailures().isEmpty() && !faults.expectUnreported()) {
            throw new UnreportedFailureException(result);
        }
        return result;
    }

    /**
     * The actions that are pending but not enabled at the current step, {@code enabled} being the
     * enabled ones: CPU calls that wait (for completions, an empty store buffer, a spin's words) and
     * queued NIC steps held by a same-QP guard or a busy rao unit (for {@link ActionController}s: a
     * step that such an action races with may be the one that enables it).
     */
    public List<Action> disabled(List<Action> enabled) {
        return machine.disabled(enabled);
    }

    /**
     * Whether the run is at one of its bounds (nic.md §5.1): its step limit, its trace at
     * {@link Recorder#MAX_EVENTS} events, or the heap nearly full ({@link HeapBudget}, checked every
     * {@link HeapBudget#EVERY_STEPS} steps).
     */
    private boolean overLimit() {
        if (heapFull == null && step > 0 && (step & (HeapBudget.EVERY_STEPS - 1)) == 0 && step != heapChecked) {
            heapChecked = step;
            heapFull = heap.exceeded();
        }
        return step >= stepLimit || core.recorder != null && core.recorder.full() || heapFull != null;
    }

    /** Which bound stopped the run, with the bound, the steps taken and the seed (the diagnosis's first line). */
    private String stopReason() {
        if (step >= stepLimit) {
            return "step limit of " + stepLimit + " scheduler steps exceeded (livelock or unbounded spin?) (seed " + seed + ")";
        }
        String bound = heapFull != null ? heapFull : "the recorded trace reached " + Recorder.MAX_EVENTS + " events";
        return bound + " after " + step + " scheduler steps (livelock, or a store buffer or queue pair that keeps growing?);"
                + " the run is stopped before it exhausts the heap (seed " + seed + ")";
    }

    /** A snapshot of the state before the current step (for controllers that relate a run to another model). */
    public EngineState state() {
        return DetSnapshots.of(machine);
    }

    /** The footprint of {@code a}, an action enabled at the current step (for {@link ActionController}s). */
    public Footprint footprint(Action a) {
        return DetFootprints.of(a, machine, machine.nic.order, machine.cfg.intraRequestOrder() == NicConfig.IntraRequestOrder.RANDOM,
                controller == null || controller.bodiesShareJavaState());
    }

    /** {@code a} in words, with its thread and what it does ({@code CPU(t1@2: Load[rows@2+0])}). */
    public String describe(Action a) {
        return a.toString();
    }

    /** The number of scheduler steps taken so far. */
    public long steps() {
        return step;
    }

    /** The next action: the controller's choice, or the seeded policy's (a due fault is the only enabled action). */
    private Action choose(List<Action> enabled) {
        if (controller == null || enabled.get(0) instanceof TimedFault) {
            return chooser.choose(enabled);
        }
        return enabled.get(controller.choose(enabled, this));
    }

    /** Records the step {@code chosen} about to be executed: in the schedule, the metrics and the last steps. */
    private void record(Action chosen) {
        long code = chosen.code();
        if (schedule != null && scheduleLength == schedule.length) {
            // past its bound the schedule is dropped: memory stays bounded, the seed reproduces the run
            schedule = scheduleLength >= Schedule.KEPT_ACTIONS ? null
                    : java.util.Arrays.copyOf(schedule, Math.min(schedule.length * 2, Schedule.KEPT_ACTIONS));
        }
        if (schedule != null) {
            schedule[scheduleLength++] = code;
        }
        core.metrics.schedulerStep(Schedule.kind(code));
        tail.add(chosen);
    }

    /** One step on the scheduler thread; after a thread's call the thread continues (and may {@link #drive}). */
    private void step(Action chosen) {
        record(chosen);
        if (chosen instanceof CpuStep c) {
            machine.cpu.execute(c.thread);
            finishStep(chosen);
            resumeThread(c.thread);
        } else {
            execute(chosen);
            finishStep(chosen);
        }
    }

    /** Executes a drain, a NIC step or a fault. */
    private void execute(Action o) {
        if (o instanceof SbEntry e) {
            machine.drain(e.thread);
        } else if (o instanceof WordOp w) {
            machine.nic.step(w);
        } else {
            machine.faults.fire((TimedFault) o);
        }
    }

    private Action replayChoice(List<Action> enabled) {
        if (step >= replay.size()) {
            abort(System.nanoTime());
            throw new ReplayDivergenceException("replay: the schedule ended after " + replay.size()
                    + " actions but the run has not reached quiescence");
        }
        long want = replay.action((int) step);
        for (Action o : enabled) {
            if (o.code() == want) {
                return o;
            }
        }
        abort(System.nanoTime());
        throw new ReplayDivergenceException("replay: action " + step + " " + Schedule.describeCode(want)
                + " is not enabled");
    }

    // ================================================================== end of run

    /** Unwinds every unfinished thread and returns the partial result (its graph built). */
    private RunResult abort(long t0) {
        return abort(t0, null);
    }

    /** Unwinds every unfinished thread and returns the partial result, cut to {@code cut} if not {@code null}. */
    private RunResult abort(long t0, TraceCut cut) {
        aborted = true;
        for (DetThread t : machine.threads) {
            if (t.finished) {
                continue;
            }
            if (t.script != null) {
                DetScripts.finish(t);
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
        return result(false, t0, cut);
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

    private RunResult result(boolean completed, long t0, TraceCut cut) {
        core.metrics.wallNanos(System.nanoTime() - t0);
        return DetResult.of(core, machine, completed, seed, policy, schedule, scheduleLength, cut);
    }
}
