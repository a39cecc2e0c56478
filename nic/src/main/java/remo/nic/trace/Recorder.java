package remo.nic.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.nic.WorkId;
import remo.nic.fabric.SimRegion;

/**
 * Builds the execution graph of a run as its transitions happen (nic.md §6): events, {@code rf}
 * (the last writer of a word, or the forwarding store), {@code co} (memory order of writes per
 * word, from its lazily created initial write), {@code rao} (order in which NARs took a unit), and
 * poll/wait matching. Methods are synchronized: in concurrent mode the recorder's lock makes every
 * memory access and its record one atomic step (nic.md §5.2, "tracing").
 */
public final class Recorder {

    private static final class Word {
        public final int loc;
        public final SimRegion region;
        public final int off;
        public int lastWriter;
        public final List<Integer> co = new ArrayList<>();

        /** A word's location index, its region and offset. */
        public Word(int loc, SimRegion region, int off) {
            this.loc = loc;
            this.region = region;
            this.off = off;
        }
    }

    private static final class Ev {
        public final int id;
        public final int thread;
        public final int node;
        public final long po;
        public final int sub;
        public final int ii;
        public final EventLabel label;
        public final boolean locked;
        public final int loc;
        public final long value;
        public final int op;
        public int repeat = 1;
        /** Marker argument: the node of RF and P, the work-id index of WT; -1 otherwise. */
        public int arg = -1;
        public int rf = -1;

        /** One recorded event (see ExecutionGraph.Event). */
        public Ev(int id, int thread, int node, long po, int sub, int ii, EventLabel label, boolean locked, int loc, long value, int op) {
            this.id = id;
            this.thread = thread;
            this.node = node;
            this.po = po;
            this.sub = sub;
            this.ii = ii;
            this.label = label;
            this.locked = locked;
            this.loc = loc;
            this.value = value;
            this.op = op;
        }
    }

    private static final class OpRec {
        public final int index;
        public final int thread;
        public final long po;
        public final int sub;
        public final long opId;
        public final OpKind kind;
        public final int target;
        public final String workId;
        public final int workIdIndex;
        public final boolean loopback;
        public final List<Integer> events = new ArrayList<>();
        public OpStatus status = OpStatus.BUFFERED;
        public boolean failedRcas;
        /** An inline put's word: its NLR was recorded at posting, by the CPU. */
        public boolean inline;
        /** A word of an unsignalled request. */
        public boolean unsignaled;
        public boolean incomplete;

        /** One recorded op (see ExecutionGraph.OpInfo). */
        public OpRec(int index, int thread, long po, int sub, long opId, OpKind kind, int target, String workId, int workIdIndex,
              boolean loopback) {
            this.index = index;
            this.thread = thread;
            this.po = po;
            this.sub = sub;
            this.opId = opId;
            this.kind = kind;
            this.target = target;
            this.workId = workId;
            this.workIdIndex = workIdIndex;
            this.loopback = loopback;
        }
    }

    /**
     * The most events a recorded run may hold (about 100 bytes each, twice while the graph is
     * built): a longer run is stopped as over its step bound, not left to exhaust the heap.
     */
    public static final int MAX_EVENTS = 2_000_000;

    private final boolean spinCompression;
    private final List<Ev> events = new ArrayList<>();
    private final Map<Long, Word> words = new HashMap<>();
    private final List<Word> locations = new ArrayList<>();
    private final List<OpRec> ops = new ArrayList<>();
    private final Map<String, List<Integer>> rao = new LinkedHashMap<>();
    private final Map<Integer, List<Integer>> wm = new HashMap<>();
    private final Map<Integer, List<Integer>> gfm = new HashMap<>();
    private final Map<Integer, Integer> pm = new HashMap<>();
    private final List<ExecutionGraph.ThreadInfo> threads = new ArrayList<>();
    private final List<Integer> lastEventOfThread = new ArrayList<>();

    /** @param spinCompression whether identical spin reads are recorded as one event with a repeat count (nic.md §6.3) */
    public Recorder(boolean spinCompression) {
        this.spinCompression = spinCompression;
    }

    /** Whether the run has recorded {@link #MAX_EVENTS} events (read without the lock: a bound, not a count). */
    public boolean full() {
        return events.size() >= MAX_EVENTS;
    }

    /** Records a thread of the run (spawn order). */
    public synchronized void thread(int index, String name, int node) {
        threads.add(new ExecutionGraph.ThreadInfo(index, name, node));
        lastEventOfThread.add(-1);
    }

    private Word word(SimRegion r, int off) {
        long key = (r.id() << 32) | (off & 0xffffffffL);
        Word w = words.get(key);
        if (w == null) {
            w = new Word(locations.size(), r, off);
            words.put(key, w);
            locations.add(w);
            int iw = add(-1, r.home(), -1, 0, 0, EventLabel.IW, false, w.loc, r.initial(off), -1);
            w.co.add(iw);
            w.lastWriter = iw;
        }
        return w;
    }

    private int add(int thread, int node, long po, int sub, int ii, EventLabel label, boolean locked, int loc, long value, int op) {
        Ev e = new Ev(events.size(), thread, node, po, sub, ii, label, locked, loc, value, op);
        events.add(e);
        if (thread >= 0) {
            lastEventOfThread.set(thread, e.id);
        }
        if (op >= 0) {
            ops.get(op).events.add(e.id);
        }
        return e.id;
    }

    /** Records a new op (one word of a WR); returns its op index. */
    public synchronized int op(int thread, long po, int sub, long opId, OpKind kind, int target, WorkId workId, boolean loopback) {
        OpRec o = new OpRec(ops.size(), thread, po, sub, opId, kind, target, workId == null ? null : workId.label(),
                workId == null ? -1 : workId.index(), loopback);
        ops.add(o);
        return o.index;
    }

    /** Sets the final status of an op. */
    public synchronized void opStatus(int op, OpStatus status, boolean incomplete) {
        OpRec o = ops.get(op);
        o.status = status;
        o.incomplete |= incomplete;
    }

    /** Marks a word of an unsignalled request (language.md §4.2). */
    public synchronized void unsignaled(int op) {
        ops.get(op).unsignaled = true;
    }

    /** Marks a word of an inline put (language.md §4.2). */
    public synchronized void inline(int op) {
        ops.get(op).inline = true;
    }

    /** Marks an rcas whose compare failed. */
    public synchronized void failedRcas(int op) {
        ops.get(op).failedRcas = true;
    }

    /**
     * Records a read of word {@code (r, off)} that returned {@code value}.
     *
     * @param forwardedFrom the buffered store's {@code W} event the value was forwarded from, or -1
     *                      if it came from memory (then rf is the word's last writer)
     * @return the event id (an earlier one if spin compression merged the read)
     */
    public synchronized int read(EventLabel label, int thread, int node, long po, int sub, int ii, SimRegion r, int off, long value,
                          int forwardedFrom, int op, boolean locked) {
        Word w = word(r, off);
        int source = forwardedFrom >= 0 ? forwardedFrom : w.lastWriter;
        if (spinCompression && label == EventLabel.R && !locked && thread >= 0) {
            int last = lastEventOfThread.get(thread);
            if (last >= 0) {
                Ev prev = events.get(last);
                if (prev.label == EventLabel.R && !prev.locked && prev.loc == w.loc && prev.rf == source) {
                    prev.repeat++;
                    return prev.id;
                }
            }
        }
        int id = add(thread, node, po, sub, ii, label, locked, w.loc, value, op);
        events.get(id).rf = source;
        return id;
    }

    /**
     * Records a write; with {@code commit} it is also appended to {@code co} and becomes the word's
     * last writer (CPU stores are committed later, when they leave the store buffer).
     */
    public synchronized int write(EventLabel label, int thread, int node, long po, int sub, int ii, SimRegion r, int off, long value,
                           int op, boolean locked, boolean commit) {
        Word w = word(r, off);
        int id = add(thread, node, po, sub, ii, label, locked, w.loc, value, op);
        if (commit) {
            w.co.add(id);
            w.lastWriter = id;
        }
        return id;
    }

    /** Commits a buffered store's {@code W} event: it reaches memory now. */
    public synchronized void commit(int event) {
        Word w = locations.get(events.get(event).loc);
        w.co.add(event);
        w.lastWriter = event;
    }

    /** Records a non-memory event ({@code F}, {@code RF}, {@code WT}, {@code GF}, {@code P}). */
    public synchronized int marker(EventLabel label, int thread, int node, long po) {
        return add(thread, node, po, 0, 0, label, false, -1, 0, -1);
    }

    /**
     * Records a non-memory event with its argument: the target node of {@code RF} and {@code P},
     * the work-id index of {@code WT} (what a trace-to-litmus translation needs to rebuild the call).
     */
    public synchronized int marker(EventLabel label, int thread, int node, long po, int arg) {
        int id = add(thread, node, po, 0, 0, label, false, -1, 0, -1);
        events.get(id).arg = arg;
        return id;
    }

    /** Records that {@code nar} took the unit of rao class {@code classKey}. */
    public synchronized void rao(String classKey, int nar) {
        rao.computeIfAbsent(classKey, k -> new ArrayList<>()).add(nar);
    }

    /** Records the ops a {@code WT} covered. */
    public synchronized void waitMatch(int wt, List<Integer> opIndices) {
        wm.put(wt, List.copyOf(opIndices));
    }

    /** Records the ops a {@code GF} covered. */
    public synchronized void gfMatch(int gf, List<Integer> opIndices) {
        gfm.put(gf, List.copyOf(opIndices));
    }

    /** Records the op a {@code P} consumed. */
    public synchronized void pollMatch(int p, int op) {
        pm.put(p, op);
    }

    /** Number of events so far. */
    public synchronized int size() {
        return events.size();
    }

    /** An immutable graph of everything recorded so far. */
    public synchronized ExecutionGraph build(Map<String, String> meta) {
        List<ExecutionGraph.Event> evs = new ArrayList<>(events.size());
        int[] rf = new int[events.size()];
        for (Ev e : events) {
            evs.add(new ExecutionGraph.Event(e.id, e.thread, e.node, e.po, e.sub, e.ii, e.label, e.locked, e.loc, e.value,
                    e.op, e.repeat, e.arg));
            rf[e.id] = e.rf;
        }
        List<ExecutionGraph.Location> locs = new ArrayList<>();
        List<List<Integer>> co = new ArrayList<>();
        for (Word w : locations) {
            locs.add(new ExecutionGraph.Location(w.loc, w.region.home(), w.region.name(), w.region.id(), w.off));
            co.add(w.co);
        }
        List<ExecutionGraph.OpInfo> os = new ArrayList<>();
        for (OpRec o : ops) {
            os.add(new ExecutionGraph.OpInfo(o.index, o.thread, o.po, o.sub, o.opId, o.kind, o.target, o.workId, o.workIdIndex, o.loopback,
                    o.events, o.status, o.failedRcas, o.incomplete, o.inline, o.unsignaled));
        }
        return new ExecutionGraph(meta, locs, threads, os, evs, rf, co, rao, wm, gfm, pm);
    }
}
