package remo.nic.explore;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.nic.Schedule;
import remo.nic.det.Action;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;
import remo.nic.det.Footprint;

/**
 * The schedule tree of an exploration and the choices of one run through it: source DPOR with sleep
 * sets (Abdulla, Aronis, Jonsson, Sagonas, "Optimal Dynamic Partial Order Reduction", POPL 2014,
 * Algorithm 1) over the engine's dependence relation ({@link Footprint#dependent}), run statelessly:
 * each run replays the choices of the current branch from the start, then extends it.
 *
 * <p>Each step of a run gets a vector clock of the happens-before relation (program order of its
 * process, the step that created it, dependent earlier steps). A step {@code j} races with an
 * earlier dependent step {@code i} of another process when no third step lies between them in
 * happens-before (a step that enabled the later one — a completion before a wait — is no race, and
 * does not hide the steps before it); the race is reversed by adding, at the state before {@code i}, a process that can
 * start the steps after {@code i} that do not depend on it (an initial of {@code notdep(i).j}),
 * unless one is already there or asleep. A race whose reversal no process enabled there can start
 * (the later step was enabled by the earlier one: a wait by the completion it waits for) is not
 * reversible and is left alone.
 */
final class DporSearch implements ActionController {

    /** Thrown to end a run all of whose enabled processes are asleep: its schedules were all run. */
    static final class SleepBlocked extends RuntimeException {
        SleepBlocked() {
            super("every enabled action is asleep: a redundant run", null, false, false);
        }
    }

    /** A state of the current branch: the enabled actions, the sets, and the step taken from it. */
    private static final class Node {
        final long[] codes;
        final long[] procs;
        final Footprint[] fps;
        /** The codes of the actions that are pending here but not enabled. */
        final long[] blocked;
        final Set<Long> backtrack = new LinkedHashSet<>();
        final Set<Long> done = new HashSet<>();
        final Map<Long, Footprint> sleep;
        int chosen;
        // the step taken from this node in the current run
        int proc;
        int seq;
        int[] clock;
        Footprint fp;

        Node(long[] codes, long[] procs, Footprint[] fps, long[] blocked, Map<Long, Footprint> sleep) {
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

        int indexOf(long process) {
            for (int k = 0; k < procs.length; k++) {
                if (procs[k] == process) {
                    return k;
                }
            }
            return -1;
        }
    }

    private final boolean reduce;
    private final boolean sharedJavaState;
    private final StepObserver observer;
    private final List<Node> stack = new ArrayList<>();
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

    /** The races found so far (each reversed or found not reversible). */
    long races() {
        return races;
    }

    @Override
    public int choose(List<Action> enabled, DetEngine engine) {
        int d = depth++;
        Node node;
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
            int k = firstAwake(node);
            if (k < 0) {
                throw new SleepBlocked();
            }
            node.chosen = k;
            node.backtrack.add(node.procs[k]);
            node.done.add(node.procs[k]);
            if (!reduce) {
                for (long p : node.procs) {
                    node.backtrack.add(p);
                }
            }
            stack.add(node);
        }
        step(node, d);
        observe(engine);
        return node.chosen;
    }

    /**
     * Moves to the next branch: the deepest state with a process in its backtrack set that is
     * neither done nor asleep takes that process.
     *
     * @return whether there is another branch
     */
    boolean backtrack() {
        for (int d = stack.size() - 1; d >= 0; d--) {
            Node n = stack.get(d);
            for (long q : n.backtrack) {
                if (!n.done.contains(q) && !n.sleep.containsKey(q)) {
                    int k = n.indexOf(q);
                    if (k < 0) {
                        continue;
                    }
                    n.done.add(q);
                    n.chosen = k;
                    stack.subList(d + 1, stack.size()).clear();
                    fresh = d;
                    return true;
                }
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ nodes

    private Node newNode(List<Action> enabled, DetEngine engine, int d) {
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
            Node parent = stack.get(d - 1);
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
        return new Node(codes, procs, fps, blocked, sleep);
    }

    private static int firstAwake(Node node) {
        for (int k = 0; k < node.procs.length; k++) {
            if (!node.sleep.containsKey(node.procs[k])) {
                return k;
            }
        }
        return -1;
    }

    private static boolean sameChoices(Node node, List<Action> enabled) {
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
    private void replayed(Node node, int d) {
        lastOfProc[node.proc] = d;
        countOfProc[node.proc] = node.seq;
        stepOfCode.put(node.codes[node.chosen], d);
    }

    /** A new step from {@code node}: its clock, and (with the reduction) its races. */
    private void step(Node node, int d) {
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
        List<Integer> racing = null;
        for (int i = d - 1; i >= 0; i--) {
            Node ni = stack.get(i);
            if (covered(raceAcc, ni)) {
                continue;
            }
            if (ni.proc != p && ni.fp.dependent(fp)) {
                join(acc, ni.clock);
                if (!enabled(ni, stack.get(i + 1), code)) {
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

    /** Whether step {@code before → after} enabled the action {@code code}: pending but disabled before, enabled after. */
    private static boolean enabled(Node before, Node after, long code) {
        if (!before.blocks(code)) {
            return false;
        }
        for (long c : after.codes) {
            if (c == code) {
                return true;
            }
        }
        return false;
    }

    private static boolean covered(int[] clock, Node step) {
        return step.proc < clock.length && clock[step.proc] >= step.seq;
    }

    private static void join(int[] into, int[] c) {
        for (int i = 0; i < c.length && i < into.length; i++) {
            if (c[i] > into[i]) {
                into[i] = c[i];
            }
        }
    }

    /** The race of step {@code i} with the new step {@code j}: makes sure some initial of notdep(i).j is tried before i. */
    private void reverse(int i, int j) {
        races++;
        Node ni = stack.get(i);
        // v = the steps after i that do not happen after i, then j; first step of each process in v
        List<Integer> v = new ArrayList<>();
        for (int k = i + 1; k < j; k++) {
            if (!covered(stack.get(k).clock, ni)) {
                v.add(k);
            }
        }
        v.add(j);
        Map<Integer, Integer> first = new LinkedHashMap<>();
        for (int pos = 0; pos < v.size(); pos++) {
            first.putIfAbsent(stack.get(v.get(pos)).proc, pos);
        }
        for (long q : ni.backtrack) {
            Integer pos = first.get(procIndex.getOrDefault(q, -1));
            if (pos != null && initial(v, pos)) {
                return;
            }
        }
        for (long q : ni.sleep.keySet()) {
            Integer pos = first.get(procIndex.getOrDefault(q, -1));
            if (pos != null && initial(v, pos)) {
                return;
            }
        }
        // prefer j's own process (the classic reversal), then the earliest initial enabled before i
        int pj = stack.get(j).proc;
        Integer posJ = first.get(pj);
        if (posJ != null && initial(v, posJ) && ni.indexOf(procKeys.get(pj)) >= 0) {
            ni.backtrack.add(procKeys.get(pj));
            return;
        }
        for (Map.Entry<Integer, Integer> e : first.entrySet()) {
            long key = procKeys.get(e.getKey());
            if (ni.indexOf(key) >= 0 && initial(v, e.getValue())) {
                ni.backtrack.add(key);
                return;
            }
        }
        // no process enabled before i can start v: the race is not reversible
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
            Node n = stack.get(k);
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
