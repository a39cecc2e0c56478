package remo.conformance.genc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;

/**
 * Writes a litmus test as one self-contained C file on the verbs API (docs/hardware.md): the test's
 * tables (nodes, locations and their initial values, connections, state items), the fixed runtime
 * (resources {@code runtime_threads.c}: the operations and the threads' loop; {@code
 * runtime_agent.c}: device, memory registration, queue pairs; {@code runtime_main.c}: the coordinator and
 * its histogram) and one function per thread ({@link VerbsThreadWriter}). The file compiles with {@code
 * gcc -Wall -Wextra -Werror FILE -libverbs -lpthread}; run, it prints a histogram of full final states
 * in the format of {@code FinalState.format} ({@code COUNT :>0:r0=1; x=1;}), one line per state.
 */
public final class VerbsProgramWriter {
    /** The runtime, in the order it is written: threads and their operations, agents, coordinator and main. */
    private static final String RUNTIME = resource("runtime_threads.c") + "\n" + resource("runtime_agent.c") + "\n"
            + resource("runtime_main.c");

    private VerbsProgramWriter() {
    }

    static String resource(String name) {
        try (InputStream in = VerbsProgramWriter.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("resource " + name + " missing from the remo-conformance jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The C program of {@code program}.
     *
     * @param program a parsed, validated test
     * @return the C source, or empty if {@link VerbsEligibility#reasonAgainst} gives a reason
     */
    public static Optional<String> write(Program program) {
        if (VerbsEligibility.reasonAgainst(program).isPresent()) {
            return Optional.empty();
        }
        VerbsLayout layout = new VerbsLayout(program);
        StringBuilder c = new StringBuilder();
        c.append("/* ").append(program.name()).append(": written by remo gen-c from ").append(comment(program.sourceName()))
                .append(".\n * Build: gcc -Wall -Wextra -O2 -pthread ").append(program.name())
                .append(".c -o test -libverbs (docs/hardware.md).\n *\n");
        for (String line : programText(program).split("\n")) {
            c.append(" *   ").append(comment(line)).append('\n');
        }
        c.append(" */\n");
        c.append("#define _GNU_SOURCE\n");
        for (String h : List.of("infiniband/verbs.h", "arpa/inet.h", "errno.h", "inttypes.h", "netdb.h", "netinet/in.h", "netinet/tcp.h",
                "pthread.h", "sched.h", "stdint.h", "stdio.h", "stdlib.h", "string.h", "sys/socket.h", "unistd.h")) {
            c.append("#include <").append(h).append(">\n");
        }
        c.append('\n').append(tables(layout)).append('\n').append(RUNTIME).append('\n');
        for (ThreadCode t : program.threads()) {
            c.append(new VerbsThreadWriter(layout).write(t)).append('\n');
        }
        c.append("static void run_thread(struct thread_ctx *c) {\n    switch (c->thread) {\n");
        for (ThreadCode t : program.threads()) {
            c.append("    case ").append(t.index()).append(": thread_").append(t.index()).append("(c); break;\n");
        }
        c.append("    default: break;\n    }\n}\n");
        return Optional.of(c.toString());
    }

    private static String programText(Program program) {
        return remo.litmus.ProgramPrinter.print(program);
    }

    private static String comment(String s) {
        return s == null ? "" : s.replace("*/", "* /");
    }

    private static String string(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String array(String type, String name, int n, IntFunction<String> element) {
        StringBuilder sb = new StringBuilder("static const ").append(type).append(' ').append(name).append('[')
                .append(Math.max(n, 1)).append("] = {");
        for (int i = 0; i < n; i++) {
            sb.append(i > 0 ? ", " : "").append(element.apply(i));
        }
        if (n == 0) {
            sb.append("0");
        }
        return sb.append("};\n").toString();
    }

    private static String tables(VerbsLayout layout) {
        Program p = layout.program;
        List<String> locs = List.copyOf(layout.locations.keySet());
        List<VerbsLayout.Connection> conns = layout.connections;
        List<StateItem> items = layout.items;
        StringBuilder sb = new StringBuilder("/* ---- the test ---- */\n");
        sb.append("#define TEST_NAME ").append(string(p.name())).append('\n');
        sb.append("#define NODES ").append(layout.nodes).append('\n');
        sb.append("#define THREADS ").append(p.threads().size()).append('\n');
        sb.append("#define LOCS ").append(Math.max(locs.size(), 1)).append('\n');
        sb.append("#define CONNS ").append(conns.size()).append('\n');
        sb.append("#define ITEMS ").append(Math.max(items.size(), 1)).append('\n');
        // a state line: every item as "NAME=VALUE; " (a value has at most 20 characters), and the terminator
        int stateChars = 1;
        for (StateItem item : items) {
            stateChars += p.displayName(item).length() + 24;
        }
        sb.append("#define STATE_CHARS ").append(stateChars).append('\n');
        sb.append("/* locations: ");
        for (int i = 0; i < locs.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(i).append(' ').append(locs.get(i)).append('@').append(layout.home(locs.get(i)));
        }
        sb.append(" */\n");
        sb.append(array("uint64_t", "loc_init", locs.size(),
                i -> "UINT64_C(" + Long.toUnsignedString(p.location(locs.get(i)).orElseThrow().initial()) + ")"));
        sb.append(array("int", "loc_home", locs.size(), i -> String.valueOf(layout.home(locs.get(i)))));
        sb.append(array("int", "thread_node", p.threads().size(), i -> String.valueOf(p.thread(i).node())));
        sb.append("/* connections (queue pairs): thread -> node */\n");
        sb.append(array("int", "conn_thread", conns.size(), i -> String.valueOf(conns.get(i).thread())));
        sb.append(array("int", "conn_from", conns.size(), i -> String.valueOf(conns.get(i).from())));
        sb.append(array("int", "conn_to", conns.size(), i -> String.valueOf(conns.get(i).to())));
        sb.append("/* the items of a final state, as remo prints them */\n");
        sb.append(array("char *const", "item_name", items.size(), i -> string(p.displayName(items.get(i)))));
        sb.append(array("int", "item_loc", items.size(), i -> items.get(i) instanceof StateItem.LocationItem l
                ? String.valueOf(layout.location(l.name())) : "-1"));
        sb.append(array("int", "item_thread", items.size(), i -> items.get(i) instanceof StateItem.RegisterItem r
                ? String.valueOf(r.thread()) : "-1"));
        sb.append(array("int", "item_node", items.size(), i -> String.valueOf(items.get(i) instanceof StateItem.RegisterItem r
                ? p.thread(r.thread()).node() : layout.home(((StateItem.LocationItem) items.get(i)).name()))));
        return sb.toString();
    }
}
