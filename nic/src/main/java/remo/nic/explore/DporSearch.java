package remo.nic.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.nic.Schedule;
import remo.nic.det.Action;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;
import remo.nic.det.Footprint;

/**
 * The schedule tree of an exploration and the choices of one run through it: optimal DPOR with
 * sleep sets and wakeup trees (Abdulla, Aronis, Jonsson, Sagonas, "Optimal Dynamic Partial Order
 * Reduction", POPL 2014, Algorithm 2; {@link WakeupTree}) over the engine's dependence relation
 * ({@link Footprint#dependent}), run statelessly: each run replays the choices of the current branch
 * from the start, then follows the wakeup tree of the branch it took, then extends it freely.
 *
 * <p>Each step of a run gets a vector clock of the happens-before relation (program order of its
 * process, the step that created it, dependent earlier steps). A step {@code j} races with an
 * earlier dependent step {@code i} of another process when no third step lies between them in
 * happens-before (a step that enabled the later one — a completion before a wait — is no race, and
 * does not hide the steps before it); the race is reversed by inserting, at the state before {@code i},
 * the steps after {@code i} that do not depend on it followed by {@code j} ({@code notdep(i).j}) into
 * that state's wakeup tree, unless a process asleep there is a weak initial of it (its schedules were
 * run) or a branch of the tree already starts an equivalent schedule. A race whose reversal no process
 * enabled there can start (the later step was enabled by the earlier one: a wait by the completion it
 * waits for), or whose later step was last enabled by a step that happens after the earlier one and
 * the earlier one did not disable it, is not reversible and is left alone.
 */
final class DporSearch implements ActionController {

    /** Thrown to end a run all of whose enabled processes are asleep: its schedules were all run. */
    static final class SleepBlocked extends RuntimeException {
        SleepBlocked() {
            super("every enabled action is asleep: a redundant run", null, false, false);
        }
    }

    /** Thrown to end a run when {@link #stopWhen} says so (the exploration's time limit or a cancellation). */
    static final class Stopped extends RuntimeException {
        Stopped() {
            super("the exploration's limit was reached during a run", null, false, false);
        }
    }

    /** Steps between two looks at {@link #stop} (a look reads the clock). */
    private static final int STOP_EVERY = 1024;

    private final boolean reduce;
    private java.util.function.BooleanSupplier stop = () -> false;
    private final boolean sharedJavaState;
    private final StepObserver observer;
    private final List<BranchState> stack = new ArrayList<>();
    private final Map<Long, Integer> procIndex = new HashMap<>();
    private final List<Long> procKeys = new ArrayList<>();
    /** Nodes below this depth keep their step of the last run; from here on steps are computed again. */
    private int fresh;
    // the current run
    private int depth;
    private int[] lastOfProc = new int[16];
    private int[] countOfProc = new int[16];
    private final Map<Long, Integer> stepOfCode = new HashMap<>();
    private long races;
    /**
     * The wakeup subtree the fresh part of the current run follows: the branches below the one the run
     * took at its last replayed state; each new state takes its leftmost branch while there is one.
     */
    private List<WakeupTree> guide = new ArrayList<>();

    DporSearch(boolean reduce, boolean sharedJavaState, StepObserver observer) {
        this.reduce = reduce;
        this.sharedJavaState = sharedJavaState;
        this.observer = observer;
    }

    @Override
    public boolean bodiesShareJavaState() {
        return sharedJavaState;
    }

    /** Prepares the next run of the current branch. */
    void startRun() {
        observer.runStarting();
        depth = 0;
        Arrays.fill(lastOfProc, -1);
        Arrays.fill(countOfProc, 0);
        stepOfCode.clear();
    }

    /** The number of steps the current run has taken. */
    int depth() {
        return depth;
    }

    /**
     * Whether step {@code i} happens before step {@code j} in the current run (the {@link StepOrder}
     * of the run, from the clocks the search keeps; valid until {@link #backtrack}).
     */
    boolean before(int i, int j) {
        return i < j && covered(stack.get(j).clock, stack.get(i));
    }

    /** The races found so far (each reversed or found not reversible). */
    long races() {
        return races;
    }

    /**
     * Runs end at once when {@code stop} holds (looked at every {@value #STOP_EVERY} steps): a run that
     * never ends, a livelock the spin detector cannot see, otherwise holds the exploration until its
     * step bound, and each step costs time in proportion to the run's length so far.
     */
    void stopWhen(java.util.function.BooleanSupplier stop) {
        this.stop = stop;
    }

    @Override
    public int choose(List<Action> enabled, DetEngine engine) {
        if ((depth + 1) % STOP_EVERY == 0 && stop.getAsBoolean()) {
            throw new Stopped();
        }
        int d = depth++;
        BranchState node;
        if (d < stack.size()) {
            node = stack.get(d);
            if (!sameChoices(node, enabled)) {
                throw new NondeterministicProgramException(d, describe(node.codes), codes(enabled));
            }
            if (d < fresh) {
                replayed(node, d);
                observe(engine);
                return node.chosen;
            }
        } else {
            node = newNode(enabled, engine, d);
            int k = guided(node);
            if (k < 0) {
                throw new SleepBlocked();
            }
            node.chosen = k;
            node.done.add(node.procs[k]);
            if (!reduce) {
                for (long p : node.procs) {
                    if (p != node.procs[k]) {
                        node.wakeup.add(new WakeupTree(p, node.fps[node.indexOf(p)]));
                    }
                }
            }
            stack.add(node);
        }
        step(node, d);
        observe(engine);
        return node.chosen;
    }

    /**
     * Moves to the next branch: the deepest state whose wakeup tree has a branch left takes its
     * leftmost one.
     *
     * @return whether there is another branch
     */
    boolean backtrack() {
        for (int d = stack.size() - 1; d >= 0; d--) {
            BranchState n = stack.get(d);
            // the branch the last run took from here is explored
            n.wakeup.remove(n.current);
            while (!n.wakeup.isEmpty()) {
                WakeupTree next = n.wakeup.get(0);
                int k = n.indexOf(next.process);
                if (n.done.contains(next.process) || n.sleep.containsKey(next.process) || k < 0) {
                    // a branch whose process cannot run here (a reversal that needed more than
                    // notdep(i), see guided): as in source DPOR, the races of the other runs cover it
                    n.wakeup.remove(0);
                    continue;
                }
                n.done.add(next.process);
                n.chosen = k;
                n.current = next;
                stack.subList(d + 1, stack.size()).clear();
                fresh = d;
                guide = next.children;
                return true;
            }
        }
        return false;
    }



    // ------------------------------------------------------------------ nodes

    private BranchState newNode(List<Action> enabled, DetEngine engine, int d) {
        int n = enabled.size();
        long[] codes = new long[n];
        long[] procs = new long[n];
        Footprint[] fps = new Footprint[n];
        for (int k = 0; k < n; k++) {
            Action a = enabled.get(k);
            codes[k] = a.code();
            procs[k] = Footprint.process(codes[k]);
            fps[k] = engine.footprint(a);
        }
        Map<Long, Footprint> sleep = new LinkedHashMap<>();
        if (reduce && d > 0) {
            BranchState parent = stack.get(d - 1);
            long taken = parent.procs[parent.chosen];
            for (Map.Entry<Long, Footprint> e : parent.sleep.entrySet()) {
                if (!e.getValue().dependent(parent.fp)) {
                    sleep.put(e.getKey(), e.getValue());
                }
            }
            for (int k = 0; k < parent.procs.length; k++) {
                long p = parent.procs[k];
                if (p != taken && parent.done.contains(p) && !parent.fps[k].dependent(parent.fp)) {
                    sleep.put(p, parent.fps[k]);
                }
            }
        }
        List<Action> disabled = reduce ? engine.disabled(enabled) : List.of();
        long[] blocked = new long[disabled.size()];
        for (int k = 0; k < blocked.length; k++) {
            blocked[k] = disabled.get(k).code();
        }
        return new BranchState(codes, procs, fps, blocked, sleep);
    }

    /**
     * The leftmost branch of the wakeup subtree the run follows, which becomes this state's wakeup
     * tree; without one, the first awake process (a new one-step tree).
     */
    private int guided(BranchState node) {
        if (!guide.isEmpty()) {
            WakeupTree first = guide.get(0);
            int k = node.indexOf(first.process);
            if (k >= 0 && !node.sleep.containsKey(first.process)) {
                node.wakeup = guide;
                node.current = first;
                guide = first.children;
                return k;
            }
            // the branch reverses a race the search could not tell was irreversible (the later step
            // needs more than notdep(i) to be enabled): the run goes on freely from here, as source
            // DPOR would, so no schedule is lost, at the price of a run that may be redundant
            guide = new ArrayList<>();
        }
        int k = firstAwake(node);
        if (k >= 0) {
            node.current = new WakeupTree(node.procs[k], node.fps[k]);
            node.wakeup.add(node.current);
        }
        return k;
    }

    private static int firstAwake(BranchState node) {
        for (int k = 0; k < node.procs.length; k++) {
            if (!node.sleep.containsKey(node.procs[k])) {
                return k;
            }
        }
        return -1;
    }

    private static boolean sameChoices(BranchState node, List<Action> enabled) {
        if (node.codes.length != enabled.size()) {
            return false;
        }
        for (int k = 0; k < node.codes.length; k++) {
            if (node.codes[k] != enabled.get(k).code()) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ steps and races

    private int procIndex(long key) {
        Integer i = procIndex.get(key);
        if (i == null) {
            i = procKeys.size();
            procIndex.put(key, i);
            procKeys.add(key);
            if (i >= lastOfProc.length) {
                int n = lastOfProc.length * 2;
                int old = lastOfProc.length;
                lastOfProc = Arrays.copyOf(lastOfProc, n);
                countOfProc = Arrays.copyOf(countOfProc, n);
                Arrays.fill(lastOfProc, old, n, -1);
            }
        }
        return i;
    }

    /** A replayed step: the run's bookkeeping, with the node's clock of the earlier run. */
    private void replayed(BranchState node, int d) {
        lastOfProc[node.proc] = d;
        countOfProc[node.proc] = node.seq;
        stepOfCode.put(node.codes[node.chosen], d);
    }

    /** A new step from {@code node}: its clock, and (with the reduction) its races. */
    private void step(BranchState node, int d) {
        int k = node.chosen;
        Footprint fp = node.fps[k];
        int p = procIndex(node.procs[k]);
        int seq = ++countOfProc[p];
        int[] acc = new int[procKeys.size()];
        if (lastOfProc[p] >= 0) {
            join(acc, stack.get(lastOfProc[p]).clock);
        }
        Integer creator = fp.creator() < 0 ? null : stepOfCode.get(fp.creator());
        if (creator != null) {
            join(acc, stack.get(creator).clock);
        }
        // acc: happens-before (every dependent earlier step); raceAcc: only the steps that could have
        // run after this one, so that a step that enabled this one (a completion before a wait, an NRW
        // freeing the rao unit before the next NAR) does not hide the earlier step that really races
        // with it (the NAR that took the unit): the "may be co-enabled" condition of Flanagan and
        // Godefroid, read off the state before each step
        int[] raceAcc = acc.clone();
        long code = node.codes[k];
        int enabler = enabler(code, d);
        List<Integer> racing = null;
        for (int i = d - 1; i >= 0; i--) {
            BranchState ni = stack.get(i);
            if (covered(raceAcc, ni)) {
                continue;
            }
            if (ni.proc != p && ni.fp.dependent(fp)) {
                join(acc, ni.clock);
                if (!enabled(ni, stack.get(i + 1), code) && !ni.fp.enables(fp)
                        && !enabledOnlyAfter(ni, i, enabler, code)) {
                    if (reduce) {
                        if (racing == null) {
                            racing = new ArrayList<>(2);
                        }
                        racing.add(i);
                    }
                    join(raceAcc, ni.clock);
                }
            }
        }
        acc[p] = seq;
        node.proc = p;
        node.seq = seq;
        node.clock = acc;
        node.fp = fp;
        lastOfProc[p] = d;
        stepOfCode.put(node.codes[k], d);
        if (racing != null) {
            for (int i : racing) {
                reverse(i, d);
            }
        }
    }

    /**
     * The step after which the action {@code code}, taken at depth {@code d}, was last enabled (it was
     * pending and disabled before that step, and enabled from then on), or -1 if it never was disabled.
     */
    private int enabler(long code, int d) {
        for (int x = d - 1; x >= 0; x--) {
            if (stack.get(x).blocks(code)) {
                return x;
            }
        }
        return -1;
    }

    /**
     * Whether the race of step {@code i} with the action {@code code} cannot be reversed because what
     * enabled the action happens after {@code i}: its enabler (a completion, a write a spin waits
     * for, an NRW freeing the rao unit) lies after {@code i} in happens-before, and {@code i} did not
     * itself disable the action (as an NAR that takes the unit does). Then the action cannot run
     * before {@code i}; the schedules it stands for are reached by reversing the race with the step
     * that disabled it, and then the races of that run.
     */
    private boolean enabledOnlyAfter(BranchState ni, int i, int enabler, long code) {
        if (enabler <= i || !covered(stack.get(enabler).clock, ni)) {
            return false;
        }
        boolean disabledByI = ni.isEnabled(code)
                && stack.get(i + 1).blocks(code);
        return !disabledByI;
    }

    /** Whether step {@code before → after} enabled the action {@code code}: pending but disabled before, enabled after. */
    private static boolean enabled(BranchState before, BranchState after, long code) {
        return before.blocks(code) && after.isEnabled(code);
    }

    private static boolean covered(int[] clock, BranchState step) {
        return step.proc < clock.length && clock[step.proc] >= step.seq;
    }

    private static void join(int[] into, int[] c) {
        for (int i = 0; i < c.length && i < into.length; i++) {
            if (c[i] > into[i]) {
                into[i] = c[i];
            }
        }
    }

    /** The race of step {@code i} with the new step {@code j}: {@code notdep(i).j} goes into the wakeup tree before {@code i}. */
    private void reverse(int i, int j) {
        races++;
        BranchState ni = stack.get(i);
        // v = the steps after i that do not happen after i, then j
        List<Integer> v = new ArrayList<>();
        for (int k = i + 1; k < j; k++) {
            if (!covered(stack.get(k).clock, ni)) {
                v.add(k);
            }
        }
        v.add(j);
        int start = startable(ni, v);
        if (start < 0) {
            // no process enabled before i can start v: the race is not reversible
            return;
        }
        // an initial moves to the front without changing the schedule's class: the branch then
        // starts with a process that can run at i
        v.add(0, v.remove(start));
        WakeupTree.Steps steps = new WakeupTree.Steps() {
            @Override
            public int size() {
                return v.size();
            }

            @Override
            public long process(int k) {
                return procKeys.get(stack.get(v.get(k)).proc);
            }

            @Override
            public Footprint footprint(int k) {
                return stack.get(v.get(k)).fp;
            }

            @Override
            public boolean before(int a, int b) {
                return covered(stack.get(v.get(b)).clock, stack.get(v.get(a)));
            }
        };
        boolean[] all = new boolean[v.size()];
        Arrays.fill(all, true);
        // the sleep set of the state before i: what was asleep on arrival, and the branches run from it
        for (Map.Entry<Long, Footprint> e : ni.sleep.entrySet()) {
            if (WakeupTree.weakInitial(e.getKey(), e.getValue(), steps, all) >= 0) {
                return;
            }
        }
        long taken = ni.procs[ni.chosen];
        for (long q : ni.done) {
            int k = ni.indexOf(q);
            if (q != taken && k >= 0 && WakeupTree.weakInitial(q, ni.fps[k], steps, all) >= 0) {
                return;
            }
        }
        WakeupTree.insert(ni.wakeup, steps);
    }

    /** The position of the first initial of {@code v} (a step with no step of {@code v} before it) whose process is enabled at {@code ni}, or -1. */
    private int startable(BranchState ni, List<Integer> v) {
        for (int pos = 0; pos < v.size(); pos++) {
            if (initial(v, pos) && ni.indexOf(procKeys.get(stack.get(v.get(pos)).proc)) >= 0) {
                return pos;
            }
        }
        return -1;
    }

    /** Whether step {@code v[pos]} has no step of {@code v} before it in happens-before. */
    private boolean initial(List<Integer> v, int pos) {
        int[] clock = stack.get(v.get(pos)).clock;
        for (int q = 0; q < pos; q++) {
            if (covered(clock, stack.get(v.get(q)))) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ messages

    private static String describe(long[] codes) {
        StringBuilder sb = new StringBuilder();
        for (long c : codes) {
            sb.append(sb.length() == 0 ? "" : ", ").append(Schedule.describeCode(c));
        }
        return sb.toString();
    }

    private static String codes(List<Action> enabled) {
        StringBuilder sb = new StringBuilder();
        for (Action a : enabled) {
            sb.append(sb.length() == 0 ? "" : ", ").append(Schedule.describeCode(a.code()));
        }
        return sb.toString();
    }

    /** {context switches, NIC delays} of the current run's schedule ({@link ScheduleCost}). */
    int[] cost() {
        List<long[]> enabled = new ArrayList<>();
        long[] chosen = new long[Math.min(depth, stack.size())];
        for (int k = 0; k < chosen.length; k++) {
            BranchState n = stack.get(k);
            enabled.add(n.codes);
            chosen[k] = n.codes[n.chosen];
        }
        return ScheduleCost.of(enabled, chosen);
    }

    /** The processes of the tree, for tests: how many distinct ones the exploration met. */
    int processes() {
        return procKeys.size();
    }

    /** Shows the observer the state before the chosen step (a snapshot is taken only for a real observer). */
    private void observe(DetEngine engine) {
        if (observer != StepObserver.NONE) {
            observer.before(engine.state());
        }
    }
}
