package remo.nic.det;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.nic.Call;
import remo.nic.fabric.SimRegion;

/**
 * The recent calls of one thread body, to recognise a spin loop and block it (the await reduction
 * of stateless model checkers such as GenMC): when a thread has run the same iteration twice — the
 * same calls from the same places in its code (the whole Java stack, to the bytecode index), with
 * the same arguments and the same values read, changing nothing — and starts it a third time while
 * every word the iteration read still holds the value read and every operation it posted has
 * completed, it would repeat the iteration forever. Its call is then not enabled until another step
 * writes one of those words.
 *
 * <p>This assumes that what a loop carries from one iteration to the next depends only on the values
 * it reads (not on an iteration counter): a loop that gives up after a number of rounds is treated
 * as one that spins on. A spin
 * that nothing will ever end becomes a deadlock the scheduler reports with the words the thread
 * waits on, instead of a run that reaches its step limit.
 *
 * <p>It also keeps the attempt a body declares failed ({@link remo.nic.Endpoint#attemptFailed()}): in
 * the model checker's runs the thread stops there, and the run is discarded unless nothing can change
 * what the attempt read (a livelock).
 */
final class SpinLog {
    /** Calls remembered per thread: a loop longer than this is not recognised. */
    static final int WINDOW = 256;
    /**
     * In lazy mode, the calls in a row that change nothing before the log starts walking the stack
     * for each call (a seeded run pays for the recognition only once a thread has spun this long).
     */
    static final int QUIET_CALLS = 10_000;
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    /** One call of the thread and what it (and the operations it posted) read and changed. */
    static final class Entry {
        final long position;
        final String where;
        final Call call;
        final List<SimRegion> regions = new ArrayList<>(2);
        final List<Integer> offsets = new ArrayList<>(2);
        final List<Long> values = new ArrayList<>(2);
        final List<Boolean> byCpu = new ArrayList<>(2);
        DetOp op;
        boolean changed;
        /** Whether {@link SpinLog#quiet} has counted it. */
        boolean counted;
        /** Submitted without its place (lazy mode): it matches no other entry. */
        boolean unplaced;
        /** The region of the first word another thread could see that the call (or its operation) changed, or {@code null}. */
        SimRegion sharedRegion;
        int sharedOffset;
        /**
         * Words of regions other nodes cannot access that the call's operation changed (region,
         * offset); {@code null} until the first (every call of a seeded run has an entry).
         */
        List<SimRegion> localRegions;
        List<Integer> localOffsets;

        Entry(long position, String where, Call call) {
            this.position = position;
            this.where = where;
            this.call = call;
        }
    }

    private final ArrayDeque<Entry> window = new ArrayDeque<>();
    /** Whether every call is placed (the model checker); otherwise only after {@link #QUIET_CALLS}. */
    private final boolean eager;
    /** Calls in a row that changed nothing (lazy mode). */
    private int quiet;

    /** The index of the log's thread. */
    private final int thread;

    /**
     * @param eager  whether every call is placed at once (the model checker) or only once the thread spins (seeded runs)
     * @param thread the index of the log's thread
     */
    SpinLog(boolean eager, int thread) {
        this.eager = eager;
        this.thread = thread;
    }

    /** Whether this log serves the model checker (every call placed, failed attempts kept). */
    boolean eager() {
        return eager;
    }

    /** Whether the next call should be placed ({@link #position()} is a stack walk: some microseconds). */
    boolean wantsPosition() {
        countQuiet();
        return eager || quiet >= QUIET_CALLS;
    }

    private void countQuiet() {
        if (current != null && !current.counted) {
            current.counted = true;
            quiet = current.changed ? 0 : quiet + 1;
        }
    }

    /** A call submitted without its place (lazy mode, before the thread spins): it never closes a loop. */
    void submittedUnplaced(Call c) {
        pending = new Entry(0, null, c);
        pending.unplaced = true;
        words = null;
    }
    /** The entry of the pending call, once it has been executed. */
    Entry current;
    private Entry pending;
    // the candidate loop of the pending call: the words its last iteration read, with their values
    private SimRegion[] words;
    private int[] offsets;
    private long[] values;
    private boolean[] cpu;
    private List<DetOp> ops;
    private String where;
    /** Whether the body has just said its attempt failed (eager mode only). */
    private boolean attemptFailed;
    /** The failed attempt the thread stopped at, or {@code null}. */
    private FailedAttempt stop;

    /**
     * The position of the calling body code: a hash of every frame's class, method and bytecode
     * index, and the innermost frame outside the simulator as text.
     */
    static Object[] position() {
        return WALKER.walk(frames -> {
            long h = 1125899906842597L;
            String where = null;
            for (Iterator<StackWalker.StackFrame> it = frames.iterator(); it.hasNext(); ) {
                StackWalker.StackFrame f = it.next();
                h = 31 * h + f.getClassName().hashCode();
                h = 31 * h + f.getMethodName().hashCode();
                h = 31 * h + f.getByteCodeIndex();
                // the body's own code: not the simulator, nor an endpoint wrapping another (a counting one)
                if (where == null && !f.getClassName().startsWith("remo.nic.det.")
                        && !f.getClassName().startsWith("remo.nic.fabric.")
                        && !remo.nic.Endpoint.class.isAssignableFrom(f.getDeclaringClass())) {
                    where = f.getClassName().substring(f.getClassName().lastIndexOf('.') + 1) + "." + f.getMethodName()
                            + "(line " + f.getLineNumber() + ")";
                }
            }
            return new Object[] {h, where == null ? "?" : where};
        });
    }

    /**
     * A body thread submits {@code c} from {@code position}: it becomes pending, and its loop is looked
     * for. The thread spins when its last {@code 2k} calls are two identical iterations of {@code k}
     * calls (same places, same arguments, same values read, nothing changed) and {@code c} starts a
     * third: whatever state the loop carries from one iteration to the next, it is a function of the
     * values one iteration reads, so a third iteration that reads the same values repeats the second.
     */
    void submitted(Call c, long position, String at) {
        pending = new Entry(position, at, c);
        words = null;
        if (attemptFailed) {
            attemptFailed = false;
            stop(position);
            if (stop != null) {
                return;
            }
        }
        List<Entry> h = new ArrayList<>(window);
        int n = h.size();
        for (int k = 1; 2 * k <= n; k++) {
            Entry head = h.get(n - k);
            if (head.unplaced || head.position != position || !head.call.equals(c)) {
                continue;
            }
            if (repeats(h, n, k)) {
                candidate(h.subList(n - k, n));
                return;
            }
        }
    }

    /** Whether the last {@code k} entries repeat the {@code k} before them, and none changed state. */
    private static boolean repeats(List<Entry> h, int n, int k) {
        for (int i = 0; i < k; i++) {
            Entry a = h.get(n - k + i);
            Entry b = h.get(n - 2 * k + i);
            if (a.changed || b.changed || a.unplaced || b.unplaced || a.position != b.position || !a.call.equals(b.call) || !a.regions.equals(b.regions)
                    || !a.offsets.equals(b.offsets) || !a.values.equals(b.values) || !a.byCpu.equals(b.byCpu)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The body said its attempt failed ({@link remo.nic.Endpoint#attemptFailed()}); in the model
     * checker's runs (eager mode) its next call stops it. Seeded runs cannot discard a run: there it
     * does nothing.
     */
    void attemptFailed() {
        attemptFailed = eager;
    }

    /**
     * The next call comes from {@code position} after a failed attempt: the attempt is every call
     * since the last one made from there. The thread stops, holding what the attempt read; with no
     * such call in the window (a loop longer than {@link #WINDOW} calls) it goes on.
     */
    private void stop(long position) {
        List<Entry> h = new ArrayList<>(window);
        for (int i = h.size() - 1; i >= 0; i--) {
            Entry e = h.get(i);
            if (!e.unplaced && e.position == position) {
                stop = FailedAttempt.of(h.subList(i, h.size()), thread);
                return;
            }
        }
    }

    /** Whether the thread stopped after a failed attempt (its pending call never runs in this run). */
    boolean stopped() {
        return stop != null;
    }

    /**
     * Whether a word the failed attempt read now holds another value (or an operation it posted is
     * unfinished): then a retry may succeed, and the run is covered by one in which the attempt comes
     * later. Otherwise, with nothing else left to run, the retries would fail forever.
     */
    boolean stopOutdated(DetThread t) {
        return stop.outdated(t);
    }

    /**
     * Why the failed attempt cannot be discarded: it changed a word of a region another thread has
     * used since; or {@code null}.
     */
    String stopSeenByOthers() {
        String word = stop.seenByOthers(thread);
        return word == null ? null : FailedAttempt.misuse(word, stop.where()).getMessage();
    }

    /** Why a stopped thread waits: where its attempt failed and the words it read. */
    String describeStop() {
        return stop.describe();
    }

    /** The last iteration's reads and posted operations become the pending call's spin condition. */
    private void candidate(List<Entry> iteration) {
        Map<String, Integer> index = new LinkedHashMap<>();
        List<SimRegion> rs = new ArrayList<>();
        List<Integer> os = new ArrayList<>();
        List<Long> vs = new ArrayList<>();
        List<Boolean> cs = new ArrayList<>();
        List<DetOp> posted = new ArrayList<>();
        for (Entry e : iteration) {
            if (e.op != null) {
                posted.add(e.op);
            }
            for (int i = 0; i < e.regions.size(); i++) {
                String key = e.regions.get(i).id() + ":" + e.offsets.get(i) + ":" + e.byCpu.get(i);
                Integer at = index.get(key);
                if (at == null) {
                    index.put(key, rs.size());
                    rs.add(e.regions.get(i));
                    os.add(e.offsets.get(i));
                    vs.add(e.values.get(i));
                    cs.add(e.byCpu.get(i));
                } else if (vs.get(at).longValue() != e.values.get(i)) {
                    return; // the iteration read a word twice with different values: it is not spinning
                }
            }
        }
        words = rs.toArray(new SimRegion[0]);
        offsets = os.stream().mapToInt(Integer::intValue).toArray();
        values = vs.stream().mapToLong(Long::longValue).toArray();
        cpu = new boolean[cs.size()];
        for (int i = 0; i < cpu.length; i++) {
            cpu[i] = cs.get(i);
        }
        ops = posted;
        where = iteration.get(0).where;
    }

    /** The pending call runs: its entry starts recording. */
    void executing() {
        if (pending == null) {
            // a call the endpoint did not announce (a lookup): it changes what the thread may see
            pending = new Entry(0, null, null);
            pending.unplaced = true;
            pending.changed = true;
        }
        current = pending;
        pending = null;
        words = null;
        window.addLast(current);
        if (window.size() > WINDOW) {
            window.removeFirst();
        }
    }

    /** Whether the pending call closes a loop (it may block, see {@link #blocked}). */
    boolean candidate() {
        return words != null;
    }

    /**
     * Whether the candidate loop posted operations: only then does its blocking read their
     * completion ({@link #blocked}), and so only then may a completing NIC step enable it.
     */
    boolean candidatePosts() {
        return ops != null && !ops.isEmpty();
    }

    /** The words the candidate loop read, as footprint word keys. */
    long[] candidateWords() {
        long[] out = new long[words.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = Footprint.word(words[i].id(), offsets[i]);
        }
        return out;
    }

    /** Whether the pending call is a spin that cannot end now (see the class comment). */
    boolean blocked(DetThread t) {
        if (words == null) {
            return false;
        }
        for (DetOp op : ops) {
            if (!op.finished()) {
                return false;
            }
        }
        for (int i = 0; i < words.length; i++) {
            if (now(t, i) != values[i]) {
                return false;
            }
        }
        return true;
    }

    private long now(DetThread t, int i) {
        return now(t, words[i], offsets[i], cpu[i]);
    }

    /** The value {@code r[off]} would give {@code t} now: its newest buffered store when read by the CPU, else memory. */
    static long now(DetThread t, SimRegion r, int off, boolean byCpu) {
        if (byCpu) {
            for (Iterator<SbEntry> it = t.sb.descendingIterator(); it.hasNext(); ) {
                SbEntry e = it.next();
                if (e.kind == SbEntry.STORE && e.region == r && e.off == off) {
                    return e.value;
                }
            }
        }
        return r.mem.get(off);
    }

    /** Why a blocked thread waits: where it spins and the words it waits on. */
    String describe() {
        StringBuilder sb = new StringBuilder("spins at ").append(where).append(", reading");
        for (int i = 0; i < words.length; i++) {
            sb.append(i == 0 ? " " : ", ").append(words[i].name()).append('@').append(words[i].home());
            if (words[i].words() > 1) {
                sb.append('[').append(offsets[i]).append(']');
            }
            sb.append(" = ").append(values[i]);
        }
        return sb.append("; no enabled step writes them").toString();
    }

    /** Records a read of {@code r[off]} by {@code e}'s call (the CPU) or by an operation it posted. */
    static void read(Entry e, SimRegion r, int off, long value, boolean byCpu) {
        if (e != null) {
            e.regions.add(r);
            e.offsets.add(off);
            e.values.add(value);
            e.byCpu.add(byCpu);
        }
    }

    /** Records a write by {@code e}'s call or its operation: a write of a new value changes state. */
    static void wrote(Entry e, long old, long value) {
        if (e != null && old != value) {
            e.changed = true;
        }
    }

    /** Records a call that changes state whatever it writes (a store, a locked RMW that writes). */
    static void changed(Entry e) {
        if (e != null) {
            e.changed = true;
        }
    }

    /**
     * Records that {@code e}'s call or its operation set {@code r[off]} from {@code old} to {@code value}
     * (a write of the value already there changes nothing). A word of a region other nodes may access,
     * or any word the CPU writes (the node's other threads may load it), forbids declaring the call's
     * attempt failed; an operation's result in a region of its own node only if another thread uses
     * that region ({@link FailedAttempt}).
     */
    static void sharedWrite(Entry e, SimRegion r, int off, long old, long value, boolean byCpu) {
        if (e == null || old == value) {
            return;
        }
        boolean remote = r.rights().contains(remo.nic.Access.REMOTE_READ) || r.rights().contains(remo.nic.Access.REMOTE_WRITE)
                || r.rights().contains(remo.nic.Access.REMOTE_ATOMIC);
        if (byCpu || remote) {
            if (e.sharedRegion == null) {
                e.sharedRegion = r;
                e.sharedOffset = off;
            }
        } else {
            // an operation's result in a region of its own node: shared only if another thread uses the region
            if (e.localRegions == null) {
                e.localRegions = new ArrayList<>(2);
                e.localOffsets = new ArrayList<>(2);
            }
            e.localRegions.add(r);
            e.localOffsets.add(off);
        }
    }
}
