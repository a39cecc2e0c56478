package remo.loco;

import java.util.concurrent.atomic.AtomicReference;
import remo.nic.Endpoint;

/**
 * A role of a local instance (loco.md §3.5): the first endpoint that plays it on the node is bound
 * to it; any other endpoint then gets {@link RoleViolationException}. A role may be restricted to
 * one node (the owner of an {@link OwnedVar}, the sender or receiver of a {@link RingBuffer}).
 */
final class Role {
    private final LocoObject object;
    private final String role;
    private final int onlyNode;
    private final AtomicReference<Endpoint> bound = new AtomicReference<>();

    /**
     * @param object   the local instance
     * @param role     the role's name, for messages
     * @param onlyNode the one node that may play the role, or 0 for every participant
     */
    Role(LocoObject object, String role, int onlyNode) {
        this.object = object;
        this.role = role;
        this.onlyNode = onlyNode;
    }

    /**
     * Binds {@code ep} on first use and checks it afterwards.
     *
     * @return whether this call bound the endpoint (its first call in the role)
     * @throws RoleViolationException if the role belongs to another node or another endpoint
     */
    boolean play(Endpoint ep, String method) {
        if (onlyNode != 0 && object.here().id() != onlyNode) {
            throw new RoleViolationException(object.descriptor().kind() + " '" + object.name() + "'." + method + ": the " + role
                    + " role belongs to node " + onlyNode + "; endpoint " + ep.name() + " is on node " + ep.node());
        }
        Endpoint b = bound.get();
        if (b == ep) {
            return false;
        }
        if (b == null && bound.compareAndSet(null, ep)) {
            return true;
        }
        throw new RoleViolationException(object.descriptor().kind() + " '" + object.name() + "'." + method + ": the " + role
                + " role on node " + object.here().id() + " is bound to endpoint " + bound.get().name()
                + "; endpoint " + ep.name() + " may not play it");
    }

    /** The bound endpoint, or {@code null}. */
    Endpoint endpoint() {
        return bound.get();
    }
}
