package remo.nic.det;

import remo.nic.Call;

/**
 * The message of a deterministic run that deadlocked (no action enabled before every thread
 * finished): for every thread, why its pending call is not enabled (the incomplete operations it
 * waits for, a full QP, a spin whose words never change, a value or a region that never comes),
 * its store buffer and its queue pairs' entries, so that the report names what the program waits
 * for. Read-only on the state of a {@link DetMachine}.
 */
final class DeadlockReport {
    private DeadlockReport() {
    }

    /**
     * The report of {@code m}'s threads at scheduler step {@code step} of the run with {@code seed},
     * one paragraph per thread.
     */
    static String of(DetMachine m, long step, long seed) {
        StringBuilder why = new StringBuilder("deadlock at scheduler step " + step + " (seed " + seed + "):");
        for (DetThread t : m.threads) {
            why.append('\n').append(describe(m, t));
        }
        return why.toString();
    }

    /**
     * The diagnosis of a run that stopped making progress and hit a bound of its size (the step limit,
     * the trace's size): {@code header}, then, as for a deadlock, one paragraph per thread saying what
     * its pending call waits for or the words it spins on (issue 28: the same diagnosis as a deadlock's,
     * built once).
     */
    static String stalled(DetMachine m, String header) {
        StringBuilder why = new StringBuilder(header).append("; the threads then:");
        for (DetThread t : m.threads) {
            why.append('\n').append(describe(m, t));
        }
        return why.toString();
    }

    /** Why thread {@code t}'s pending call is not enabled, plus its store buffer and QPs (deadlock report). */
    private static String describe(DetMachine m, DetThread t) {
        StringBuilder sb = new StringBuilder();
        sb.append("  ").append(t.name).append("@").append(t.node).append(": ");
        if (t.finished && t.failure != null) {
            // a thread that threw often leaves the others waiting (a lock it held, a barrier it missed)
            sb.append("failed: ").append(t.failure);
        } else if (t.finished) {
            sb.append("finished");
        } else {
            sb.append("pending ").append(t.pending);
            Call c = t.pending;
            if (t.spin != null && t.spin.stopped()) {
                sb.append(" — ").append(t.spin.describeStop());
            } else if (c instanceof Call.WaitFor || c instanceof Call.Gf || c instanceof Call.Poll) {
                sb.append(" — waits for incomplete ops:");
                for (DetOp o : t.ops) {
                    if (!o.finished()) {
                        sb.append(' ').append(o).append(" [").append(o.status()).append(']');
                    }
                }
                if (c instanceof Call.Poll p && m.pollTarget(t, p.node()) == null) {
                    sb.append(" (no op left to poll in its scope)");
                }
            } else if (t.spin != null && t.spin.blocked(t)) {
                sb.append(" — ").append(t.spin.describe());
            } else if (c instanceof Call.Await) {
                sb.append(" — the value never matches");
            } else if (c instanceof Call.Lookup) {
                sb.append(" — the region is never registered");
            } else if (DetMachine.blocksOnNic(c)) {
                sb.append(" — its QP is full (qpCapacity ").append(m.cfg.qpCapacity()).append(')');
            }
        }
        sb.append("\n    store buffer: ").append(firstOf(t.sb));
        for (DetQp q : t.qpList) {
            sb.append("\n    ").append(q).append(": ").append(firstOf(q.entries.subList(q.head, q.entries.size())));
        }
        return sb.toString();
    }

    /** The most entries of a store buffer or a queue pair a report lists (a stopped run's may hold millions). */
    static final int LISTED = 8;

    /** {@code [a, b]}, or the first {@link #LISTED} entries and how many more ({@code [a, b, … and 9990 more]}). */
    private static String firstOf(java.util.Collection<?> entries) {
        if (entries.size() <= LISTED) {
            return entries.toString();
        }
        StringBuilder sb = new StringBuilder("[");
        java.util.Iterator<?> it = entries.iterator();
        for (int i = 0; i < LISTED; i++) {
            sb.append(it.next()).append(", ");
        }
        return sb.append("… and ").append(entries.size() - LISTED).append(" more]").toString();
    }
}
