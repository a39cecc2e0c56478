package remo.loco;

import remo.nic.Endpoint;

/**
 * The full fence clients use (loco.md §4.4): {@code mfence} then {@code gf}. Every earlier
 * subevent of the thread is hb-before every later one: CPU events reach the {@code mfence}, NIC
 * events the {@code gf} (G8). Spec: {@code st(fence) = {aMF, aGF}}, {@code io: aMF → aGF}.
 * Use it, for example, before a weak {@link Barrier} to get the strong barrier's guarantee.
 *
 * <p>Cost: 0 NIC ops; at most 1 RT (1 if the fence newly covers a remote op). It is not an object:
 * it has no state and no participants, and its NIC failures are the caller's own
 * ({@code QpErrorException} from the {@code gf}).
 */
public final class GlobalFence {
    private GlobalFence() {
    }

    /**
     * {@code mfence; gf}.
     *
     * @throws remo.nic.error.QpErrorException if the gf covers a flushed op of the caller
     */
    public static void fence(Endpoint ep) {
        ep.mfence();
        ep.gf();
    }
}
