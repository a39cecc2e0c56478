package remo.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import remo.verify.locks.LockVerifiables;
import remo.verify.objects.ObjectVerifiables;

/** Every class of remo's library the model checker verifies: the locks, then the LOCO objects. */
public final class VerifiableObjects {
    private VerifiableObjects() {
    }

    /** All of them, in the order {@code remo objects verify all} runs them. */
    public static List<VerifiableObject> all() {
        List<VerifiableObject> out = new ArrayList<>(LockVerifiables.all());
        out.addAll(ObjectVerifiables.all());
        return out;
    }

    /**
     * The objects called {@code name} (ignoring case); {@code CasSpinLock} names both release modes.
     *
     * @return the matching objects, empty if none
     */
    public static List<VerifiableObject> named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        List<VerifiableObject> out = new ArrayList<>();
        for (VerifiableObject o : all()) {
            String own = o.name().toLowerCase(Locale.ROOT);
            if (own.equals(n) || own.startsWith(n + "(")) {
                out.add(o);
            }
        }
        return out;
    }

    /** The names, for usage messages. */
    public static List<String> names() {
        return all().stream().map(VerifiableObject::name).toList();
    }

    /** The object called exactly {@code name}. */
    public static Optional<VerifiableObject> exactly(String name) {
        return all().stream().filter(o -> o.name().equals(name)).findFirst();
    }
}
