package remo.litmus;

import remo.core.Position;

/**
 * An initial register value from the init block ({@code 1:r3 = 7}, {@code P0:EAX=1}).
 *
 * @param thread    the thread index ({@code Pk})
 * @param register  the register (canonical name)
 * @param value     the initial value
 * @param threadPos position of the thread token (for E-UNKNOWN-THREAD and E-DUP-REG)
 */
public record RegisterInit(int thread, Register register, long value, Position threadPos) {
}
