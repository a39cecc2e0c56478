package remo.litmus.gen;

import java.util.ArrayList;
import java.util.List;
import remo.litmus.BoolExpr;
import remo.litmus.Instruction;
import remo.litmus.InstructionVisitor;
import remo.litmus.Operand;
import remo.litmus.Register;

/**
 * The registers an instruction reads and writes (language.md §6.3, "assigned" registers): loads,
 * register assignments, {@code cas} and {@code faa} write their destination; value operands and
 * {@code assume} conditions read. {@code rcas}/{@code rfaa} write memory, not registers.
 *
 * @param reads  registers read, left to right
 * @param writes registers written
 */
record RegisterUse(List<Register> reads, List<Register> writes) {

    RegisterUse {
        reads = List.copyOf(reads);
        writes = List.copyOf(writes);
    }

    /** The registers {@code instruction} reads and writes. */
    static RegisterUse of(Instruction instruction) {
        List<Register> reads = new ArrayList<>();
        List<Register> writes = new ArrayList<>();
        instruction.accept(new InstructionVisitor<Void>() {
            @Override public Void visitDefault(Instruction i) {
                return null;
            }

            @Override public Void visitLoad(Instruction.Load i) {
                writes.add(i.destination());
                return null;
            }

            @Override public Void visitStore(Instruction.Store i) {
                read(reads, i.value());
                return null;
            }

            @Override public Void visitAssign(Instruction.Assign i) {
                read(reads, i.left());
                read(reads, i.right());
                writes.add(i.destination());
                return null;
            }

            @Override public Void visitRegisterSwap(Instruction.RegisterSwap i) {
                reads.add(i.first());
                reads.add(i.second());
                writes.add(i.first());
                writes.add(i.second());
                return null;
            }

            @Override public Void visitLockedRmw(Instruction.LockedRmw i) {
                read(reads, i.first());
                read(reads, i.second());
                if (i.result() != null) {
                    writes.add(i.result());
                }
                return null;
            }

            @Override public Void visitAssume(Instruction.Assume i) {
                reads(reads, i.condition());
                return null;
            }

            @Override public Void visitAwait(Instruction.Await i) {
                read(reads, i.expected());
                return null;
            }

            @Override public Void visitRemoteCas(Instruction.RemoteCas i) {
                read(reads, i.expected());
                read(reads, i.newValue());
                return null;
            }

            @Override public Void visitRemoteFaa(Instruction.RemoteFaa i) {
                read(reads, i.addend());
                return null;
            }
        });
        return new RegisterUse(reads, writes);
    }

    private static void read(List<Register> out, Operand o) {
        if (o instanceof Register r) {
            out.add(r);
        }
    }

    private static void reads(List<Register> out, BoolExpr e) {
        if (e instanceof BoolExpr.Compare c) {
            read(out, c.left());
            read(out, c.right());
        } else if (e instanceof BoolExpr.Not n) {
            reads(out, n.operand());
        } else if (e instanceof BoolExpr.And a) {
            reads(out, a.left());
            reads(out, a.right());
        } else {
            BoolExpr.Or o = (BoolExpr.Or) e;
            reads(out, o.left());
            reads(out, o.right());
        }
    }
}
