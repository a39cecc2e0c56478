package remo.checker.robust;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import remo.checker.EventStructure;
import remo.checker.FinalState;
import remo.checker.ModelSupport;
import remo.core.Position;
import remo.litmus.Instruction;
import remo.litmus.LitmusException;
import remo.litmus.NodeRef;
import remo.litmus.Program;
import remo.litmus.ThreadCode;
import remo.litmus.WorkIdRef;

/**
 * Fence-insertion repair exactly as models.md §10.3 defines it: candidate insertions sorted by
 * (thread, position, kind order, operand order); for {@code k = 0..K} the {@code k}-element subsets
 * in lexicographic order of their sorted index lists; the first admissible (no statically blocked
 * poll) subset that makes the program robust is <em>the</em> repair. Instruction classes the weak
 * model rejects are left out of the vocabulary.
 */
public final class Repair {
    private final Robustness robustness;

    /** @param robustness the weak/strong model pair and flags to repair for */
    public Repair(Robustness robustness) {
        this.robustness = robustness;
    }

    /**
     * The candidate insertions of models.md §10.3 for {@code p}, in canonical order.
     *
     * @throws LitmusException if the program is rejected by the weak model
     * @throws LimitReachedException if the deadline of the analysis passes (checked per candidate:
     *                               on a long program this step alone can outlast a time limit)
     */
    public List<Insertion> candidates(Program p) throws LitmusException {
        List<Insertion> out = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            TreeSet<Integer> nodes = new TreeSet<>();
            for (Instruction ins : t.instructions()) {
                if (ins instanceof Instruction.NicOperation op) {
                    nodes.add(op.node().node());
                }
            }
            for (int before = 2; before <= t.size(); before++) {
                List<Instruction> kinds = new ArrayList<>();
                kinds.add(new Instruction.MFence(Position.NONE));
                for (int n : nodes) {
                    kinds.add(new Instruction.RFence(NodeRef.of(n), Position.NONE));
                }
                for (int n : nodes) {
                    kinds.add(new Instruction.Poll(NodeRef.of(n), Position.NONE));
                }
                List<String> ids = new ArrayList<>();
                for (int j = 0; j < before - 1; j++) {
                    if (t.instructions().get(j) instanceof Instruction.NicOperation op && op.tag() != null
                            && !ids.contains(op.tag().name())) {
                        ids.add(op.tag().name());
                    }
                }
                for (String d : ids) {
                    kinds.add(new Instruction.Wait(WorkIdRef.of(d), Position.NONE));
                }
                kinds.add(new Instruction.GlobalFence(Position.NONE));
                for (Instruction k : kinds) {
                    robustness.timeLeft();
                    Insertion ins = new Insertion(t.index(), before, k);
                    if (accepted(p, ins)) {
                        out.add(ins);
                    }
                }
            }
        }
        return out;
    }

    /** Whether the weak model accepts the inserted instruction's class (models.md §7.4 guards). */
    private boolean accepted(Program p, Insertion ins) {
        Program probe = apply(p, List.of(ins));
        try {
            ModelSupport.requireSupported(new EventStructure(probe, robustness.flags()), robustness.weak(), robustness.flags());
            return true;
        } catch (LitmusException e) {
            return false;
        }
    }

    /**
     * Applies insertions (positions counted in the original program; several at one position in
     * list order).
     */
    public static Program apply(Program p, List<Insertion> insertions) {
        List<ThreadCode> threads = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            List<Instruction> code = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < t.size(); i++) {
                for (Insertion ins : insertions) {
                    if (ins.thread() == t.index() && ins.before() == i + 1) {
                        code.add(ins.instruction());
                        texts.add(ins.instruction().toString());
                    }
                }
                code.add(t.instructions().get(i));
                texts.add(t.sourceTexts().get(i));
            }
            threads.add(new ThreadCode(t.index(), t.node(), t.pos(), code, texts));
        }
        return p.withThreads(threads);
    }

    /**
     * Searches the repair.
     *
     * @param p          the program
     * @param notion     state or trace robustness
     * @param bound      the largest number of insertions K (models.md: 3 by default)
     * @param allMinimal whether to list every repair of the minimal size (otherwise only the first)
     * @return the repair(s), or none within the bound
     * @throws LitmusException       if a model rejects the program
     * @throws LimitReachedException if a limit of the analysis options stops an enumeration, or the
     *                               deadline passes between two insertion sets
     */
    public RepairResult find(Program p, Notion notion, int bound, boolean allMinimal) throws LitmusException {
        if (!new EventStructure(p, robustness.flags()).blockedPolls().isEmpty()) {
            // insertions add polls and fences, never operations, so a blocked poll stays blocked
            return new RepairResult(p, notion, bound, List.of(), null, 0, "the program has a statically blocked poll, "
                    + "which no insertion removes, and models.md §10.3 admits no repaired program with one");
        }
        Set<FinalState> strongStates = robustness.strongStates(p);
        List<Insertion> c = candidates(p);
        long tried = 0;
        for (int k = 0; k <= bound; k++) {
            List<List<Insertion>> found = new ArrayList<>();
            int[] idx = new int[k];
            for (int i = 0; i < k; i++) {
                idx[i] = i;
            }
            if (k > c.size()) {
                break;
            }
            while (true) {
                robustness.timeLeft();
                List<Insertion> subset = new ArrayList<>();
                for (int i : idx) {
                    subset.add(c.get(i));
                }
                Program candidate = apply(p, subset);
                if (new EventStructure(candidate, robustness.flags()).blockedPolls().isEmpty()) {
                    tried++;
                    if (robustness.isRobust(candidate, notion, strongStates)) {
                        found.add(subset);
                        if (!allMinimal) {
                            return new RepairResult(p, notion, bound, found, candidate, tried);
                        }
                    }
                }
                if (!nextCombination(idx, c.size())) {
                    break;
                }
            }
            if (!found.isEmpty()) {
                return new RepairResult(p, notion, bound, found, apply(p, found.get(0)), tried);
            }
        }
        return new RepairResult(p, notion, bound, List.of(), null, tried);
    }

    /** Advances {@code idx} to the next k-subset of {0..n-1} in lexicographic order; false when done. */
    private static boolean nextCombination(int[] idx, int n) {
        int k = idx.length;
        int i = k - 1;
        while (i >= 0 && idx[i] == n - k + i) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        idx[i]++;
        for (int j = i + 1; j < k; j++) {
            idx[j] = idx[j - 1] + 1;
        }
        return true;
    }
}
