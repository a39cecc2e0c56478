package remo.locks;

import remo.loco.NotAParticipantException;
import remo.loco.ObjectBrokenException;
import remo.loco.ObjectClosedException;
import remo.nic.Endpoint;

/**
 * The common API of the remote locks (locks.md §2.1). A lock is constructed collectively, by name,
 * on every node of {@code C ∪ {H}} (its client nodes and its home); each node's local instance is
 * used through the endpoints of that node's threads.
 *
 * <p>Every method takes the caller's endpoint, which must run on the local instance's node
 * ({@code remo.nic.error.WrongNodeException} otherwise) and, for {@code acquire}/{@code release}, on a
 * client node ({@link NotAParticipantException}). A rejected call changes no state and leaves the
 * lock usable by the others. A NIC failure inside a method breaks the local instance
 * ({@link LockFailedException}, then {@link ObjectBrokenException}); after {@link LockObject#close()}
 * every call throws {@link ObjectClosedException}.
 */
public interface RemoteLock {
    /**
     * Blocks until the calling thread holds the lock.
     *
     * @throws NotAParticipantException      if the endpoint's node is not a client node
     * @throws IllegalMonitorStateException  if this endpoint already holds the lock (not reentrant)
     * @throws TooManyClientsException       ticket locks: more than {@code slotsPerNode} endpoints on this node
     * @throws LockFailedException           if a NIC failure surfaced in the lock's own wait
     */
    void acquire(Endpoint ep);

    /**
     * Releases the lock held by this endpoint.
     *
     * @throws IllegalMonitorStateException if this endpoint does not hold the lock
     * @throws NotAParticipantException     if the endpoint's node is not a client node
     * @throws LockFailedException          if a NIC failure surfaced in the lock's own gf
     */
    void release(Endpoint ep);

    /** Whether this endpoint holds the lock: local bookkeeping only, no memory access. */
    boolean isHeldBy(Endpoint ep);

    /** The lock's class. */
    LockKind kind();

    /** The lock's name, equal on all participants. */
    String name();
}
