package remo.litmus;

import remo.core.Position;

/**
 * A register operand. Registers are per thread: {@code r0} of {@code P0} and {@code r0} of
 * {@code P1} are different (language.md §2.4).
 *
 * <p>{@code name} is the canonical name used for identity: for RDMA files the name as written
 * ({@code r0}); for X86 files the 64-bit upper-case name ({@code RAX} for {@code EAX},
 * {@code %eax} and {@code rax}), since the 32- and 64-bit names denote one register
 * (language.md §10.4). Equality ignores the position.
 *
 * @param name canonical register name
 * @param pos  position of the register token
 */
public record Register(String name, Position pos) implements Operand {

    /** Creates a register reference without a source position. */
    public static Register of(String name) {
        return new Register(name, Position.NONE);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Register r && r.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
