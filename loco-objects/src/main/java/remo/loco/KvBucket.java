package remo.loco;

import remo.nic.Endpoint;
import remo.nic.NicConfig;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * One endpoint's access path to the buckets of a {@link KvStore} (loco.md §4.9): its scratch
 * region {@code s}, its private work ids, and the op sequences G2 (get) and W2–W8 (put, remove).
 * Confined to its endpoint's thread.
 */
final class KvBucket {
    private static final int V1 = 0;
    private static final int V2 = 1;
    private static final int G = 2;
    private static final int J = 3;
    private static final int Z = 4;
    private static final int EBUF = 5;

    private final Endpoint ep;
    private final Region s;
    private final int entries;
    private final int valueWords;
    private final int stage;
    private final Backoff backoff;
    private final boolean versionCheck;
    private final boolean lock;
    private final boolean release;
    private final boolean evenVersion;
    private final boolean fenceGets;
    private final boolean rfaaRelease;
    private final WorkId wk;
    private final WorkId wl;
    private final WorkId wr;

    KvBucket(Endpoint ep, Region s, int entries, int valueWords, Backoff backoff, boolean versionCheck, boolean lock,
             boolean release, boolean evenVersion, NicConfig config) {
        this.ep = ep;
        this.s = s;
        this.entries = entries;
        this.valueWords = valueWords;
        this.stage = EBUF + entries * (1 + valueWords);
        this.backoff = backoff;
        this.versionCheck = versionCheck;
        this.lock = lock;
        this.release = release;
        this.evenVersion = evenVersion;
        this.fenceGets = !config.ggRemoteOrder();
        this.rfaaRelease = config.failedRcasWrites();
        this.wk = ep.newWorkId("wk");
        this.wl = ep.newWorkId("wl");
        this.wr = ep.newWorkId("wr");
    }

    private int ebufWords() {
        return entries * (1 + valueWords);
    }

    /** G2: seqlock read of the bucket at {@code base} of {@code tab}; the value of {@code key} or null. */
    long[] get(Region tab, int base, long key) {
        int home = tab.home();
        while (true) {
            if (versionCheck) {
                ep.get(wk, s, V1, tab, base + 1, 1);
                if (fenceGets) {
                    ep.rfence(home);
                }
            }
            ep.get(wk, s, EBUF, tab, base + 2, ebufWords());
            if (versionCheck) {
                if (fenceGets) {
                    ep.rfence(home);
                }
                ep.get(wk, s, V2, tab, base + 1, 1);
            }
            ep.waitFor(wk);
            if (versionCheck) {
                long v1 = ep.load(s, V1);
                long v2 = ep.load(s, V2);
                if (v1 != v2 || (v1 & 1) != 0) {
                    // the attempt only read (its gets write this endpoint's scratch, which the next overwrites)
                    ep.attemptFailed();
                    backoff.pause();
                    continue;
                }
                backoff.reset();
            }
            int e = find(key);
            if (e < 0) {
                return null;
            }
            long[] v = new long[valueWords];
            for (int w = 0; w < valueWords; w++) {
                v[w] = ep.load(s, EBUF + e * (1 + valueWords) + 1 + w);
            }
            return v;
        }
    }

    /**
     * W2–W8: a put of {@code value}, or a remove when {@code value} is null, on the bucket at
     * {@code base} of {@code tab}.
     *
     * @return put: whether it was written (false: the bucket is full); remove: whether the key was present
     */
    boolean write(Region tab, int home, int base, long key, long[] value) {
        if (lock) {
            while (true) {                                                           // W2
                ep.rcas(wl, s, G, tab, base, 0, 1);
                ep.waitFor(wl);
                if (ep.load(s, G) == 0) {
                    break;
                }
                if (!rfaaRelease) {
                    // a failed RCAS writes nothing unless FAILED_RCAS_WRITES=YES (then it writes the old value back)
                    ep.attemptFailed();
                }
                backoff.pause();
            }
            backoff.reset();
        }
        ep.get(wk, s, EBUF, tab, base + 2, ebufWords());                            // W3
        ep.waitFor(wk);
        int i;                                                                      // W4
        if (value != null) {
            i = findOrEmpty(key);
        } else {
            i = find(key);
        }
        if (i < 0) {
            unlock(tab, base);
            return false;
        }
        int entry = base + 2 + i * (1 + valueWords);
        ep.rfaa(wk, s, J, tab, base + 1, 1);                                        // W5: odd
        if (value != null) {                                                        // W6
            ep.store(s, stage, key);
            for (int w = 0; w < valueWords; w++) {
                ep.store(s, stage + 1 + w, value[w]);
            }
            ep.put(wk, tab, entry, s, stage, 1 + valueWords);
        } else {
            ep.store(s, stage, KvStore.EMPTY);
            ep.put(wk, tab, entry, s, stage, 1);
        }
        if (evenVersion) {
            ep.rfaa(wk, s, J, tab, base + 1, 1);                                    // W7: even
        }
        unlock(tab, base);                                                          // W8
        return true;
    }

    /** W8: gf, then the release (a put of the zero word, or an RFAA of −1 under FAILED_RCAS_WRITES=YES). */
    private void unlock(Region tab, int base) {
        ep.gf();
        if (!lock || !release) {
            return;
        }
        if (rfaaRelease) {
            ep.rfaa(wr, s, J, tab, base, -1);
        } else {
            ep.put(wr, tab, base, s, Z, 1);
        }
    }

    /** Scans the key words of ebuf (loads, stopping at a match): the entry holding {@code key}, or -1. */
    private int find(long key) {
        for (int e = 0; e < entries; e++) {
            if (ep.load(s, EBUF + e * (1 + valueWords)) == key) {
                return e;
            }
        }
        return -1;
    }

    /** As {@link #find}, else the first empty entry, else -1. */
    private int findOrEmpty(long key) {
        int empty = -1;
        for (int e = 0; e < entries; e++) {
            long k = ep.load(s, EBUF + e * (1 + valueWords));
            if (k == key) {
                return e;
            }
            if (k == KvStore.EMPTY && empty < 0) {
                empty = e;
            }
        }
        return empty;
    }
}
