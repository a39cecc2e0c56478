package remo.checker.robust;

/**
 * Thrown when an execution or time limit stops an enumeration that a robustness answer depends
 * on: the answer is then unknown rather than yes or no.
 */
public class LimitReachedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** @param message what was being decided and which limit stopped it */
    public LimitReachedException(String message) {
        super(message);
    }
}
