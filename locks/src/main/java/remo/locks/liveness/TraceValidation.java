package remo.locks.liveness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Trace validation of the locks' TLA+ model (locks.md §10.7; Cirstea, Kuppe, Merz et al., "Validating
 * Traces of Distributed Programs Against TLA+ Specifications", 2024): TLC checks that each given
 * behaviour — a sequence of states of {@code RdmaLocks.tla}'s variables, projected from runs of the
 * Java classes — is a behaviour of the model, step by step. TLC runs in a child JVM with its own
 * metadata directory, as for {@code remo liveness}.
 *
 * <p>The generated module {@code RdmaLocksTrace} extends {@code RdmaLocks}; its variables are the
 * model's plus {@code k} (which behaviour) and {@code i} (which state of it). From state {@code i}
 * the only successor is the behaviour's state {@code i + 1}, taken if the model's {@code Next} (or a
 * stutter) allows it; so TLC deadlocks exactly at the first state whose successor the model does not
 * allow, and ends without error when every behaviour is accepted.
 */
public final class TraceValidation {
    private TraceValidation() {
    }

    /**
     * The verdict.
     *
     * @param accepted   whether every behaviour is one of the model
     * @param behaviour  the first rejected behaviour (0-based index into the list given), or -1
     * @param step       the 1-based state of that behaviour whose successor the model does not allow, or -1
     * @param states     the states TLC generated
     */
    public record Result(boolean accepted, int behaviour, int step, long states) {
    }

    /**
     * Checks {@code behaviours} against the bundled model under the constants of {@code constants}.
     *
     * @param constants  the body of the CONSTANTS section of a TLC configuration (Nodes, Threads,
     *                   NodeOf, Home, MaxAcq, Variant, FailedRcasWrites), one assignment per line
     * @param definitions extra definitions for the trace module (e.g. a thread placement for NodeOf)
     * @param behaviours each a list of states, a state a TLA+ record over the model's variables
     *                   written with the model's operators and {@code MemOf(pairs)} and
     *                   {@code Stage(wr, st, val)} of the trace module
     * @param timeout    the time limit of the TLC run
     * @throws LivenessException when TLC fails, reports an error in the module, or runs out of time
     * @throws InterruptedException when the calling thread is interrupted (the child is stopped)
     */
    public static Result check(String constants, String definitions, List<List<String>> behaviours, Duration timeout)
            throws InterruptedException {
        Objects.requireNonNull(behaviours, "behaviours");
        if (behaviours.isEmpty()) {
            return new Result(true, -1, -1, 0);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("remo-trace-");
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, System.getProperty("java.io.tmpdir"), 0, 0,
                    "cannot create a directory for TLC: " + e.getMessage());
        }
        try {
            Files.writeString(dir.resolve(LivenessModel.MODULE + ".tla"), LivenessModel.bundled().spec(), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("RdmaLocksTrace.tla"), module(definitions, behaviours), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("RdmaLocksTrace.cfg"), "CONSTANTS\n" + constants + "\nINIT TraceInit\nNEXT TraceNext\n",
                    StandardCharsets.UTF_8);
            TlcReport r = TlcRun.run(TlcJar.locate(), dir, "RdmaLocksTrace", "RdmaLocksTrace.cfg", "RdmaLocksTrace.cfg", 1, 1024,
                    Deadline.after(timeout), "trace validation", TlcListener.NONE);
            long states = r.statistics() == null ? 0 : r.statistics().distinct();
            if (r.verdict() == TlcReport.Verdict.NO_ERROR) {
                return new Result(true, -1, -1, states);
            }
            if (r.verdict() == TlcReport.Verdict.DEADLOCK && r.counterexample() != null) {
                TlaState last = r.counterexample().last();
                int k = (int) ((TlaValue.Int) last.get("k")).asLong();
                int i = (int) ((TlaValue.Int) last.get("i")).asLong();
                return new Result(false, k - 1, i, states);
            }
            throw new LivenessException(LivenessException.TLC, "RdmaLocksTrace.tla", 0, 0,
                    "trace validation: TLC ended with " + r.verdict() + " instead of accepting or rejecting a behaviour");
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, dir.toString(), 0, 0, "cannot write the trace module: "
                    + e.getMessage());
        } finally {
            delete(dir);
        }
    }

    /** The trace module: the behaviours as a constant, and the spec that follows one of them. */
    static String module(String definitions, List<List<String>> behaviours) {
        StringBuilder sb = new StringBuilder("---- MODULE RdmaLocksTrace ----\nEXTENDS RdmaLocks\nVARIABLES k, i\n\n");
        sb.append("MemOf(pairs) == [a \\in Addr |-> IF \\E p \\in pairs : p[1] = a THEN (CHOOSE p \\in pairs : p[1] = a)[2] ELSE 0]\n");
        sb.append("Stage(w, s, v) == [w EXCEPT !.st = s, !.val = v]\n");
        sb.append(definitions).append("\n\nTraces == <<\n");
        for (int b = 0; b < behaviours.size(); b++) {
            sb.append(b == 0 ? "  <<\n" : ",\n  <<\n");
            List<String> states = behaviours.get(b);
            for (int s = 0; s < states.size(); s++) {
                sb.append("    ").append(states.get(s)).append(s + 1 < states.size() ? ",\n" : "\n");
            }
            sb.append("  >>");
        }
        sb.append("\n>>\n\n");
        sb.append("Is(st) == mem = st.mem /\\ sb = st.sb /\\ qp = st.qp /\\ busy = st.busy /\\ pc = st.pc /\\ my = st.my "
                + "/\\ g = st.g /\\ nacq = st.nacq /\\ byp = st.byp\n");
        sb.append("Becomes(st) == mem' = st.mem /\\ sb' = st.sb /\\ qp' = st.qp /\\ busy' = st.busy /\\ pc' = st.pc "
                + "/\\ my' = st.my /\\ g' = st.g /\\ nacq' = st.nacq /\\ byp' = st.byp\n");
        sb.append("TraceInit == k \\in 1..Len(Traces) /\\ i = 1 /\\ Is(Traces[k][1])\n");
        sb.append("TraceNext == \\/ /\\ i < Len(Traces[k])\n"
                + "                /\\ Becomes(Traces[k][i + 1])\n"
                + "                /\\ (Next \\/ UNCHANGED vars)\n"
                + "                /\\ i' = i + 1 /\\ k' = k\n"
                + "             \\/ i = Len(Traces[k]) /\\ UNCHANGED <<vars, k, i>>\n");
        return sb.append("====\n").toString();
    }

    private static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
