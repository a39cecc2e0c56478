package remo.checker.robust;

import java.util.List;
import remo.litmus.Program;

/**
 * The outcome of a fence-insertion repair search (models.md §10.3).
 *
 * @param program   the original program
 * @param notion    the robustness notion repaired for
 * @param bound     the largest number of insertions tried (K)
 * @param repairs   the repairs found, each a list of insertions in the canonical order; the first is
 *                  <em>the</em> repair of models.md §10.3. Empty if none exists within the bound; a single empty
 *                  list if the program is already robust
 * @param repaired  the program with the first repair applied (the original if none is needed), or
 *                  null if there is no repair
 * @param tried     how many insertion sets were checked
 * @param reason    why no repair can exist at any size, or {@code null}
 */
public record RepairResult(Program program, Notion notion, int bound, List<List<Insertion>> repairs, Program repaired,
                           long tried, String reason) {

    public RepairResult {
        repairs = repairs.stream().map(List::copyOf).toList();
    }

    /** A result without a reason. */
    public RepairResult(Program program, Notion notion, int bound, List<List<Insertion>> repairs, Program repaired,
                        long tried) {
        this(program, notion, bound, repairs, repaired, tried, null);
    }

    /** Whether a repair (possibly empty) was found. */
    public boolean found() {
        return !repairs.isEmpty();
    }

    /** The repair as suite.md writes it: insertions joined by {@code ", "}, {@code none needed}, or {@code no repair with at most K insertions}. */
    public String describe() {
        if (repairs.isEmpty()) {
            return "no repair with at most " + bound + " insertions" + (reason == null ? "" : " (" + reason + ")");
        }
        List<Insertion> first = repairs.get(0);
        if (first.isEmpty()) {
            return "none needed";
        }
        return describe(first);
    }

    /** One repair as text. */
    public static String describe(List<Insertion> repair) {
        return String.join(", ", repair.stream().map(Insertion::toString).toList());
    }
}
