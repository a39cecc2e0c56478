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

        // equals and hashCode are written out, with exactly a record's own results (the JDK's
        // ObjectMethods: components compared in order, hash 31 * h + component hash), because the
        // implicit ones are bound on first call by a bootstrap that generates method-handle code:
        // milliseconds of every short check's start-up (StateItemTest pins the values)
        @Override
        public boolean equals(Object o) {
            return o instanceof RegisterItem r && thread == r.thread && java.util.Objects.equals(register, r.register);
        }

        @Override
        public int hashCode() {
            return 31 * Integer.hashCode(thread) + java.util.Objects.hashCode(register);
        }
    }

    /** The final value of memory location {@code name}. */
    record LocationItem(String name) implements StateItem {
        @Override
        public String toString() {
            return name;
        }

        // written out for the reason given at RegisterItem's, with a record's own results
        @Override
        public boolean equals(Object o) {
            return o instanceof LocationItem l && java.util.Objects.equals(name, l.name);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(name);
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
