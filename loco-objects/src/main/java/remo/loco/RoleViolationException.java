package remo.loco;

/**
 * A role method called by an endpoint that is not bound to the role on its node (loco.md §3.5):
 * the first endpoint that plays a role on a node is bound to it for the life of the object, and a
 * role that only one node can play (an owner, a sender, a receiver) is refused on every other node.
 */
public class RoleViolationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message the diagnostic (object, role, bound endpoint, offending endpoint) */
    public RoleViolationException(String message) {
        super(message);
    }
}
