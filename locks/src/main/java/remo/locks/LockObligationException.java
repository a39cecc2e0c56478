package remo.locks;

/**
 * A client broke one of a lock's client obligations (O1–O5 of locks.md §3.6), detected at run time
 * at the call that breaks it. Today: the weak ticket lock's O3, NIC ops of the critical section
 * not waited for before {@code release}, checked on the deterministic simulator unless the cluster
 * was built with {@code checkClientObligations(false)}. The call has done its work (the lock is
 * released, so that the other threads go on and the run reports this failure) before it throws.
 */
public class LockObligationException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** @param message names the lock, the call, the endpoint, the obligation and what broke it */
    public LockObligationException(String message) {
        super(message);
    }
}
