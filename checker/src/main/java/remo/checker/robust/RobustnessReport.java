package remo.checker.robust;

import java.util.List;
import java.util.Set;
import remo.checker.Execution;
import remo.checker.FinalState;
import remo.litmus.Program;

/**
 * The robustness of one program against a weak model (models.md §10).
 *
 * @param program          the program
 * @param weak             the weak model's name (M)
 * @param strong           the strong model's name (S(M))
 * @param stateRobust      whether {@code FS_M(P) = FS_S(P)} (equality, models.md §10.1)
 * @param traceRobust      whether every complete M-consistent execution satisfies S's axiom
 * @param weakStates       {@code FS_M(P)}
 * @param strongStates     {@code FS_S(P)}
 * @param stateViolation   an M-consistent execution whose final state is not in {@code FS_S}, or null
 * @param traceViolation   an M-consistent execution that S rejects, or null
 * @param traceCheck       the name of S's check that rejects {@code traceViolation}, or null
 * @param traceCycle       the events of the cycle of that check, empty if none
 */
public record RobustnessReport(Program program, String weak, String strong, boolean stateRobust, boolean traceRobust,
                               Set<FinalState> weakStates, Set<FinalState> strongStates, Execution stateViolation,
                               Execution traceViolation, String traceCheck, List<Integer> traceCycle) {

    /**
     * {@code FS_S(P) \ FS_M(P)}: final states the strong model allows and the weak one does not.
     * Empty for a weak model and its strong counterpart ({@code FS_S ⊆ FS_M}, models.md §6.3 and
     * models.md §10); non-empty when the "weak" model is stronger than the "strong" one on this program (the
     * models were probably given in the wrong order), and then the program is not state-robust.
     */
    public Set<FinalState> strongOnlyStates() {
        Set<FinalState> out = new java.util.LinkedHashSet<>(strongStates);
        out.removeAll(weakStates);
        return out;
    }

    /** Whether the program is robust in the given notion. */
    public boolean robust(Notion notion) {
        return notion == Notion.STATE ? stateRobust : traceRobust;
    }
}
