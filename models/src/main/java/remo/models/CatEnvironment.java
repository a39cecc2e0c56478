package remo.models;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A lexical environment of the model builder: names bound to lazily computed values, as herd7
 * binds {@code let} names (a binding that fails is an error only where it is used, which makes
 * {@code try} work on it). Immutable: {@link #with} returns an extended environment; a closure
 * keeps the environment it was created in.
 */
final class CatEnvironment {

    /** A value computed at most once; a failure is kept and thrown again at every use. */
    static final class Thunk {
        private Supplier<CatValue> code;
        private CatValue value;
        private RuntimeException failure;
        private boolean running;

        Thunk(Supplier<CatValue> code) {
            this.code = code;
        }

        static Thunk of(CatValue value) {
            Thunk t = new Thunk(null);
            t.value = value;
            return t;
        }

        CatValue force() {
            if (value != null) {
                return value;
            }
            if (failure != null) {
                throw failure;
            }
            if (running) {
                throw new IllegalStateException("a let binding depends on itself");
            }
            running = true;
            try {
                value = code.get();
                code = null;
                return value;
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            } finally {
                running = false;
            }
        }

        /** Whether the value was computed successfully (a failed or pending thunk is not). */
        boolean isValue() {
            return value != null;
        }
    }

    private final CatEnvironment parent;
    private final Map<String, Thunk> names;

    private CatEnvironment(CatEnvironment parent, Map<String, Thunk> names) {
        this.parent = parent;
        this.names = names;
    }

    /** The environment with no names. */
    static CatEnvironment empty() {
        return new CatEnvironment(null, Map.of());
    }

    /** This environment extended with {@code bindings} (which shadow earlier ones). */
    CatEnvironment with(Map<String, Thunk> bindings) {
        return bindings.isEmpty() ? this : new CatEnvironment(this, new LinkedHashMap<>(bindings));
    }

    /** This environment extended with one binding. */
    CatEnvironment with(String name, Thunk value) {
        Map<String, Thunk> m = new LinkedHashMap<>();
        m.put(name, value);
        return new CatEnvironment(this, m);
    }

    /** The binding of {@code name}, or {@code null}. */
    Thunk lookup(String name) {
        for (CatEnvironment e = this; e != null; e = e.parent) {
            Thunk t = e.names.get(name);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    /** All visible bindings, the innermost for each name, in binding order (oldest first). */
    Map<String, Thunk> visible() {
        java.util.ArrayDeque<CatEnvironment> chain = new java.util.ArrayDeque<>();
        for (CatEnvironment e = this; e != null; e = e.parent) {
            chain.push(e);
        }
        Map<String, Thunk> out = new LinkedHashMap<>();
        for (CatEnvironment e : chain) {
            for (Map.Entry<String, Thunk> b : e.names.entrySet()) {
                out.remove(b.getKey());
                out.put(b.getKey(), b.getValue());
            }
        }
        return out;
    }

    /** The bindings made after {@code base} (which must be an ancestor), innermost per name. */
    Map<String, Thunk> since(CatEnvironment base) {
        java.util.ArrayDeque<CatEnvironment> chain = new java.util.ArrayDeque<>();
        for (CatEnvironment e = this; e != null && e != base; e = e.parent) {
            chain.push(e);
        }
        Map<String, Thunk> out = new LinkedHashMap<>();
        for (CatEnvironment e : chain) {
            out.putAll(e.names);
        }
        return out;
    }
}
