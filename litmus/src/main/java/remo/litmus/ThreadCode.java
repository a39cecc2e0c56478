package remo.litmus;

import java.util.List;
import remo.core.Position;

/**
 * The straight-line program of one thread {@code P<index>} running on node {@code node}.
 *
 * @param index        the thread index (0 for {@code P0})
 * @param node         the node the thread runs on
 * @param pos          position of the thread's {@code PROC} token in the header row
 * @param instructions the non-empty cells of its column, top to bottom
 * @param sourceTexts  the cell text of each instruction as written (same length as
 *                     {@code instructions}); for X86 files the original assembly
 */
public record ThreadCode(int index, int node, Position pos, List<Instruction> instructions, List<String> sourceTexts) {

    public ThreadCode {
        instructions = List.copyOf(instructions);
        sourceTexts = List.copyOf(sourceTexts);
        if (sourceTexts.size() != instructions.size()) {
            throw new IllegalArgumentException("sourceTexts and instructions differ in length");
        }
    }

    /** Creates a thread whose source texts are the RDMA renderings of its instructions. */
    public static ThreadCode of(int index, int node, List<Instruction> instructions) {
        return new ThreadCode(index, node, Position.NONE, instructions,
                instructions.stream().map(Object::toString).toList());
    }

    /** The thread's name, {@code P<index>}. */
    public String name() {
        return "P" + index;
    }

    /** Number of instructions. */
    public int size() {
        return instructions.size();
    }
}
