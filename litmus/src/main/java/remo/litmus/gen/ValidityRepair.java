package remo.litmus.gen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.Program;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;

/**
 * Removes what an edit left dangling, so that a program can become valid again (language.md §6.3):
 * instructions that read a register not assigned before them (E-UNKNOWN-REG), {@code poll n} and
 * {@code rfence n} without a queue pair to {@code n} (E-NO-QP), {@code wait d} without an operation
 * tagged {@code #d} (E-UNKNOWN-WID) are removed, repeatedly, since a removal can leave others
 * dangling; then condition and filter atoms on missing threads, unassigned registers or undeclared
 * locations become {@code true} (and shown items on them are dropped).
 *
 * <p>This only proposes a program; the {@link Shrinker} still validates it with
 * {@code ProgramValidator}.
 */
final class ValidityRepair {

    private ValidityRepair() {
    }

    /** {@code p} with dangling instructions and constraint items removed. */
    static Program repair(Program p) {
        ProgramEdits.Copy c = new ProgramEdits.Copy(p);
        boolean changed = true;
        List<ThreadCode> threads = new ArrayList<>(p.threads());
        while (changed) {
            changed = false;
            List<ThreadCode> next = new ArrayList<>();
            for (ThreadCode t : threads) {
                List<Instruction> kept = keptInstructions(p, t);
                changed |= kept.size() != t.size();
                next.add(ThreadCode.of(t.index(), t.node(), kept));
            }
            threads = next;
        }
        c.threads = threads;
        int threadCount = threads.size();
        Set<String> locations = new HashSet<>();
        p.locations().forEach(d -> locations.add(d.name()));
        List<Set<String>> assigned = new ArrayList<>();
        for (ThreadCode t : threads) {
            Set<String> regs = new HashSet<>();
            for (RegisterInit r : p.registerInits()) {
                if (r.thread() == t.index()) {
                    regs.add(r.register().name());
                }
            }
            for (Instruction i : t.instructions()) {
                RegisterUse.of(i).writes().forEach(r -> regs.add(r.name()));
            }
            assigned.add(regs);
        }
        c.registerInits.removeIf(r -> r.thread() >= threadCount);
        ProgramEdits.mapItems(c, (ItemRef ref) -> {
            if (ref.item() instanceof StateItem.RegisterItem r) {
                return r.thread() < assigned.size() && assigned.get(r.thread()).contains(r.register()) ? ref : null;
            }
            return locations.contains(((StateItem.LocationItem) ref.item()).name()) ? ref : null;
        });
        return c.build();
    }

    /** One sweep over thread {@code t}: the instructions that do not dangle. */
    private static List<Instruction> keptInstructions(Program p, ThreadCode t) {
        Set<Integer> targets = new HashSet<>();
        Set<String> tags = new HashSet<>();
        for (Instruction i : t.instructions()) {
            if (i instanceof Instruction.NicOperation op) {
                targets.add(op.node().node());
                if (op.tag() != null) {
                    tags.add(op.tag().name());
                }
            }
        }
        Set<String> assigned = new HashSet<>();
        for (RegisterInit r : p.registerInits()) {
            if (r.thread() == t.index()) {
                assigned.add(r.register().name());
            }
        }
        List<Instruction> kept = new ArrayList<>();
        for (Instruction i : t.instructions()) {
            RegisterUse use = RegisterUse.of(i);
            boolean dangling = false;
            for (Register r : use.reads()) {
                dangling |= !assigned.contains(r.name());
            }
            if (i instanceof Instruction.Poll poll) {
                dangling |= !targets.contains(poll.node().node());
            } else if (i instanceof Instruction.RFence fence) {
                dangling |= !targets.contains(fence.node().node());
            } else if (i instanceof Instruction.Wait wait) {
                dangling |= !tags.contains(wait.id().name());
            }
            if (!dangling) {
                kept.add(i);
                use.writes().forEach(r -> assigned.add(r.name()));
            }
        }
        return kept;
    }
}
