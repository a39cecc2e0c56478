package remo.conformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import remo.core.FlagValues;
import remo.core.graph.ExecutionGraph.Event;
import remo.core.graph.ExecutionGraph;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStatus;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;

/**
 * Conformance for any recorded run, not only litmus runs (nic.md §6.5): turns the graph of a
 * fault-free run of arbitrary Java code into the straight-line RDMA litmus program that performs
 * exactly the recorded calls, then checks the graph against it with {@link TraceConformance}.
 *
 * <p>Each API call of a thread (one {@code po} index) becomes one instruction, and a {@code k}-word
 * put or get {@code k} one-word instructions (the {@code ASCENDING} encoding of nic.md §6.3):
 * a load {@code rN = x}; a store {@code x = v} with the recorded value; a locked RMW
 * {@code rN = cas(x, e, v)} with {@code e} the value read and {@code v} the value written (a failed
 * compare: {@code e} = read + 1, so it fails again); {@code put}, {@code get}, {@code rcas} (the
 * compare outcome reproduced the same way) and {@code rfaa} (the recorded increment) with their
 * work ids; {@code mfence}, {@code rfence n}, {@code poll n}, {@code wait d}, {@code gf}. Every
 * recorded word becomes a location {@code m_<region>_<offset>} on its node with the recorded initial
 * value. Values the run computed in Java become constants, so the program has no data dependencies
 * beyond memory; the check decides whether the recorded rf, co and rao are consistent for the calls
 * as made. An {@code rfence} to a node the thread never addresses and a {@code wait} on a work id no
 * op of the thread carries order nothing and are left out (the litmus validator rejects them).
 * A {@code poll} consumes a whole WR, a litmus {@code poll} one word: the poll of a {@code k}-word
 * WR becomes {@code k} polls, the recorded one last; the {@code k - 1} before it consume words that
 * were complete when the recorded poll returned, so their events are taken as having happened.
 *
 * <p>Graphs of crash runs, of runs with flushed or incomplete ops and of {@code RANDOM}
 * intra-request order are not translatable (nic.md §4.6, §7.3).
 */
public final class TraceLitmus {

    /**
     * A translation.
     *
     * @param text             the litmus program's text
     * @param program          the parsed and validated program
     * @param callInstructions per thread, per {@code po} index: the instruction of that call (its first
     *                         word's for a multi-word op), -1 for calls with no instruction
     * @param locationNames    per graph location index, the program's location name
     * @param implied          per thread, instructions with no recorded event whose events are known to
     *                         have happened: the extra polls of a multi-word WR (see {@link #translate})
     * @param model            the conformance model's name ({@link LitmusRunner#conformanceModel})
     * @param flags            the run's flags
     */
    public record Translation(String text, Program program, List<List<Integer>> callInstructions,
                              List<String> locationNames, List<Set<Integer>> implied, String model, FlagValues flags) {
        public Translation {
            callInstructions = callInstructions.stream().map(List::copyOf).toList();
            locationNames = List.copyOf(locationNames);
            implied = implied.stream().map(Set::copyOf).toList();
        }
    }

    private TraceLitmus() {
    }

    /**
     * Translates a recorded graph.
     *
     * @param graph the graph of a completed, fault-free run ({@code ASCENDING} order)
     * @return the litmus program that performs the recorded calls
     * @throws IllegalArgumentException if the graph is of a crash run, has flushed or incomplete ops,
     *                                  was recorded in {@code RANDOM} order, or has an event the
     *                                  translation does not know
     * @throws java.util.concurrent.CancellationException if the user's Ctrl-C ({@link remo.core.Interruption})
     *                                  stopped the parse of the translation
     */
    public static Translation translate(ExecutionGraph graph) {
        return translate(graph, false);
    }

    /**
     * The programs of the latest translations, by text: the runs of a model-checking exploration
     * repeat a few straight-line programs thousands of times (a run differs from another in its
     * reads-from, not its calls), and parsing one was a twelfth of a run's cost (KvStore).
     */
    private static final java.util.Map<String, Program> PARSED = new java.util.LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<String, Program> eldest) {
            return size() > 256;
        }
    };

    /**
     * Translates a recorded graph, optionally without the repeated reads of spin rounds that
     * {@link SpinReads} shows a fixed-graph check does not need (their calls get instruction -1,
     * so their events order nothing): the check of a graph of thousands of spin reads then costs
     * what its other events cost.
     *
     * @param graph           the graph of a completed, fault-free run ({@code ASCENDING} order)
     * @param leaveOutSpins   whether to leave out the reads {@link SpinReads#leftOut} names
     * @return the litmus program that performs the recorded calls (less the left-out reads)
     * @throws IllegalArgumentException as {@link #translate(ExecutionGraph)}
     */
    public static Translation translate(ExecutionGraph graph, boolean leaveOutSpins) {
        rejectUntranslatable(graph);

        FlagValues flags = flags(graph.meta().getOrDefault("flags", "defaults"));
        List<String> locNames = locationNames(graph);
        long[] initial = new long[graph.locations().size()];
        for (Event e : graph.events()) {
            if (e.label() == EventLabel.IW) {
                initial[e.location()] = e.value();
            }
        }
        int threads = graph.threads().size();
        List<TreeMap<Long, List<Event>>> calls = new ArrayList<>();
        List<Set<Integer>> targets = new ArrayList<>();
        List<Set<Integer>> workIds = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            calls.add(new TreeMap<>());
            targets.add(new HashSet<>());
            workIds.add(new HashSet<>());
        }
        for (ExecutionGraph.OpInfo o : graph.ops()) {
            targets.get(o.thread()).add(o.target());
            if (o.workIdIndex() >= 0) {
                workIds.get(o.thread()).add(o.workIdIndex());
            }
        }
        for (Event e : graph.events()) {
            if (e.thread() >= 0) {
                calls.get(e.thread()).computeIfAbsent(e.po(), k -> new ArrayList<>()).add(e);
            }
        }
        List<Set<Long>> leftOut = leaveOutSpins ? SpinReads.leftOut(graph, calls) : null;
        Map<Integer, Integer> wordsOfOp = new HashMap<>();
        Map<String, Integer> words = new HashMap<>();
        for (ExecutionGraph.OpInfo o : graph.ops()) {
            words.merge(o.thread() + ":" + o.po(), 1, Integer::sum);
        }
        for (ExecutionGraph.OpInfo o : graph.ops()) {
            wordsOfOp.put(o.index(), words.get(o.thread() + ":" + o.po()));
        }
        List<List<String>> code = new ArrayList<>();
        List<List<Integer>> callInstructions = new ArrayList<>();
        List<Set<Integer>> implied = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            List<String> instrs = new ArrayList<>();
            long maxPo = calls.get(t).isEmpty() ? -1 : calls.get(t).lastKey();
            List<Integer> byPo = new ArrayList<>();
            for (long p = 0; p <= maxPo; p++) {
                byPo.add(-1);
            }
            int[] register = {0};
            Set<Integer> extra = new HashSet<>();
            for (Map.Entry<Long, List<Event>> c : calls.get(t).entrySet()) {
                if (leftOut != null && leftOut.get(t).contains(c.getKey())) {
                    continue;
                }
                List<String> out = call(graph, c.getValue(), locNames, targets.get(t), workIds.get(t), register);
                Event first = c.getValue().get(0);
                if (first.label() == EventLabel.P && graph.pm().containsKey(first.id())) {
                    for (int k = 1; k < wordsOfOp.get(graph.pm().get(first.id())); k++) {
                        extra.add(instrs.size());
                        instrs.add(out.get(0));
                    }
                }
                if (!out.isEmpty()) {
                    byPo.set((int) (long) c.getKey(), instrs.size());
                    instrs.addAll(out);
                }
            }
            code.add(instrs);
            callInstructions.add(byPo);
            implied.add(extra);
        }
        String text = text(graph, flags, locNames, initial, code);
        if (remo.core.Interruption.requested()) {
            throw new java.util.concurrent.CancellationException("interrupted while translating a recorded trace");
        }
        Program program;
        synchronized (PARSED) {
            program = PARSED.get(text);
        }
        try {
            if (program == null) {
                program = LitmusParser.parseAndValidate("trace.litmus", text);
                synchronized (PARSED) {
                    PARSED.put(text, program);
                }
            }
        } catch (LitmusException e) {
            if (remo.core.Interruption.requested()) {
                // the parse stopped at a Ctrl-C of the user, not at a fault of the translation
                throw new java.util.concurrent.CancellationException("interrupted while translating a recorded trace");
            }
            throw new IllegalArgumentException("the trace's litmus translation does not validate: " + e.getMessage()
                    + "\n" + text, e);
        }
        return new Translation(text, program, callInstructions, locNames, implied, LitmusRunner.conformanceModel(program),
                flags);
    }

    /**
     * Translates {@code graph} and checks it against {@code model} (or, if {@code null}, against
     * the translation's conformance model loaded by {@code models}).
     *
     * @param graph the recorded graph
     * @param model the model, or {@code null} for the conformance model
     * @param models loads the conformance model by name when {@code model} is null
     * @return the verdict
     * @throws IllegalArgumentException as {@link #translate}
     */
    public static TraceConformance.Verdict check(ExecutionGraph graph, CatModel model,
                                                 java.util.function.Function<String, CatModel> models) {
        Translation tr = translate(graph);
        CatModel m = model != null ? model : models.apply(tr.model());
        return new TraceConformance(tr.program(), m, tr.flags()).check(graph, tr.callInstructions(), tr.locationNames(),
                tr.implied());
    }

    private static void rejectUntranslatable(ExecutionGraph graph) {
        TraceConformance.requireAscending(graph);
        String crashed = graph.meta().getOrDefault("crashed", "[]");
        if (!crashed.equals("[]")) {
            throw new IllegalArgumentException("a crash run (crashed nodes " + crashed + ") is excluded from conformance: "
                    + "the checker has no partial-execution mode (nic.md §7.3)");
        }
        if ("false".equals(graph.meta().get("completed"))) {
            throw new IllegalArgumentException("the run did not complete (no quiescent final state)");
        }
        for (ExecutionGraph.OpInfo o : graph.ops()) {
            if (o.status() != OpStatus.COMPLETED || o.incomplete()) {
                throw new IllegalArgumentException("op " + o.opId() + " of thread " + o.thread() + " is " + o.status()
                        + (o.incomplete() ? " (incomplete)" : "") + ": runs with faults are excluded from conformance");
            }
        }
    }

    private static FlagValues flags(String meta) {
        FlagValues f = FlagValues.defaults();
        if (meta.isBlank() || meta.equals("defaults")) {
            return f;
        }
        for (String kv : meta.split(",")) {
            String[] p = kv.trim().split("=", 2);
            remo.core.Flag flag = remo.core.Flag.byName(p[0])
                    .orElseThrow(() -> new IllegalArgumentException("unknown flag '" + p[0] + "' in the trace's meta"));
            f = f.with(flag, p.length > 1 ? p[1] : "");
        }
        return f;
    }

    private static List<String> locationNames(ExecutionGraph graph) {
        List<String> names = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (ExecutionGraph.Location l : graph.locations()) {
            String base = "m_" + l.region().replaceAll("[^A-Za-z0-9_]", "_") + "_" + l.offset();
            String name = used.contains(base) ? base + "_n" + l.node() + "_" + l.index() : base;
            used.add(name);
            names.add(name);
        }
        return names;
    }

    /** The instructions of one call (its events, in recording order). */
    private static List<String> call(ExecutionGraph graph, List<Event> events, List<String> loc, Set<Integer> targets,
                                     Set<Integer> workIds, int[] register) {
        Event first = events.get(0);
        if (first.op() >= 0) {
            return nicCall(graph, events, loc);
        }
        Event read = null;
        Event write = null;
        for (Event e : events) {
            if (e.label() == EventLabel.R) {
                read = e;
            } else if (e.label() == EventLabel.W) {
                write = e;
            }
        }
        switch (first.label()) {
            case R:
            case W:
                if (first.locked()) {
                    if (read == null) {
                        throw new IllegalArgumentException("locked write without its read: " + first);
                    }
                    String reg = "r" + register[0]++;
                    return List.of(write != null
                            ? reg + " = cas(" + loc.get(read.location()) + ", " + read.value() + ", " + write.value() + ")"
                            : reg + " = cas(" + loc.get(read.location()) + ", " + (read.value() + 1) + ", 0)");
                }
                if (first.label() == EventLabel.R) {
                    return List.of("r" + register[0]++ + " = " + loc.get(first.location()));
                }
                return List.of(loc.get(first.location()) + " = " + first.value());
            case F:
                return List.of("mfence");
            case GF:
                return List.of("gf");
            case P:
                return List.of("poll " + first.arg());
            case RF:
                return targets.contains(first.arg()) ? List.of("rfence " + first.arg()) : List.of();
            case WT:
                return workIds.contains(first.arg()) ? List.of("wait w" + first.arg()) : List.of();
            default:
                throw new IllegalArgumentException("event " + first + " cannot start a call");
        }
    }

    private static List<String> nicCall(ExecutionGraph graph, List<Event> events, List<String> loc) {
        Map<Integer, Map<EventLabel, Event>> words = new TreeMap<>();
        Map<Integer, ExecutionGraph.OpInfo> opOfWord = new HashMap<>();
        for (Event e : events) {
            words.computeIfAbsent(e.sub(), k -> new HashMap<>()).put(e.label(), e);
            opOfWord.put(e.sub(), graph.ops().get(e.op()));
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<Integer, Map<EventLabel, Event>> w : words.entrySet()) {
            ExecutionGraph.OpInfo o = opOfWord.get(w.getKey());
            Map<EventLabel, Event> ev = w.getValue();
            String tag = o.workIdIndex() >= 0 ? " #w" + o.workIdIndex() : "";
            int n = o.target();
            switch (o.kind()) {
                case PUT:
                    out.add("put" + (o.inline() ? ".inline" : "") + (o.unsignaled() ? ".unsignaled " : " ") + loc.get(need(ev, EventLabel.NRW, o).location()) + "@" + n + ", "
                            + loc.get(need(ev, EventLabel.NLR, o).location()) + tag);
                    break;
                case GET:
                    out.add("get " + loc.get(need(ev, EventLabel.NLW, o).location()) + ", "
                            + loc.get(need(ev, EventLabel.NRR, o).location()) + "@" + n + tag);
                    break;
                default: {
                    Event nar = need(ev, EventLabel.NAR, o);
                    Event nlw = need(ev, EventLabel.NLW, o);
                    Event nrw = ev.get(EventLabel.NRW);
                    String head = loc.get(nlw.location()) + ", " + loc.get(nar.location()) + "@" + n + ", ";
                    if (o.kind() == OpKind.RFAA) {
                        long delta = need(ev, EventLabel.NRW, o).value() - nar.value();
                        out.add("rfaa " + head + delta + tag);
                    } else if (!o.failedRcas()) {
                        out.add("rcas " + head + nar.value() + ", " + need(ev, EventLabel.NRW, o).value() + tag);
                    } else {
                        out.add("rcas " + head + (nar.value() + 1) + ", " + (nrw == null ? 0 : nrw.value()) + tag);
                    }
                }
            }
        }
        return out;
    }

    private static Event need(Map<EventLabel, Event> ev, EventLabel label, ExecutionGraph.OpInfo o) {
        Event e = ev.get(label);
        if (e == null) {
            throw new IllegalArgumentException("op " + o.opId() + " (" + o.kind() + ") has no " + label + " event");
        }
        return e;
    }

    private static String text(ExecutionGraph graph, FlagValues flags, List<String> loc, long[] initial,
                               List<List<String>> code) {
        StringBuilder sb = new StringBuilder();
        sb.append("RDMA trace\n\"The calls of a recorded run (").append(graph.meta().getOrDefault("mode", "?"));
        if (graph.meta().containsKey("seed")) {
            sb.append(", seed ").append(graph.meta().get("seed"));
        }
        sb.append(") as a straight-line program\"\n");
        String nonDefault = flags.nonDefaults();
        if (!nonDefault.isEmpty()) {
            sb.append("flags ").append(nonDefault.replace(",", ", ")).append('\n');
        }
        sb.append("{\n");
        for (ExecutionGraph.Location l : graph.locations()) {
            sb.append("  ").append(loc.get(l.index())).append('@').append(l.node()).append(" = ")
                    .append(initial[l.index()]).append(";\n");
        }
        sb.append("}\n");
        int threads = code.size();
        int[] width = new int[threads];
        int rows = 0;
        for (int t = 0; t < threads; t++) {
            width[t] = ("P" + t + "@" + graph.threads().get(t).node()).length();
            for (String s : code.get(t)) {
                width[t] = Math.max(width[t], s.length());
            }
            rows = Math.max(rows, code.get(t).size());
        }
        for (int r = -1; r < rows; r++) {
            sb.append(' ');
            for (int t = 0; t < threads; t++) {
                String cell = r < 0 ? "P" + t + "@" + graph.threads().get(t).node()
                        : r < code.get(t).size() ? code.get(t).get(r) : "";
                sb.append(String.format(Locale.ROOT, "%-" + width[t] + "s", cell));
                sb.append(t + 1 < threads ? " | " : " ;\n");
            }
        }
        sb.append("exists (true)\n");
        return sb.toString();
    }
}
