package remo.cli;

import java.io.PrintStream;
import java.util.Locale;
import remo.locks.liveness.TlcCounterexample;
import remo.locks.liveness.Expected;
import remo.locks.liveness.LivenessResult;
import remo.locks.liveness.LivenessTable;
import remo.locks.liveness.PropertyResult;
import remo.locks.liveness.TlcJar;
import remo.locks.liveness.TlcOptions;
import remo.locks.liveness.TracePrinter;

/**
 * The standard output of {@code remo liveness}: a line per configuration with TLC's numbers, a line
 * per property with its result and whether locks.md §8.5 expects it, each counterexample through
 * {@link TracePrinter}, and a summary.
 */
final class LivenessPrinter {
    private final PrintStream out;
    private int results;
    private int mismatches;

    LivenessPrinter(PrintStream out) {
        this.out = out;
    }

    void header(TlcJar tlc, TlcOptions o) {
        String limit = o.timeout().isZero() ? "no time limit" : "time limit " + o.timeout().toSeconds() + " s per configuration";
        out.println("TLC " + TlcJar.EXPECTED_VERSION + " (" + tlc.path().getFileName() + ") in child JVMs, "
                + (o.distributed() ? "distributed: a server and " + o.workers() + " local worker" + (o.workers() == 1 ? "" : "s")
                + " (invariants and deadlock only)" : o.workers() + " worker" + (o.workers() == 1 ? "" : "s")) + ", " + limit);
    }

    /** Prints a row of locks.md §8.5; returns whether every result is the expected one. */
    boolean row(LivenessTable.Row row, LivenessResult r) {
        out.println();
        out.println(row.name() + " (" + row.variant().tlaName() + "; " + row.configuration().description() + "): " + numbers(r));
        boolean all = true;
        for (PropertyResult p : r.results()) {
            Expected e = row.cell(p.property()).orElse(null);
            String verdict;
            if (p.outcome() == PropertyResult.Outcome.NOT_CHECKED) {
                verdict = "";
            } else if (e == null) {
                verdict = "(no expectation in section 8.5)";
            } else if (e.matches(p)) {
                verdict = "as expected";
            } else if (p.outcome() == PropertyResult.Outcome.UNDECIDED) {
                verdict = "section 8.5 expects " + e.describe();
            } else {
                verdict = "MISMATCH: section 8.5 expects " + e.describe();
                mismatches++;
                all = false;
            }
            results++;
            out.printf(Locale.ROOT, "  %-18s %-22s %s%n", p.property(), describe(p, r), verdict);
        }
        details(r);
        return all;
    }

    /** Prints the results of a user's configuration file; returns whether every property holds. */
    boolean file(LivenessResult r) {
        out.println();
        out.println(r.name() + ": " + numbers(r));
        boolean all = true;
        for (PropertyResult p : r.results()) {
            out.printf(Locale.ROOT, "  %-18s %s%n", p.property(), describe(p, r));
            all &= p.outcome() != PropertyResult.Outcome.VIOLATED;
        }
        details(r);
        return all && r.deadlock() == null;
    }

    private void details(LivenessResult r) {
        if (r.deadlock() != null) {
            out.println("  deadlock reached (TLC's CHECK_DEADLOCK), while checking the invariants:");
            trace(r.deadlock());
        }
        if (r.limit() != null) {
            out.println("  " + r.limit());
        }
        // TLC often finds the same trace for several properties (one deadlock violates them all): print it once
        java.util.Map<TlcCounterexample, java.util.List<String>> traces = new java.util.LinkedHashMap<>();
        for (PropertyResult p : r.results()) {
            if (p.counterexample() != null) {
                traces.computeIfAbsent(p.counterexample(), k -> new java.util.ArrayList<>()).add(p.property());
            }
        }
        traces.forEach((cx, properties) -> {
            out.println("  counterexample of " + String.join(", ", properties) + ":");
            trace(cx);
        });
    }

    private void trace(TlcCounterexample cx) {
        TracePrinter.print(cx).lines().forEach(l -> out.println("  " + l));
    }

    /** A property's result; an undecided one of an interrupted check says so instead of naming the time limit. */
    private static String describe(PropertyResult p, LivenessResult r) {
        return r.interrupted() && p.outcome() == PropertyResult.Outcome.UNDECIDED ? "undecided (interrupted)" : p.describe();
    }

    private static String numbers(LivenessResult r) {
        long distinct = r.distinctStates();
        String stopped = r.limit() == null ? null : r.interrupted() ? "interrupted" : "stopped by the time limit";
        String states;
        if (distinct >= 0) {
            states = String.format(Locale.ROOT, "%,d distinct states", distinct) + (stopped == null ? "" : " (then " + stopped + ")");
        } else if (stopped != null) {
            states = r.exploredStates() < 0 ? "no states reported by TLC yet (" + stopped + ")"
                    : String.format(Locale.ROOT, "%,d distinct states found so far (%s)", r.exploredStates(), stopped);
        } else {
            states = String.format(Locale.ROOT, "%,d distinct states explored until the first violation", r.exploredStates());
        }
        int n = r.runs().size();
        return states + (r.depth() >= 0 ? ", depth " + r.depth() : "") + ", " + n + " TLC run" + (n == 1 ? "" : "s")
                + String.format(Locale.ROOT, ", %.1f s", r.millis() / 1000.0);
    }

    void summary(int rows, boolean allExpected, boolean limited, boolean distributed) {
        summary(rows, allExpected, limited, false, distributed);
    }

    /** The last line; {@code interrupted}: remo was stopped (Ctrl-C) after {@code rows} configurations. */
    void summary(int rows, boolean allExpected, boolean limited, boolean interrupted, boolean distributed) {
        out.println();
        String what = rows + " configuration" + (rows == 1 ? "" : "s") + ", " + results + " result" + (results == 1 ? "" : "s");
        if (interrupted) {
            out.println(what + ": interrupted, the results above are those decided before"
                    + (mismatches > 0 ? "; " + mismatches + " differ from locks.md section 8.5" : ""));
        } else if (limited) {
            out.println(what + ": a time limit stopped some checks (undecided above)"
                    + (mismatches > 0 ? "; " + mismatches + " differ from locks.md section 8.5" : ""));
        } else if (allExpected) {
            out.println(what + ": every result as locks.md section 8.5 expects"
                    + (distributed ? " (temporal properties not checked in distributed mode)" : ""));
        } else {
            out.println(what + ": " + mismatches + " differ from locks.md section 8.5");
        }
    }
}
