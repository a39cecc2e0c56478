package remo.loco;

import java.util.Map;
import java.util.Set;
import remo.nic.Access;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.Region;
import remo.nic.WorkId;

/**
 * A single-producer single-consumer ring of {@code K} slots of {@code M} words (loco.md §4.7),
 * from the sender node {@code s} to the receiver node {@code r} ({@code s == r} is allowed; the puts
 * are then loopback). FIFO, exactly once: the {@code n}-th successful pop returns the {@code n}-th
 * successful push's message. CPU writes of the sender before a push, and its puts to {@code r}, are
 * visible after the matching pop; puts to other nodes only after {@link GlobalFence#fence}.
 *
 * <p>Impl. Regions: {@code slots} ({@code K·M} at {@code r}, {@code REMOTE_WRITE}), {@code tail}
 * (1 at {@code r}, {@code REMOTE_WRITE}: messages delivered), {@code head} (1 at {@code r}: the
 * receiver's pop count, source of credit puts), {@code stage} ({@code K·(M+1)} at {@code s}: per
 * slot the payload and the tail value), {@code hc} (1 at {@code s}, {@code REMOTE_WRITE}: the
 * sender's copy of {@code head}). Counters {@code pushed}, {@code popped}; work ids {@code wp},
 * {@code wc}.
 * <pre>
 * tryPush(msg):                                    tryPop():
 *  P1 h := load(hc@s)                               Q1 t := load(tail@r)
 *  P2 if pushed - h >= K: return false              Q2 if t &lt;= popped: return null
 *  P3 i := pushed mod K                             Q3 i := popped mod K
 *     for w &lt; M: store(stage@s[i(M+1)+w], msg[w])      msg := [load(slots@r[iM+w]) | w &lt; M]
 *     store(stage@s[i(M+1)+M], pushed+1)            Q4 popped := popped+1; store(head@r, popped)
 *  P4 put(wp, slots@r, iM, stage@s, i(M+1), M)      Q5 put(wc, hc@s, 0, head@r, 0, 1)
 *  P5 put(wp, tail@r, 0, stage@s, i(M+1)+M, 1)      Q6 return msg
 *  P6 pushed := pushed+1; return true
 * </pre>
 * Per-slot staging of the payload and of the tail value is required: one tail-source word lets an
 * earlier tail put carry a later tail value (G4), and the receiver then reads a slot before it has
 * landed (harness RB-FIFO-NAIVE).
 *
 * <p>Cost: push {@code M+1} stores, 2 puts ({@code M} + 1 words), 0 RT, {@code 8(M+1)} bytes; pop
 * {@code 1+M} loads, 1 store, 1 put (8 bytes), 0 RT; a failed tryPush or an empty tryPop 1 load.
 */
public final class RingBuffer extends LocoObject {
    private final int sender;
    private final int receiver;
    private final int capacity;
    private final int msgWords;
    private final Role senderRole;
    private final Role receiverRole;
    private final Region localStage;
    private final Region localHc;
    private final Region localSlots;
    private final Region localTail;
    private final Region localHead;
    private volatile Region slots;
    private volatile Region tail;
    private volatile Region hc;
    private WorkId wp;
    private WorkId wc;
    private long pushed;
    private long popped;

    /**
     * Constructs this node's part of the ring ({@code P = {sender, receiver}}).
     *
     * @param capacity {@code K >= 1} slots
     * @param msgWords {@code M >= 1} words per message
     * @throws IllegalArgumentException if {@code K < 1} or {@code M < 1}
     */
    public RingBuffer(LocoNode here, String name, int sender, int receiver, int capacity, int msgWords) {
        super(here, name, "RingBuffer", NodeSet.of(sender, receiver),
                Map.of("sender", sender, "receiver", receiver, "capacity", capacity, "msgWords", msgWords));
        if (capacity < 1 || msgWords < 1) {
            throw new IllegalArgumentException("RingBuffer '" + name + "': capacity and msgWords must be at least 1, got "
                    + capacity + " and " + msgWords);
        }
        this.sender = sender;
        this.receiver = receiver;
        this.capacity = capacity;
        this.msgWords = msgWords;
        boolean atR = here.id() == receiver;
        boolean atS = here.id() == sender;
        this.localSlots = atR ? registerInternal("slots", capacity * msgWords, Set.of(Access.REMOTE_WRITE), null) : null;
        this.localTail = atR ? registerInternal("tail", 1, Set.of(Access.REMOTE_WRITE), null) : null;
        this.localHead = atR ? registerInternal("head", 1, Set.of(), null) : null;
        this.localStage = atS ? registerInternal("stage", capacity * (msgWords + 1), Set.of(), null) : null;
        this.localHc = atS ? registerInternal("hc", 1, Set.of(Access.REMOTE_WRITE), null) : null;
        this.senderRole = new Role(this, "sender", sender);
        this.receiverRole = new Role(this, "receiver", receiver);
    }

    @Override
    protected void onLink() {
        slots = peer(receiver, "slots");
        tail = peer(receiver, "tail");
        hc = peer(sender, "hc");
    }

    /** {@code K}, the number of slots. */
    public int capacity() {
        return capacity;
    }

    /** {@code M}, the words per message. */
    public int msgWords() {
        return msgWords;
    }

    /**
     * Pushes {@code msg} if a slot is free (P1–P6); one load if not.
     *
     * @return whether the message was pushed
     * @throws IllegalArgumentException if {@code msg.length != M}
     * @throws RoleViolationException   on a node other than the sender, or from a second endpoint
     */
    public boolean tryPush(Endpoint ep, long[] msg) {
        enter(ep, "tryPush");
        checkLength(msg);
        bindSender(ep, "tryPush");
        try {
            return pushIfFree(ep, msg);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("tryPush", e) : e;
        }
    }

    /** Pushes {@code msg}, spinning until a slot is free. Exceptions as {@link #tryPush}. */
    public void push(Endpoint ep, long[] msg) {
        enter(ep, "push");
        checkLength(msg);
        bindSender(ep, "push");
        try {
            while (!pushIfFree(ep, msg)) {
                Thread.onSpinWait();
            }
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("push", e) : e;
        }
    }

    /**
     * Whether a slot is free now (P1–P2 only: one load). Only the sender pushes, so a free slot
     * stays free until it pushes; {@link Broadcast#trySend} relies on it.
     */
    boolean hasSpace(Endpoint ep) {
        enter(ep, "hasSpace");
        bindSender(ep, "hasSpace");
        try {
            return pushed - ep.load(localHc, 0) < capacity;
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("hasSpace", e) : e;
        }
    }

    /**
     * Pops the next message if one has arrived (Q1–Q6); one load if not.
     *
     * @return a fresh copy of the message, or {@code null} if the ring is empty
     * @throws RoleViolationException on a node other than the receiver, or from a second endpoint
     */
    public long[] tryPop(Endpoint ep) {
        enter(ep, "tryPop");
        bindReceiver(ep, "tryPop");
        try {
            return popIfAny(ep);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("tryPop", e) : e;
        }
    }

    /** Pops the next message, spinning until one arrives. Exceptions as {@link #tryPop}. */
    public long[] pop(Endpoint ep) {
        enter(ep, "pop");
        bindReceiver(ep, "pop");
        try {
            long[] m;
            while ((m = popIfAny(ep)) == null) {
                Thread.onSpinWait();
            }
            return m;
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("pop", e) : e;
        }
    }

    private boolean pushIfFree(Endpoint ep, long[] msg) {
        long h = ep.load(localHc, 0);                                    // P1
        if (pushed - h >= capacity) {                                    // P2
            return false;
        }
        int i = (int) (pushed % capacity);                               // P3
        int base = i * (msgWords + 1);
        for (int w = 0; w < msgWords; w++) {
            ep.store(localStage, base + w, msg[w]);
        }
        ep.store(localStage, base + msgWords, pushed + 1);
        ep.put(wp, slots, i * msgWords, localStage, base, msgWords);     // P4
        ep.put(wp, tail, 0, localStage, base + msgWords, 1);             // P5
        pushed++;                                                        // P6
        return true;
    }

    private long[] popIfAny(Endpoint ep) {
        long t = ep.load(localTail, 0);                                  // Q1
        if (t <= popped) {                                               // Q2
            return null;
        }
        int i = (int) (popped % capacity);                               // Q3
        long[] msg = new long[msgWords];
        for (int w = 0; w < msgWords; w++) {
            msg[w] = ep.load(localSlots, i * msgWords + w);
        }
        popped++;                                                        // Q4
        ep.store(localHead, 0, popped);
        ep.put(wc, hc, 0, localHead, 0, 1);                              // Q5
        return msg;                                                      // Q6
    }

    private void checkLength(long[] msg) {
        if (msg == null || msg.length != msgWords) {
            throw new IllegalArgumentException("RingBuffer '" + name() + "': a message has " + msgWords + " words, got "
                    + (msg == null ? "null" : msg.length));
        }
    }

    private void bindSender(Endpoint ep, String method) {
        if (senderRole.play(ep, method)) {
            wp = ep.newWorkId("wp");
        }
    }

    private void bindReceiver(Endpoint ep, String method) {
        if (receiverRole.play(ep, method)) {
            wc = ep.newWorkId("wc");
        }
    }
}
