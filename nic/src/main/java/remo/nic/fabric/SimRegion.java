package remo.nic.fabric;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLongArray;
import remo.nic.Access;
import remo.nic.Capability;
import remo.nic.Region;

/**
 * A registered region: its identity, rights and memory (one {@link AtomicLongArray}, nic.md §5.2).
 * Package-private: the API hands it out as {@link Region}.
 */
public final class SimRegion implements Region {
    private final ClusterCore owner;
    private final long id;
    private final int home;
    private final String name;
    private final int words;
    private final Set<Access> rights;
    private final Capability capability;
    private final long[] init;
    public final AtomicLongArray mem;
    /** The one thread that has used the region so far, {@code -1} for none, {@code -2} for several. */
    private int user = -1;

    /** A registered region of {@code words} words homed at node {@code home}. */
    public SimRegion(ClusterCore owner, long id, int home, String name, int words, Set<Access> rights, long[] init,
              Capability capability) {
        this.owner = owner;
        this.id = id;
        this.home = home;
        this.name = name;
        this.words = words;
        this.rights = Collections.unmodifiableSet(rights.isEmpty() ? EnumSet.noneOf(Access.class) : EnumSet.copyOf(rights));
        this.capability = capability;
        this.init = init == null ? null : init.clone();
        this.mem = init == null ? new AtomicLongArray(words) : new AtomicLongArray(init);
    }

    /**
     * Records that thread {@code thread} used the region: its CPU loaded or stored a word, or one of
     * its operations read or wrote a word on its side (the deterministic engine's record, for the
     * model checker's failed-attempt rule, docs/reference/nic.md §5.3).
     */
    public void usedBy(int thread) {
        if (user == -1) {
            user = thread;
        } else if (user != thread) {
            user = -2;
        }
    }

    /** Whether a thread other than {@code thread} has used the region ({@link #usedBy}). */
    public boolean usedByOtherThan(int thread) {
        return user == -2 || user >= 0 && user != thread;
    }

    /** The cluster the region belongs to. */
    public ClusterCore owner() {
        return owner;
    }

    /** The capability that grants this region's rights. */
    public Capability capability() {
        return capability;
    }

    /** The initial value of word {@code off} (recorded as the word's initial write). */
    public long initial(int off) {
        return init == null ? 0 : init[off];
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public int home() {
        return home;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int words() {
        return words;
    }

    @Override
    public Set<Access> rights() {
        return rights;
    }

    @Override
    public boolean internal() {
        return capability != null;
    }

    /** {@code 'name' (home n)} for messages. */
    public String describe() {
        return "region '" + name + "' (home " + home + ")";
    }

    @Override
    public String toString() {
        return name + "@" + home;
    }
}
