package remo.locks;

import remo.nic.Endpoint;

/**
 * A lock that serves its acquisitions in ticket order (locks.md §3.4: the ticket locks), and tells a
 * holder its ticket.
 */
public interface TicketOrdered extends RemoteLock {

    /**
     * The ticket of the calling endpoint's current critical section (0, 1, 2, … in lock order).
     *
     * @throws IllegalMonitorStateException if the endpoint does not hold the lock
     */
    long heldTicket(Endpoint ep);
}
