package remo.conformance.genc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import remo.litmus.Instruction;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;

/**
 * The numbering a generated program uses: nodes {@code 1..nodes}, locations by declaration order
 * (word {@code i} of its home node's memory region), one connection (an RC queue pair at the posting
 * thread's node and its peer at the target node) per thread and target node in order of first use,
 * and the items of a full final state (models.md §9.1) in the order herd7 prints them, spelled as
 * {@link Program#displayName} spells them, so that the program's state lines are remo's.
 */
final class VerbsLayout {
    /** A connection: thread {@code thread} (on node {@code from}) posts to node {@code to}. */
    record Connection(int thread, int from, int to) {
    }

    final Program program;
    final int nodes;
    final Map<String, Integer> locations = new LinkedHashMap<>();
    final List<Connection> connections = new ArrayList<>();
    final List<StateItem> items;

    VerbsLayout(Program program) {
        this.program = program;
        int maxNode = 1;
        for (LocationDecl d : program.locations()) {
            locations.put(d.name(), locations.size());
            maxNode = Math.max(maxNode, d.home());
        }
        for (ThreadCode t : program.threads()) {
            maxNode = Math.max(maxNode, t.node());
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.NicOperation op) {
                    maxNode = Math.max(maxNode, op.node().node());
                    if (connection(t.index(), op.node().node()) < 0) {
                        connections.add(new Connection(t.index(), t.node(), op.node().node()));
                    }
                }
            }
        }
        this.nodes = maxNode;
        TreeSet<StateItem> sorted = new TreeSet<>();
        program.finalRegisters().forEach((thread, regs) -> regs.forEach(r -> sorted.add(new StateItem.RegisterItem(thread, r))));
        locations.keySet().forEach(l -> sorted.add(new StateItem.LocationItem(l)));
        this.items = List.copyOf(sorted);
    }

    /** The index of the connection of {@code thread} to {@code node}, or -1. */
    int connection(int thread, int node) {
        for (int k = 0; k < connections.size(); k++) {
            if (connections.get(k).thread() == thread && connections.get(k).to() == node) {
                return k;
            }
        }
        return -1;
    }

    /** The index of location {@code name}. */
    int location(String name) {
        Integer i = locations.get(name);
        if (i == null) {
            throw new IllegalArgumentException("undeclared location " + name);
        }
        return i;
    }

    /** The home node of location {@code name}. */
    int home(String name) {
        return program.location(name).orElseThrow().home();
    }

    /** The index of register {@code register} of {@code thread} among the state items, or -1 if it is not one. */
    int item(int thread, String register) {
        return items.indexOf(new StateItem.RegisterItem(thread, register));
    }
}
