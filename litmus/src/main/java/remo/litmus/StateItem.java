package remo.litmus;

/**
 * An item of a final state: a register of a thread, or a memory location
 * ({@code cloc} of language.md §5.1). Items are pure keys: equality ignores spelling and position.
 */
public sealed interface StateItem extends Comparable<StateItem> permits StateItem.RegisterItem, StateItem.LocationItem {

    /**
     * Register {@code register} (canonical name, see {@link Register}) of thread {@code P<thread>}.
     */
    record RegisterItem(int thread, String register) implements StateItem {
        @Override
        public String toString() {
            return thread + ":" + register;
        }
    }

    /** The final value of memory location {@code name}. */
    record LocationItem(String name) implements StateItem {
        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Registers first (by thread, then by name), then locations (by name): the order herd7 uses
     * when it prints a state.
     */
    @Override
    default int compareTo(StateItem o) {
        if (this instanceof RegisterItem a) {
            if (o instanceof RegisterItem b) {
                int c = Integer.compare(a.thread(), b.thread());
                return c != 0 ? c : a.register().compareTo(b.register());
            }
            return -1;
        }
        if (o instanceof RegisterItem) {
            return 1;
        }
        return ((LocationItem) this).name().compareTo(((LocationItem) o).name());
    }
}
