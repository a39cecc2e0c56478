package remo.litmus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders a {@link Program} as a litmus file, and propositions in herd7's style.
 *
 * <p>An RDMA program is printed in the syntax of language.md §3–§5 from its abstract syntax:
 * parsing the output ({@link LitmusParser#parse}) gives an equal program up to source positions and
 * {@link ThreadCode#sourceTexts()}. Generators, repair and shrinking rely on this. An X86 or X86_64
 * program is printed in its own dialect (language.md §10) from the instructions' source texts.
 */
public final class ProgramPrinter {

    /** Binding strength of the proposition operators, loosest first (language.md §5.1). */
    private static final int OR = 1;
    private static final int AND = 2;
    private static final int IMPLIES = 3;
    private static final int UNARY = 4;

    private ProgramPrinter() {
    }

    /**
     * Prints {@code program} as a litmus file in its dialect.
     *
     * <p>RDMA: header, doc string, flag line, init block (node constants first, then locations with
     * their home written as a declared node constant of that value if there is one, then register
     * initialisations), the thread table with aligned columns, and the constraints. X86/X86_64: the
     * header, doc, an init block in herd7's style ({@code { x=1; 0:EAX=1; }}), the table built from
     * {@link ThreadCode#sourceTexts()}, and the constraints with {@code [x]} atoms.
     *
     * @param program the program; its names must be valid in its dialect
     * @return the file text, ending with a line break
     * @throws IllegalArgumentException if the program cannot be written in its dialect: a name that
     *                                  is not made of {@code NAME} characters, a doc string with a
     *                                  quote or line break, no thread, an RDMA program with an x86-only
     *                                  instruction (register swap, exchange, {@code LOCK ADD}) or a node
     *                                  reference whose text does not denote its node, or x86 code with
     *                                  jumps or compared values (unrolled: it has no one-to-one source text)
     */
    public static String print(Program program) {
        for (ThreadCode t : program.threads()) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.Guarded || i instanceof Instruction.Cutoff
                        || (i instanceof Instruction.Assign a && a.destination().name().startsWith("#"))
                        || (i instanceof Instruction.Load l && l.destination().name().startsWith("#"))) {
                    throw new IllegalArgumentException("program " + program.name() + " is x86 code unrolled from jumps and "
                            + "comparisons, which has no litmus text of its own");
                }
            }
        }
        StringBuilder out = new StringBuilder();
        header(out, program);
        if (program.threads().isEmpty()) {
            throw new IllegalArgumentException("program " + program.name() + " has no thread");
        }
        if (program.dialect() == Dialect.RDMA) {
            rdmaInit(out, program);
            table(out, rdmaHeads(program), rdmaCells(program));
        } else {
            x86Init(out, program);
            table(out, x86Heads(program), x86Cells(program));
        }
        constraints(out, program);
        return out.toString();
    }

    /**
     * Prints a proposition in herd7's style: {@code 0:EAX=0 /\ 1:EAX=0}, locations as {@code [y]=1}
     * in X86 dialects and {@code x=1} in RDMA, {@code x!=1} for negated atoms, {@code ~} for negation,
     * and only the parentheses that the precedence ({@code \/} &lt; {@code /\} &lt; {@code =>} &lt;
     * {@code ~}) and associativity ({@code \/}, {@code /\} to the left, {@code =>} to the right)
     * require, so that parsing the text gives the same tree.
     *
     * @param prop    the proposition
     * @param dialect decides how locations are written
     * @return the text, without surrounding parentheses
     */
    public static String printProp(Prop prop, Dialect dialect) {
        StringBuilder out = new StringBuilder();
        prop(out, prop, dialect, OR);
        return out.toString();
    }

    private static void prop(StringBuilder out, Prop p, Dialect dialect, int context) {
        int level = level(p);
        if (level < context) {
            out.append('(');
        }
        if (p instanceof Prop.Or or) {
            prop(out, or.left(), dialect, OR);
            out.append(" \\/ ");
            prop(out, or.right(), dialect, AND);
        } else if (p instanceof Prop.And and) {
            prop(out, and.left(), dialect, AND);
            out.append(" /\\ ");
            prop(out, and.right(), dialect, IMPLIES);
        } else if (p instanceof Prop.Implies implies) {
            prop(out, implies.left(), dialect, UNARY);
            out.append(" => ");
            prop(out, implies.right(), dialect, IMPLIES);
        } else if (p instanceof Prop.Not not) {
            out.append('~');
            prop(out, not.operand(), dialect, UNARY);
        } else if (p instanceof Prop.Constant c) {
            out.append(c.value());
        } else {
            Prop.Atom atom = (Prop.Atom) p;
            out.append(item(atom.ref(), dialect, true)).append(atom.equal() ? "=" : "!=").append(atom.value());
        }
        if (level < context) {
            out.append(')');
        }
    }

    private static int level(Prop p) {
        if (p instanceof Prop.Or) {
            return OR;
        }
        if (p instanceof Prop.And) {
            return AND;
        }
        if (p instanceof Prop.Implies) {
            return IMPLIES;
        }
        return UNARY;
    }

    /** {@code i:r} for registers; {@code x}, or {@code [x]} in x86 atoms, for locations. */
    private static String item(ItemRef ref, Dialect dialect, boolean inAtom) {
        if (ref.item() instanceof StateItem.RegisterItem r) {
            return r.thread() + ":" + ref.spelling();
        }
        String name = ((StateItem.LocationItem) ref.item()).name();
        return dialect.isX86() && inAtom ? "[" + name + "]" : name;
    }

    private static void header(StringBuilder out, Program program) {
        String name = program.name();
        if (name.isEmpty() || !name.chars().allMatch(ProgramPrinter::isNameChar)) {
            throw new IllegalArgumentException("test name '" + name + "' is not made of NAME characters");
        }
        out.append(program.dialect().keyword()).append(' ').append(name).append('\n');
        String doc = program.doc();
        if (doc != null) {
            // A lone CR is allowed inside a string (language.md §2.1: it is not a line break).
            if (doc.indexOf('"') >= 0 || doc.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("doc string of " + name + " has a quote or a line break");
            }
            out.append('"').append(doc).append("\"\n");
        }
    }

    private static boolean isNameChar(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || "_./+-[]:".indexOf(c) >= 0;
    }

    private static void rdmaInit(StringBuilder out, Program program) {
        if (!program.flags().isEmpty()) {
            List<String> settings = new ArrayList<>();
            for (FlagSetting f : program.flags()) {
                settings.add(f.name() + "=" + f.value());
            }
            out.append("flags ").append(String.join(", ", settings)).append('\n');
        }
        out.append("{\n");
        if (!program.nodeConstants().isEmpty()) {
            List<String> items = new ArrayList<>();
            program.nodeConstants().forEach((name, node) -> items.add("node " + name + " = " + node + ";"));
            out.append("  ").append(String.join(" ", items)).append('\n');
        }
        // Consecutive locations with the same home share a line.
        List<String> line = new ArrayList<>();
        int lineHome = 0;
        for (LocationDecl d : program.locations()) {
            if (!line.isEmpty() && d.home() != lineHome) {
                out.append("  ").append(String.join(" ", line)).append('\n');
                line.clear();
            }
            lineHome = d.home();
            line.add(d.name() + "@" + nodeName(program, d.home()) + " = " + d.initial() + ";");
        }
        if (!line.isEmpty()) {
            out.append("  ").append(String.join(" ", line)).append('\n');
        }
        if (!program.registerInits().isEmpty()) {
            List<String> items = new ArrayList<>();
            for (RegisterInit init : program.registerInits()) {
                items.add(init.thread() + ":" + init.register().name() + " = " + init.value() + ";");
            }
            out.append("  ").append(String.join(" ", items)).append('\n');
        }
        out.append("}\n");
    }

    /** The first declared node constant with value {@code node}, or the number itself. */
    private static String nodeName(Program program, int node) {
        for (Map.Entry<String, Integer> e : program.nodeConstants().entrySet()) {
            if (e.getValue() == node) {
                return e.getKey();
            }
        }
        return Integer.toString(node);
    }

    private static List<String> rdmaHeads(Program program) {
        List<String> heads = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            heads.add(t.name() + "@" + nodeName(program, t.node()));
        }
        return heads;
    }

    private static List<List<String>> rdmaCells(Program program) {
        List<List<String>> columns = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            List<String> cells = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                cells.add(rdmaCell(program, i));
            }
            columns.add(cells);
        }
        return columns;
    }

    /** The RDMA text of one instruction ({@link Instruction#toString()}), after checking it is expressible. */
    private static String rdmaCell(Program program, Instruction i) {
        if (i instanceof Instruction.RegisterSwap
                || (i instanceof Instruction.LockedRmw rmw && (rmw.kind() == Instruction.RmwKind.XCHG || rmw.result() == null))) {
            throw new IllegalArgumentException("instruction '" + i + "' has no RDMA syntax");
        }
        NodeRef node = null;
        if (i instanceof Instruction.NicOperation op) {
            node = op.node();
        } else if (i instanceof Instruction.Poll poll) {
            node = poll.node();
        } else if (i instanceof Instruction.RFence fence) {
            node = fence.node();
        }
        if (node != null && !denotes(program, node)) {
            throw new IllegalArgumentException("node reference '" + node.text() + "' of '" + i + "' does not denote node " + node.node());
        }
        return i.toString();
    }

    /** Whether {@code ref.text()} is a numeral or a declared node constant for {@code ref.node()}. */
    private static boolean denotes(Program program, NodeRef ref) {
        String text = ref.text();
        if (!text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return text.length() <= 10 && Long.parseLong(text) == ref.node();
        }
        Integer value = program.nodeConstants().get(text);
        return value != null && value == ref.node();
    }

    private static void x86Init(StringBuilder out, Program program) {
        List<String> items = new ArrayList<>();
        for (LocationDecl d : program.locations()) {
            items.add(d.name() + "=" + d.initial() + ";");
        }
        for (RegisterInit init : program.registerInits()) {
            items.add(init.thread() + ":" + x86Register(init.register().name(), program.dialect()) + "=" + init.value() + ";");
        }
        out.append("{ ");
        for (String item : items) {
            out.append(item).append(' ');
        }
        out.append("}\n");
    }

    /**
     * The register as herd7 writes it in the dialect: {@code RAX} is {@code EAX} in X86 and
     * {@code rax} in X86_64 (language.md §10.4: both names denote one register).
     */
    private static String x86Register(String canonical, Dialect dialect) {
        if (dialect == Dialect.X86_64) {
            return canonical.toLowerCase(Locale.ROOT);
        }
        return canonical.length() == 3 && canonical.charAt(0) == 'R' ? "E" + canonical.substring(1) : canonical;
    }

    private static List<String> x86Heads(Program program) {
        List<String> heads = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            heads.add(t.name());
        }
        return heads;
    }

    private static List<List<String>> x86Cells(Program program) {
        List<List<String>> columns = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            columns.add(t.sourceTexts());
        }
        return columns;
    }

    /** The thread table with every column padded to its widest cell, as in language.md §1. */
    private static void table(StringBuilder out, List<String> heads, List<List<String>> columns) {
        int rows = 0;
        int[] width = new int[heads.size()];
        for (int k = 0; k < heads.size(); k++) {
            width[k] = length(heads.get(k));
            for (String cell : columns.get(k)) {
                width[k] = Math.max(width[k], length(cell));
            }
            rows = Math.max(rows, columns.get(k).size());
        }
        row(out, heads, width);
        for (int r = 0; r < rows; r++) {
            List<String> cells = new ArrayList<>();
            for (List<String> column : columns) {
                cells.add(r < column.size() ? column.get(r) : "");
            }
            row(out, cells, width);
        }
    }

    private static void row(StringBuilder out, List<String> cells, int[] width) {
        for (int k = 0; k < cells.size(); k++) {
            out.append(k == 0 ? " " : " | ").append(cells.get(k));
            out.append(" ".repeat(width[k] - length(cells.get(k))));
        }
        out.append(" ;\n");
    }

    private static int length(String s) {
        return s.codePointCount(0, s.length());
    }

    private static void constraints(StringBuilder out, Program program) {
        Dialect dialect = program.dialect();
        if (!program.shownItems().isEmpty()) {
            List<String> items = new ArrayList<>();
            for (ItemRef ref : program.shownItems()) {
                items.add(item(ref, dialect, false));
            }
            out.append("locations [").append(String.join("; ", items)).append(dialect.isX86() ? ";]\n" : "]\n");
        }
        if (program.filter() != null) {
            out.append("filter (").append(printProp(program.filter(), dialect)).append(")\n");
        }
        out.append(program.quantifier().keyword()).append(" (").append(printProp(program.condition(), dialect)).append(")\n");
    }
}
