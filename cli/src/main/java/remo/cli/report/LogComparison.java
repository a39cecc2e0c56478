package remo.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The differences between two {@link ResultLog}s: tests whose verdict (the {@code Test} line's
 * kind, {@code Ok}/{@code No}, the observation word) or set of states differ, and tests present
 * in one log only. Execution counts and times are not compared (they are informative,
 * models.md §9.4).
 *
 * @param a           the first log's name
 * @param b           the second log's name
 * @param differences one entry per differing test, in the first log's order, then the second's
 * @param compared    tests present in both logs
 */
public record LogComparison(String a, String b, List<Difference> differences, int compared) {

    public LogComparison {
        differences = List.copyOf(differences);
    }

    /** What differs for one test. */
    public enum Kind {
        /** Present in the first log only. */
        ONLY_IN_A,
        /** Present in the second log only. */
        ONLY_IN_B,
        /** Kind, Ok/No or observation differ. */
        VERDICT,
        /** Same verdict, different state sets. */
        STATES,
        /** Both the verdict and the states differ. */
        VERDICT_AND_STATES
    }

    /**
     * One differing test.
     *
     * @param test    the test name
     * @param kind    what differs
     * @param message a one-line explanation
     */
    public record Difference(String test, Kind kind, String message) {
    }

    /** Compares two logs. */
    public static LogComparison compare(ResultLog a, ResultLog b) {
        List<Difference> out = new ArrayList<>();
        int compared = 0;
        for (ResultLog.Entry x : a.entries().values()) {
            ResultLog.Entry y = b.entries().get(x.name());
            if (y == null) {
                out.add(new Difference(x.name(), Kind.ONLY_IN_A, "only in " + a.file()));
                continue;
            }
            compared++;
            boolean verdict = !x.verdictText().equals(y.verdictText());
            Set<Set<String>> onlyA = new LinkedHashSet<>(x.states());
            onlyA.removeAll(y.states());
            Set<Set<String>> onlyB = new LinkedHashSet<>(y.states());
            onlyB.removeAll(x.states());
            boolean states = !onlyA.isEmpty() || !onlyB.isEmpty();
            if (!verdict && !states) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (verdict) {
                parts.add("verdict " + x.verdictText() + " in " + a.file() + ", " + y.verdictText() + " in " + b.file());
            }
            if (states) {
                parts.add("states " + x.states().size() + " vs " + y.states().size()
                        + (onlyA.isEmpty() ? "" : "; only in " + a.file() + ": " + format(onlyA))
                        + (onlyB.isEmpty() ? "" : "; only in " + b.file() + ": " + format(onlyB)));
            }
            Kind k = verdict && states ? Kind.VERDICT_AND_STATES : verdict ? Kind.VERDICT : Kind.STATES;
            out.add(new Difference(x.name(), k, String.join("; ", parts)));
        }
        for (ResultLog.Entry y : b.entries().values()) {
            if (!a.entries().containsKey(y.name())) {
                out.add(new Difference(y.name(), Kind.ONLY_IN_B, "only in " + b.file()));
            }
        }
        return new LogComparison(a.file(), b.file(), out, compared);
    }

    /** Whether the logs agree on every test and hold the same tests. */
    public boolean identical() {
        return differences.isEmpty();
    }

    /** The report printed by {@code compare-logs}: one line per difference, then a count line. */
    public String report() {
        StringBuilder sb = new StringBuilder();
        for (Difference d : differences) {
            sb.append(d.test()).append(": ").append(d.message()).append('\n');
        }
        long onlyA = differences.stream().filter(d -> d.kind() == Kind.ONLY_IN_A).count();
        long onlyB = differences.stream().filter(d -> d.kind() == Kind.ONLY_IN_B).count();
        long differ = differences.size() - onlyA - onlyB;
        sb.append(compared).append(compared == 1 ? " test compared: " : " tests compared: ").append(compared - differ).append(" identical, ").append(differ)
                .append(" differ; ").append(onlyA).append(" only in ").append(a).append(", ").append(onlyB)
                .append(" only in ").append(b).append('\n');
        return sb.toString();
    }

    private static String format(Set<Set<String>> states) {
        List<String> lines = new ArrayList<>();
        for (Set<String> s : states) {
            lines.add("{" + String.join("; ", s) + "}");
        }
        return String.join(" ", lines);
    }
}
