package remo.conformance.genc;

import java.util.Map;
import java.util.TreeMap;
import remo.litmus.Instruction;
import remo.litmus.LocationRef;
import remo.litmus.Operand;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.ThreadCode;

/**
 * The C function of one thread: its registers as {@code int64_t} locals (initial values from the
 * init block, else 0), one statement per instruction in program order, and at the end the registers
 * of the final state stored where the agent collects them. The mapping (docs/hardware.md): a load is
 * an acquire load and a store a release store of the node's word (x86-TSO on x86, language.md §4.2);
 * {@code put}, {@code get}, {@code rcas}, {@code rfaa} post one signalled RDMA write, read,
 * compare-and-swap or fetch-and-add of 8 bytes on the thread's queue pair to the target node; {@code
 * poll n} takes one completion from that queue pair's completion queue (nic.md §2.4).
 */
final class VerbsThreadWriter {
    private final VerbsLayout layout;

    VerbsThreadWriter(VerbsLayout layout) {
        this.layout = layout;
    }

    /** The C name of register {@code r}: {@code r_} and its name with anything but letters, digits and _ as _. */
    static String cName(Register r) {
        return "r_" + r.name().replaceAll("[^A-Za-z0-9_]", "_");
    }

    private String operand(Operand o) {
        if (o instanceof Operand.Constant c) {
            return c.value() == Long.MIN_VALUE ? "INT64_MIN" : "INT64_C(" + c.value() + ")";
        }
        return cName((Register) o);
    }

    private int loc(LocationRef ref) {
        return layout.location(ref.name());
    }

    /**
     * The function {@code static void thread_K(struct thread_ctx *c)} of thread {@code t}.
     *
     * @throws IllegalArgumentException if the thread uses an instruction that {@link VerbsEligibility} refuses
     */
    String write(ThreadCode t) {
        Map<String, Register> registers = new TreeMap<>();
        Map<String, Long> initial = new TreeMap<>();
        for (RegisterInit init : layout.program.registerInits()) {
            if (init.thread() == t.index()) {
                registers.put(init.register().name(), init.register());
                initial.put(init.register().name(), init.value());
            }
        }
        StringBuilder body = new StringBuilder();
        for (Instruction i : t.instructions()) {
            body.append("    ").append(statement(t, i, registers)).append(" /* ").append(i.toString().replace("*/", "* /"))
                    .append(" */\n");
        }
        StringBuilder out = new StringBuilder();
        out.append("/** Thread ").append(t.name()).append(" on node ").append(t.node()).append(". */\n");
        out.append("static void thread_").append(t.index()).append("(struct thread_ctx *c) {\n");
        for (Map.Entry<String, Register> r : registers.entrySet()) {
            out.append("    int64_t ").append(cName(r.getValue())).append(" = ")
                    .append(operand(Operand.constant(initial.getOrDefault(r.getKey(), 0L)))).append(";\n");
        }
        out.append(body);
        for (Map.Entry<String, Register> r : registers.entrySet()) {
            int item = layout.item(t.index(), r.getKey());
            if (item >= 0) {
                out.append("    c->item[").append(item).append("] = ").append(cName(r.getValue())).append(";\n");
            }
        }
        if (registers.isEmpty()) {
            out.append("    (void) c;\n");
        }
        out.append("}\n");
        return out.toString();
    }

    private void use(Map<String, Register> registers, Operand o) {
        if (o instanceof Register r) {
            registers.putIfAbsent(r.name(), r);
        }
    }

    private String statement(ThreadCode t, Instruction i, Map<String, Register> registers) {
        if (i instanceof Instruction.Load ld) {
            use(registers, ld.destination());
            return cName(ld.destination()) + " = load(c, " + loc(ld.source()) + ");";
        }
        if (i instanceof Instruction.Store st) {
            use(registers, st.value());
            return "store(c, " + loc(st.destination()) + ", " + operand(st.value()) + ");";
        }
        if (i instanceof Instruction.Put p) {
            return "put(c, " + conn(t, p) + ", " + loc(p.remote()) + ", " + loc(p.source()) + ");";
        }
        if (i instanceof Instruction.Get g) {
            return "get(c, " + conn(t, g) + ", " + loc(g.destination()) + ", " + loc(g.remote()) + ");";
        }
        if (i instanceof Instruction.RemoteCas cas) {
            use(registers, cas.expected());
            use(registers, cas.newValue());
            return "rcas(c, " + conn(t, cas) + ", " + loc(cas.result()) + ", " + loc(cas.remote()) + ", "
                    + operand(cas.expected()) + ", " + operand(cas.newValue()) + ");";
        }
        if (i instanceof Instruction.RemoteFaa faa) {
            use(registers, faa.addend());
            return "rfaa(c, " + conn(t, faa) + ", " + loc(faa.result()) + ", " + loc(faa.remote()) + ", "
                    + operand(faa.addend()) + ");";
        }
        if (i instanceof Instruction.Poll p) {
            return "poll_link(c, " + layout.connection(t.index(), p.node().node()) + ");";
        }
        throw new IllegalArgumentException(t.name() + ": '" + i + "' has no verbs form");
    }

    private int conn(ThreadCode t, Instruction.NicOperation op) {
        return layout.connection(t.index(), op.node().node());
    }
}
