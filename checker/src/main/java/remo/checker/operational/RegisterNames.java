package remo.checker.operational;

import java.util.Set;
import java.util.TreeSet;
import remo.litmus.BoolExpr;
import remo.litmus.Instruction;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Register;
import remo.litmus.ThreadCode;

/**
 * Which registers of a thread the machines keep ({@code regs_t}, operational.md §1) and which
 * belong to a final state (models.md §9.1: the registers the thread assigns or initialises).
 */
final class RegisterNames {

    private RegisterNames() {
    }

    /** Every register that thread {@code t} names in an instruction or in the init block, sorted. */
    static Set<String> used(Program program, ThreadCode t) {
        Set<String> out = assigned(program, t);
        for (Instruction ins : t.instructions()) {
            if (ins instanceof Instruction.Store st) {
                add(out, st.value());
            } else if (ins instanceof Instruction.Assign as) {
                add(out, as.left());
                add(out, as.right());
            } else if (ins instanceof Instruction.LockedRmw rmw) {
                add(out, rmw.first());
                add(out, rmw.second());
            } else if (ins instanceof Instruction.Assume as) {
                addAll(out, as.condition());
            } else if (ins instanceof Instruction.Await aw) {
                add(out, aw.expected());
            } else if (ins instanceof Instruction.RemoteCas rc) {
                add(out, rc.expected());
                add(out, rc.newValue());
            } else if (ins instanceof Instruction.RemoteFaa rf) {
                add(out, rf.addend());
            }
        }
        return out;
    }

    /**
     * The registers of a final state of thread {@code t}: destinations of loads, register
     * arithmetic, register swaps and locked RMWs, and registers with an initial value; sorted.
     */
    static Set<String> assigned(Program program, ThreadCode t) {
        return new TreeSet<>(program.finalRegisters(t.index()));
    }


    private static void add(Set<String> out, Operand o) {
        if (o instanceof Register r) {
            out.add(r.name());
        }
    }

    private static void addAll(Set<String> out, BoolExpr e) {
        if (e instanceof BoolExpr.Compare c) {
            add(out, c.left());
            add(out, c.right());
        } else if (e instanceof BoolExpr.Not n) {
            addAll(out, n.operand());
        } else if (e instanceof BoolExpr.And a) {
            addAll(out, a.left());
            addAll(out, a.right());
        } else if (e instanceof BoolExpr.Or o) {
            addAll(out, o.left());
            addAll(out, o.right());
        }
    }
}
