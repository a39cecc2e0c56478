package remo.loco.harness;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One IR harness of loco.md §4 ("Harnesses"; locks.md §1.5 for SharedRegion) as an RDMA litmus
 * file, with its expected verdicts under {@code rdma-wait-rmw} and {@code rdma-sc-rmw}. The litmus
 * language has no macros, so the object operations (an OwnedVar write, a barrier, a ring push,
 * the KvStore op sequences, …) are expanded by the catalogues ({@link HarnessCatalogue}); the
 * files under {@code examples/loco} are their output, and {@code HarnessFilesTest} keeps them equal.
 *
 * @param id      the test's name and file name (without {@code .litmus})
 * @param text    the litmus text, ending with a newline
 * @param waitRmw the verdict under {@code rdma-wait-rmw}: {@code Allowed} or {@code Forbidden}
 * @param scRmw   the verdict under {@code rdma-sc-rmw}
 * @param note    why the verdict differs from what loco.md's rule would lead one to expect, or empty
 */
record Harness(String id, String text, String waitRmw, String scRmw, String note) {
    static final String A = "Allowed";
    static final String F = "Forbidden";

    /** A location {@code name@node} with its initial value. */
    record Loc(String name, int node, long init) {
    }

    /** The code of one thread, on {@code node}, one instruction per element. */
    record Code(int node, List<String> lines) {
    }

    static Loc loc(String name, int node, long init) {
        return new Loc(name, node, init);
    }

    static Code code(int node, List<String> lines) {
        return new Code(node, lines);
    }

    /** The instructions as a list. */
    static List<String> ins(String... lines) {
        return List.of(lines);
    }

    /** The concatenation of instruction (or location) lists. */
    @SafeVarargs
    static <T> List<T> cat(List<? extends T>... parts) {
        List<T> out = new ArrayList<>();
        for (List<? extends T> p : parts) {
            out.addAll(p);
        }
        return out;
    }

    /** A list of threads. */
    static List<Code> threads(Code... codes) {
        return Arrays.asList(codes);
    }

    /**
     * The harness's litmus text: the name line, the doc string, an optional register comment and
     * flags line, the init block, the threads in aligned columns, the condition.
     *
     * @param registers which register holds which value of the object's description, or null
     * @param flags     a {@code flags} line's settings, or null
     */
    static Harness of(String id, String doc, List<Loc> locations, List<Code> threads, String condition, String wait,
                      String sc, String registers, String flags, String note) {
        List<String> lines = new ArrayList<>();
        lines.add("RDMA " + id);
        lines.add('"' + doc + '"');
        if (registers != null) {
            lines.add("(* registers: " + registers + " *)");
        }
        if (flags != null) {
            lines.add("flags " + flags);
        }
        StringBuilder init = new StringBuilder("{ ");
        for (Loc l : locations) {
            init.append(l.name()).append('@').append(l.node()).append(" = ").append(l.init()).append("; ");
        }
        lines.add(init.append('}').toString());
        List<List<String>> cols = new ArrayList<>();
        for (int i = 0; i < threads.size(); i++) {
            cols.add(cat(List.of("P" + i + "@" + threads.get(i).node()), threads.get(i).lines()));
        }
        int rows = cols.stream().mapToInt(List::size).max().orElse(0);
        for (int r = 0; r < rows; r++) {
            List<String> cells = new ArrayList<>();
            for (List<String> col : cols) {
                int width = col.stream().mapToInt(String::length).max().orElse(0);
                String cell = r < col.size() ? col.get(r) : "";
                cells.add(cell + " ".repeat(width - cell.length()));
            }
            lines.add(" " + String.join(" | ", cells) + " ;");
        }
        lines.add(condition);
        return new Harness(id, String.join("\n", lines) + "\n", wait, sc, note == null ? "" : note);
    }

    static Harness of(String id, String doc, List<Loc> locations, List<Code> threads, String condition, String wait,
                      String sc, String registers) {
        return of(id, doc, locations, threads, condition, wait, sc, registers, null, null);
    }

    static Harness of(String id, String doc, List<Loc> locations, List<Code> threads, String condition, String wait,
                      String sc) {
        return of(id, doc, locations, threads, condition, wait, sc, null, null, null);
    }
}
