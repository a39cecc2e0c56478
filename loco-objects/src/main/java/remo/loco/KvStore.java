package remo.loco;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import remo.loco.lin.History;
import remo.loco.lin.MapOp;
import remo.nic.Cluster;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * A linearizable map from non-negative {@code long} keys to values of {@code V} words
 * (loco.md §4.9). Keys are partitioned over the participants by a SplitMix64 hash: each key has a
 * home node and a bucket of {@code E} entries there. Readers use a seqlock (the bucket's version is
 * odd while a write is in progress); writers serialise per bucket with the CAS spin lock algorithm
 * of locks.md §5, inlined. Home-node callers use exactly the same NIC path (loopback); there is no
 * CPU access to the table. Values are copied in and out. Any endpoint of a participant may call it,
 * concurrently.
 *
 * <p>Layout: on every participant region {@code tab} of {@code B·W} words, {@code W = 2 + E(1+V)},
 * rights {@code REMOTE_READ | REMOTE_WRITE | REMOTE_ATOMIC}; bucket {@code b} at {@code b·W}:
 * lock word (0 free, 1 held), version (even = stable), then per entry its key ({@code -1} = empty)
 * and {@code V} value words. Per-endpoint scratch {@code s}: {@code v1, v2, g, j, z} (z constant 0),
 * {@code ebuf[E(1+V)]}, {@code stage[1+V]}. Private work ids {@code wk} (data), {@code wl} (lock
 * acquire), {@code wr} (lock release). The op sequences G1–G2 and W1–W8 are in
 * {@link KvBucket}.
 *
 * <p>Linearization points: a writing put/remove at the NRW of W7 (the version becomes even); a put
 * that throws {@link KvFullException} and a remove returning false at the NAR of the successful W2
 * RCAS; a get at the NRR of its final iteration's first version read.
 *
 * <p>Cost (uncontended): get 3 gets, 1 RT (plus 1 RT per retry), {@code 8(2 + E(1+V))} bytes; put
 * 1 RCAS, 1 get, 2 RFAA, 2 puts, 3 RT; remove as put with a one-word entry put. At the home node
 * every RT is a loopback RT.
 */
public final class KvStore extends LocoObject {
    /** The key word of an empty entry. */
    public static final long EMPTY = -1;

    private final int buckets;
    private final int entries;
    private final int valueWords;
    private final Backoff backoff;
    private final Testing testing;
    private final Map<Endpoint, KvBucket> scratch = new ConcurrentHashMap<>();
    private volatile Region[] tables;
    private volatile History<MapOp> history;

    /**
     * Test hooks for the negative controls of loco.md §4.10. They break the store on purpose, so
     * that the linearizability checker and the scheduler can show they find violations.
     */
    public static final class Testing {
        /** No hook: the store as specified. */
        public static final Testing NONE = new Testing(true, true, true, true);

        final boolean versionCheck;
        final boolean lock;
        final boolean release;
        final boolean evenVersion;

        private Testing(boolean versionCheck, boolean lock, boolean release, boolean evenVersion) {
            this.versionCheck = versionCheck;
            this.lock = lock;
            this.release = release;
            this.evenVersion = evenVersion;
        }

        /**
         * Readers skip the seqlock: a get issues only the bucket read, waits and scans it (harness
         * KV-TORN-NOSEQ), so it can return a torn or half-written entry.
         */
        public static Testing disableVersionCheck() {
            return new Testing(false, true, true, true);
        }

        /**
         * Writers skip the bucket lock: no W2 acquire and no release put; W8's {@code gf} stays, so a
         * write is still complete when the call returns and the control shows the lock's effect only
         * (harness KV-2W-NOLOCK drops the gf as well).
         */
        public static Testing disableLock() {
            return new Testing(true, false, true, true);
        }

        /** Writers never release the bucket lock (W8 without its release): the next writer's CAS fails forever. */
        public static Testing skipRelease() {
            return new Testing(true, true, false, true);
        }

        /** Writers skip W7 (the version stays odd): every later get retries forever. */
        public static Testing skipEvenVersion() {
            return new Testing(true, true, true, false);
        }

        @Override
        public String toString() {
            return !versionCheck ? "disableVersionCheck" : !lock ? "disableLock" : !release ? "skipRelease"
                    : !evenVersion ? "skipEvenVersion" : "none";
        }
    }

    /**
     * The size of a store (loco.md §4.9): {@code bucketsPerNode} buckets on every participant,
     * {@code entriesPerBucket} entries per bucket, values of {@code valueWords} words (a field below 1
     * is an {@code IllegalArgumentException}).
     *
     * @param bucketsPerNode   {@code B >= 1}, buckets on every participant
     * @param entriesPerBucket {@code E >= 1}
     * @param valueWords       {@code V >= 1}, words per value
     */
    public record Shape(int bucketsPerNode, int entriesPerBucket, int valueWords) {
        /** Checks that every field is at least 1. */
        public Shape {
            if (bucketsPerNode < 1 || entriesPerBucket < 1 || valueWords < 1) {
                throw new IllegalArgumentException("KvStore.Shape: buckets per node, entries per bucket and value words"
                        + " must be at least 1, got " + bucketsPerNode + ", " + entriesPerBucket + ", " + valueWords);
            }
        }
    }

    /**
     * Creates the store on the whole cluster: one instance on every node of {@code participants}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param participants the nodes holding buckets and calling the store
     * @param shape buckets per node, entries per bucket, value words
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name
     */
    public static KvStore create(Cluster cluster, String name, NodeSet participants, Shape shape) {
        return create(cluster, name, participants, shape, Backoff.NONE);
    }

    /** {@link #create(Cluster, String, NodeSet, Shape)} whose retries pause with {@code backoff} (concurrent mode only). */
    public static KvStore create(Cluster cluster, String name, NodeSet participants, Shape shape, Backoff backoff) {
        return createAll(cluster, "KvStore", name, participants, here -> new KvStore(here, name, participants,
                shape.bucketsPerNode(), shape.entriesPerBucket(), shape.valueWords(), backoff, Testing.NONE));
    }

    /** A store with {@link Backoff#NONE}. */
    public KvStore(LocoNode here, String name, NodeSet participants, int bucketsPerNode, int entriesPerBucket,
                   int valueWords) {
        this(here, name, participants, bucketsPerNode, entriesPerBucket, valueWords, Backoff.NONE, Testing.NONE);
    }

    /** A store whose lock and version retries pause with {@code backoff} (concurrent mode only). */
    public KvStore(LocoNode here, String name, NodeSet participants, int bucketsPerNode, int entriesPerBucket,
                   int valueWords, Backoff backoff) {
        this(here, name, participants, bucketsPerNode, entriesPerBucket, valueWords, backoff, Testing.NONE);
    }

    /**
     * Constructs this node's table.
     *
     * @param bucketsPerNode   {@code B >= 1}
     * @param entriesPerBucket {@code E >= 1}
     * @param valueWords       {@code V >= 1}
     * @param backoff          pause between retries (never called in deterministic mode)
     * @param testing          test hooks ({@link Testing#NONE} for the store as specified); part of
     *                         the descriptor, so all participants must agree
     * @throws IllegalArgumentException if B, E or V is below 1
     */
    public KvStore(LocoNode here, String name, NodeSet participants, int bucketsPerNode, int entriesPerBucket,
                   int valueWords, Backoff backoff, Testing testing) {
        super(here, name, "KvStore", participants, Map.of("bucketsPerNode", bucketsPerNode, "entriesPerBucket",
                entriesPerBucket, "valueWords", valueWords, "testing", String.valueOf(testing)));
        if (bucketsPerNode < 1 || entriesPerBucket < 1 || valueWords < 1) {
            throw new IllegalArgumentException("KvStore '" + name + "': B, E and V must be at least 1, got " + bucketsPerNode
                    + ", " + entriesPerBucket + ", " + valueWords);
        }
        this.buckets = bucketsPerNode;
        this.entries = entriesPerBucket;
        this.valueWords = valueWords;
        this.backoff = java.util.Objects.requireNonNull(backoff, "backoff");
        this.testing = java.util.Objects.requireNonNull(testing, "testing");
        int w = bucketWords();
        long[] init = new long[buckets * w];
        for (int b = 0; b < buckets; b++) {
            for (int e = 0; e < entries; e++) {
                init[b * w + 2 + e * (1 + valueWords)] = EMPTY;
            }
        }
        registerInternal("tab", buckets * w, Set.of(Access.REMOTE_READ, Access.REMOTE_WRITE, Access.REMOTE_ATOMIC), init);
    }

    @Override
    protected void onLink() {
        Region[] t = new Region[participants().get(participants().size() - 1) + 1];
        for (int k : participants()) {
            t[k] = peer(k, "tab");
        }
        tables = t;
    }

    /** {@code W = 2 + E(1+V)}, the words of one bucket. */
    int bucketWords() {
        return 2 + entries * (1 + valueWords);
    }

    int entries() {
        return entries;
    }

    /** {@code V}, the words of a value. */
    public int valueWords() {
        return valueWords;
    }

    /** The home node of {@code key} (placement of loco.md §4.9). */
    public int home(long key) {
        return participants().get((int) Long.remainderUnsigned(mix(key), participants().size()));
    }

    /** The bucket of {@code key} on its home node. */
    public int bucket(long key) {
        return (int) Long.remainderUnsigned(mix(key) >>> 32, buckets);
    }

    /** The SplitMix64 finaliser of loco.md §4.9. */
    static long mix(long key) {
        long z = key + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Records every later call of this local instance (of every instance, on a handle) into {@code h} (loco.md §4.10); {@code null} stops. */
    public void recordHistory(History<MapOp> h) {
        for (KvStore o : this.<KvStore>instances()) {
            o.history = h;
        }
    }

    /**
     * The value of {@code key}, or {@code null} if absent.
     *
     * @throws IllegalArgumentException if {@code key < 0}
     * @throws ObjectBrokenException    if a NIC failure surfaces
     */
    public long[] get(Endpoint ep, long key) {
        if (at(ep) != this) {
            return this.<KvStore>at(ep).get(ep, key);
        }
        checkKey(key);
        enter(ep, "get");
        KvBucket s = scratch(ep);
        History<MapOp> h = history;
        History.Invocation inv = h == null ? null : h.invoke();
        try {
            long[] v = s.get(tables[home(key)], bucket(key) * bucketWords(), key);
            if (h != null) {
                h.respond(ep, inv, MapOp.get(key, v));
            }
            return v;
        } catch (RuntimeException e) {
            if (h != null) {
                h.pending(ep, inv, MapOp.get(key, null));
            }
            throw isFailure(e) ? broken("get", e) : e;
        }
    }

    /**
     * Maps {@code key} to a copy of {@code value}.
     *
     * @throws IllegalArgumentException if {@code key < 0} or {@code value.length != V}
     * @throws KvFullException          if the key is absent and its bucket has no empty entry
     * @throws ObjectBrokenException    if a NIC failure surfaces
     */
    public void put(Endpoint ep, long key, long[] value) {
        if (at(ep) != this) {
            this.<KvStore>at(ep).put(ep, key, value);
            return;
        }
        checkKey(key);
        if (value == null || value.length != valueWords) {
            throw new IllegalArgumentException("KvStore '" + name() + "'.put: a value has " + valueWords + " words, got "
                    + (value == null ? "null" : value.length));
        }
        enter(ep, "put");
        KvBucket s = scratch(ep);
        History<MapOp> h = history;
        History.Invocation inv = h == null ? null : h.invoke();
        boolean written;
        try {
            written = s.write(tables[home(key)], home(key), bucket(key) * bucketWords(), key, value.clone());
        } catch (RuntimeException e) {
            if (h != null) {
                h.pending(ep, inv, MapOp.put(key, value, false));
            }
            throw isFailure(e) ? broken("put", e) : e;
        }
        if (h != null) {
            h.respond(ep, inv, MapOp.put(key, value, !written));
        }
        if (!written) {
            throw new KvFullException("KvStore '" + name() + "'.put(" + key + "): bucket " + bucket(key) + " on node "
                    + home(key) + " has no empty entry among its " + entries + " entries");
        }
    }

    /**
     * Removes {@code key}.
     *
     * @return whether the key was present
     * @throws IllegalArgumentException if {@code key < 0}
     * @throws ObjectBrokenException    if a NIC failure surfaces
     */
    public boolean remove(Endpoint ep, long key) {
        if (at(ep) != this) {
            return this.<KvStore>at(ep).remove(ep, key);
        }
        checkKey(key);
        enter(ep, "remove");
        KvBucket s = scratch(ep);
        History<MapOp> h = history;
        History.Invocation inv = h == null ? null : h.invoke();
        try {
            boolean present = s.write(tables[home(key)], home(key), bucket(key) * bucketWords(), key, null);
            if (h != null) {
                h.respond(ep, inv, MapOp.remove(key, present));
            }
            return present;
        } catch (RuntimeException e) {
            if (h != null) {
                h.pending(ep, inv, MapOp.remove(key, false));
            }
            throw isFailure(e) ? broken("remove", e) : e;
        }
    }

    private void checkKey(long key) {
        if (key < 0) {
            throw new IllegalArgumentException("KvStore '" + name() + "': keys are non-negative, got " + key);
        }
    }

    private KvBucket scratch(Endpoint ep) {
        return scratch.computeIfAbsent(ep, e -> {
            int words = 5 + entries * (1 + valueWords) + 1 + valueWords;
            Region s = registerScratch(e, "s", words, EnumSet.of(Access.LOCAL_WRITE), null);
            return new KvBucket(e, s, entries, valueWords, deterministic() ? Backoff.NONE : backoff, testing.versionCheck,
                    testing.lock, testing.release, testing.evenVersion, e.cluster().config());
        });
    }

    @Override
    public String toString() {
        return super.toString() + Arrays.toString(new int[] {buckets, entries, valueWords});
    }
}
