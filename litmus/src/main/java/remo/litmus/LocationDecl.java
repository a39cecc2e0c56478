package remo.litmus;

import remo.core.Position;

/**
 * A declared memory location: one 64-bit word with a home node and an initial value
 * (language.md §3.3; for X86 files every location lives on node 1, language.md §10.2).
 *
 * @param name    the location name
 * @param home    the home node, at least 1
 * @param initial the initial value (0 unless declared)
 * @param pos     position of the declaration's name token ({@link Position#NONE} when implicit)
 */
public record LocationDecl(String name, int home, long initial, Position pos) {
}
