package remo.nic.det;

/**
 * An entry of a queue pair once it has left the store buffer (operational.md §1): a word operation
 * or an rfence marker.
 */
sealed interface QpEntry permits WordOp, QpEntry.Fence {

    /** The rfence marker (one object: a marker carries nothing but its place in the queue). */
    Fence FENCE = new Fence();

    /** An rfence marker in a queue pair. */
    final class Fence implements QpEntry {
        private Fence() {
        }

        @Override
        public String toString() {
            return "rfence";
        }
    }
}
