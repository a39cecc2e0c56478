package remo.checker.fuzz;

import java.util.List;

/**
 * The figures of one differential run.
 *
 * @param programs       programs generated and checked to the end (fewer than asked when interrupted),
 *                       those left out by the selection included
 * @param comparisons    (program, model, flags) comparisons made
 * @param skipped        comparisons skipped because the axiomatic candidates exceeded the bound (or the
 *                       machine states exceeded theirs, {@link DifferentialFuzzer#machineStateBound})
 * @param graphsChecked  machine graphs checked against the cat model (soundness)
 * @param flagSettings   distinct flag combinations covered
 * @param axiomaticCandidates total candidates explored by the axiomatic engine
 * @param machineStates  total machine states explored by the operational engine
 * @param seconds        wall-clock time
 * @param mismatches     every disagreement found, shrunk
 * @param leftOut        programs generated but not compared because the selection
 *                       ({@link DifferentialFuzzer#select}) left them out
 * @param interrupted    why the run stopped before its last program ({@code remo.core.Interruption}'s
 *                       reason), or {@code null} if every program asked for was checked
 */
public record FuzzReport(long programs, long comparisons, long skipped, long graphsChecked, int flagSettings,
                         long axiomaticCandidates, long machineStates, double seconds, List<Mismatch> mismatches,
                         long leftOut, String interrupted) {
    public FuzzReport {
        mismatches = List.copyOf(mismatches);
    }
}
