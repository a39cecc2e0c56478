package remo.locks.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import remo.checker.Verdict;
import remo.locks.harness.LockIr.Call;

/**
 * One lock harness of locks.md §7.4 / §9 with its expected verdicts, rendered as a litmus file in
 * the spelling of language.md ({@link #text()}).
 *
 * @param id          the harness's name (file {@code id.litmus})
 * @param doc         the one-line description
 * @param flags       the flag line's settings ({@code FAILED_RCAS_WRITES=YES}), empty for defaults
 * @param locations   the topology's locations that the harness may use, in declaration order; only
 *                    those the instructions or the condition name are declared
 * @param threads     each thread's node and its calls
 * @param condition   the final condition in language.md spelling, quantifier included
 * @param expected    the expected verdicts and test-budget notes
 * @param section     where the harness is specified ({@code locks.md §7.4}, {@code locks.md §9 NAIVE-MIXCAS}, …)
 * @param r0Name      the spec's name of register {@code r0}: {@code my} (ticket) or {@code g} (CAS)
 */
record Harness(String id, String doc, String flags, List<Loc> locations, List<ThreadCode> threads, String condition,
               Expected expected, String section, String r0Name) {

    Harness {
        locations = List.copyOf(locations);
        threads = List.copyOf(threads);
    }

    /**
     * A location of the topology.
     *
     * @param name    its name
     * @param home    its home node
     * @param initial its initial value
     * @param lock    whether it is lock state (dropped from the P-SC projection, locks.md §4.6)
     */
    record Loc(String name, int home, long initial, boolean lock) {
    }

    /**
     * A thread: its node and the calls it makes, in program order.
     *
     * @param node  the node it runs on
     * @param calls the expanded calls
     */
    record ThreadCode(int node, List<Call> calls) {
        ThreadCode {
            calls = List.copyOf(calls);
        }

        List<Instr> instructions() {
            List<Instr> out = new ArrayList<>();
            for (Call c : calls) {
                out.addAll(c.body());
            }
            return out;
        }
    }

    /** Which of the two P-SC statements of locks.md §7.4 applies to a harness. */
    enum PSc {
        /** Not listed under P-SC. */
        NONE,
        /** The outcome sets under rdma-wait-rmw and rdma-sc-rmw coincide. */
        SAME,
        /** They differ. */
        DIFFER
    }

    /**
     * Expected results.
     *
     * @param waitRmw verdict under {@code rdma-wait-rmw}
     * @param scRmw   verdict under {@code rdma-sc-rmw}
     * @param slowUnder the models under which the checker takes too long for the default test suite
     *                  (locks.md §7.5): those verdicts are tested in the {@code slow} profile only
     * @param psc     the P-SC statement (locks.md §4.6) for this harness
     */
    record Expected(Verdict waitRmw, Verdict scRmw, java.util.Set<String> slowUnder, PSc psc) {
        /** Whether the verdict under {@code model} belongs to the {@code slow} profile. */
        boolean slow(String model) {
            return slowUnder.contains(model);
        }

        /** The {@code budget} column of {@code expected.tsv}: {@code default}, {@code slow}, or {@code slow:MODEL,...}. */
        String budget(java.util.List<String> models) {
            if (slowUnder.isEmpty()) {
                return "default";
            }
            if (slowUnder.containsAll(models)) {
                return "slow";
            }
            return "slow:" + String.join(",", models.stream().filter(slowUnder::contains).toList());
        }
    }

    /** The home node of a declared location. */
    int home(String loc) {
        for (Loc l : locations) {
            if (l.name().equals(loc)) {
                return l.home();
            }
        }
        throw new IllegalArgumentException(id + ": no location " + loc);
    }

    /** The locations the harness declares: those its instructions or condition name, in table order. */
    List<Loc> declared() {
        Set<String> used = new LinkedHashSet<>();
        for (ThreadCode t : threads) {
            for (Instr i : t.instructions()) {
                used.addAll(i.locations());
            }
        }
        Matcher m = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*").matcher(condition);
        while (m.find()) {
            String name = m.group();
            if (!name.matches("r[0-9]+|exists|forall|not|true|false")) {
                used.add(name);
            }
        }
        List<Loc> out = new ArrayList<>();
        for (Loc l : locations) {
            if (used.remove(l.name())) {
                out.add(l);
            }
        }
        if (!used.isEmpty()) {
            throw new IllegalStateException(id + ": locations without a declaration: " + used);
        }
        return out;
    }

    /** The client locations (not lock state) the harness declares: the P-SC projection's locations. */
    List<String> clientLocations() {
        return declared().stream().filter(l -> !l.lock()).map(Loc::name).toList();
    }

    /** The file's text: header, description, flag line, provenance comment, init block, thread table, condition. */
    String text() {
        StringBuilder b = new StringBuilder();
        b.append("RDMA ").append(id).append('\n');
        b.append('"').append(doc).append("\"\n");
        if (!flags.isEmpty()) {
            b.append("flags ").append(flags).append('\n');
        }
        b.append("(* Generated from the procedures of locks.md §7.2 (").append(section)
                .append(") by locks/src/test/java/remo/locks/harness; do not edit.\n");
        for (int t = 0; t < threads.size(); t++) {
            List<String> names = threads.get(t).calls().stream().map(Call::name).toList();
            b.append("   P").append(t).append(" expands ").append(String.join("; ", names)).append('\n');
        }
        b.append("   Registers: ").append(registerNote()).append(" *)\n");
        List<String> decls = new ArrayList<>();
        for (Loc l : declared()) {
            decls.add(l.name() + "@" + l.home() + " = " + l.initial());
        }
        b.append(wrapInit(decls));
        List<List<String>> cols = new ArrayList<>();
        for (int t = 0; t < threads.size(); t++) {
            List<String> col = new ArrayList<>();
            col.add("P" + t + "@" + threads.get(t).node());
            for (Instr i : threads.get(t).instructions()) {
                col.add(i.render(this::home));
            }
            cols.add(col);
        }
        int rows = cols.stream().mapToInt(List::size).max().orElse(0);
        int[] width = cols.stream().mapToInt(c -> c.stream().mapToInt(String::length).max().orElse(0)).toArray();
        for (int r = 0; r < rows; r++) {
            StringBuilder line = new StringBuilder(" ");
            for (int t = 0; t < cols.size(); t++) {
                String cell = r < cols.get(t).size() ? cols.get(t).get(r) : "";
                line.append(pad(cell, width[t]));
                line.append(t + 1 < cols.size() ? " | " : " ;");
            }
            b.append(line).append('\n');
        }
        b.append(condition).append('\n');
        return b.toString();
    }

    private static String wrapInit(List<String> decls) {
        StringBuilder b = new StringBuilder("{ ");
        int col = 2;
        for (String d : decls) {
            String item = d + ";";
            if (col + item.length() > 100) {
                b.setLength(b.length() - 1);
                b.append("\n  ");
                col = 2;
            }
            item += " ";
            b.append(item);
            col += item.length();
        }
        b.append("}\n");
        return b.toString();
    }

    private static String pad(String s, int w) {
        return s + " ".repeat(w - s.length());
    }

    /** The register mapping of locks.md §7.4 (Corrections), restricted to the registers the file uses. */
    String registerNote() {
        Set<String> regs = new TreeSet<>();
        for (ThreadCode t : threads) {
            for (Instr i : t.instructions()) {
                Matcher m = Pattern.compile("\\br[0-9]+\\b").matcher(i.render(this::home));
                while (m.find()) {
                    regs.add(m.group());
                }
            }
        }
        Map<String, String> names = new LinkedHashMap<>();
        names.put("r0", r0Name);
        names.put("r10", "my2");
        names.put("r1", "a (spin load)");
        names.put("r2", "b (spin load)");
        names.put("r3", "c (spin load)");
        names.put("r4", "n");
        names.put("r5", "v");
        names.put("r6", "r");
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (regs.remove(e.getKey())) {
                parts.add(e.getValue() + " = " + e.getKey());
            }
        }
        if (!regs.isEmpty()) {
            throw new IllegalStateException(id + ": registers outside the mapping: " + regs);
        }
        return String.join(", ", parts);
    }
}
