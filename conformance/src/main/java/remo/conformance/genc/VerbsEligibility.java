package remo.conformance.genc;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import remo.litmus.Dialect;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.litmus.ThreadCode;

/**
 * Which litmus tests {@code remo gen-c} can write as verbs programs: RDMA tests whose threads use
 * only CPU loads and stores ({@code r = x}, {@code x = e}), {@code put}, {@code get}, {@code rcas},
 * {@code rfaa} and {@code poll} (language.md §4), each {@code poll} having a request of its queue pair
 * to wait for. Every other instruction has no single verbs call with the model's meaning (for
 * instance {@code wait} and {@code gf} complete requests out of a queue pair's order, nic.md §2.4),
 * so a test that uses one is not written and the reason says which instruction, where.
 */
public final class VerbsEligibility {
    private VerbsEligibility() {
    }

    /**
     * Why {@code program} cannot be written, or empty if it can.
     *
     * @param program a parsed, validated test
     * @return a sentence naming the first instruction (with line:column) that stops it, or empty
     */
    public static Optional<String> reasonAgainst(Program program) {
        if (program.dialect() != Dialect.RDMA) {
            return Optional.of("only RDMA tests have queue pairs to write as verbs calls (this is " + program.dialect() + ")");
        }
        for (ThreadCode t : program.threads()) {
            Map<Integer, Integer> outstanding = new HashMap<>();
            for (Instruction i : t.instructions()) {
                String where = t.name() + " at " + i.pos().line() + ":" + i.pos().column();
                if (i instanceof Instruction.Put put && (put.inline() || put.unsignaled())) {
                    // the generated C posts every request signalled and not inline: refuse rather than drop the options
                    return Optional.of("'" + i + "' (" + where + "): put options (inline, unsignaled) are not written as verbs "
                            + "flags yet; only plain puts are");
                } else if (i instanceof Instruction.NicOperation op) {
                    outstanding.merge(op.node().node(), 1, Integer::sum);
                } else if (i instanceof Instruction.Poll p) {
                    int n = outstanding.getOrDefault(p.node().node(), 0);
                    if (n == 0) {
                        return Optional.of("'" + i + "' (" + where + ") has no request of its queue pair to wait for");
                    }
                    outstanding.put(p.node().node(), n - 1);
                } else if (!(i instanceof Instruction.Load) && !(i instanceof Instruction.Store)) {
                    return Optional.of("'" + i + "' (" + where + "): " + i.keyword() + " is not written as a verbs call; only puts, gets, polls, rcas, "
                            + "rfaa, loads and stores are");
                }
            }
        }
        return Optional.empty();
    }
}
