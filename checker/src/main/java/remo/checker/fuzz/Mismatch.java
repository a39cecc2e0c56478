package remo.checker.fuzz;

import remo.core.FlagValues;
import remo.litmus.Program;

/**
 * A disagreement between the two semantics on one generated program, after shrinking.
 *
 * @param seed      the run's seed
 * @param index     the program's index in the run (regenerate it with the same seed and index)
 * @param model     the model
 * @param flags     the flag values
 * @param kind      what disagreed: {@code states} (outcome sets differ), {@code unsound} (a graph of
 *                  the machine is not consistent under the cat model) or {@code incomplete} (an
 *                  axiomatically allowed state is not reached by the machine)
 * @param detail    a readable description (the differing states, the failing check and cycle)
 * @param original  the generated program
 * @param shrunk    the smallest program that still shows the same kind of disagreement
 */
public record Mismatch(long seed, long index, String model, FlagValues flags, String kind, String detail,
                       Program original, Program shrunk) {
}
