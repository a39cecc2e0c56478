package remo.loco;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import remo.nic.Cluster;
import remo.nic.Endpoint;
import remo.nic.NodeSet;

/**
 * One sender, several receivers (loco.md §4.8), by vertical composition: one {@link RingBuffer}
 * sub-object {@code name + "/to" + k} per receiver {@code k}, all with the same {@code K} and
 * {@code M}. Per receiver, the {@code n}-th successful receive returns the {@code n}-th message
 * sent; there is no order between receivers.
 *
 * <p>Impl: {@code send} pushes on every ring in ascending receiver order; {@code trySend} first
 * checks every ring for space (P1/P2 of each ring) and pushes to all only if all have space, which
 * stays true because only the sender pushes; {@code receive} pops the own ring.
 *
 * <p>Cost: send {@code #R} × push ({@code 2#R} puts, 0 RT); receive one pop.
 */
public class Broadcast extends LocoObject {
    private final int sender;
    private final NodeSet receivers;
    private final Map<Integer, RingBuffer> rings = new TreeMap<>();
    private final Role senderRole;
    private final Role receiverRole;

    /**
     * Creates the broadcast on the whole cluster: one instance on every of {@code sender} and the {@code receivers}, returned as one handle
     * that any simulated thread calls, each call running on the instance of the caller's node
     * (loco.md §3.2 collective construction, done at once).
     *
     * @param cluster the cluster
     * @param name the object name (loco.md §3.2 syntax)
     * @param sender the node whose (first) endpoint sends
     * @param receivers the receiving nodes; must not contain {@code sender}
     * @param shape slots and words per message of every ring
     * @return the handle
     * @throws remo.nic.error.NoSuchNodeException if a node named is not a node of the cluster
     * @throws IllegalArgumentException           for a malformed name, or if {@code sender} is a receiver or there is no receiver
     */
    public static Broadcast create(Cluster cluster, String name, int sender, NodeSet receivers, RingBuffer.Shape shape) {
        return createAll(cluster, "Broadcast", name, receivers.union(NodeSet.of(sender)),
                here -> new Broadcast(here, name, sender, receivers, shape.capacity(), shape.msgWords()));
    }

    /**
     * Constructs this node's part: every ring on the sender, the own ring on a receiver.
     *
     * @param receivers the receiving nodes; must not contain {@code sender}
     * @param capacity  {@code K >= 1} slots per ring
     * @param msgWords  {@code M >= 1} words per message
     * @throws IllegalArgumentException if {@code sender} is a receiver, there is no receiver, or K, M are below 1
     */
    public Broadcast(LocoNode here, String name, int sender, NodeSet receivers, int capacity, int msgWords) {
        super(here, name, "Broadcast", checked(sender, receivers),
                Map.of("sender", sender, "receivers", receivers, "capacity", capacity, "msgWords", msgWords));
        this.sender = sender;
        this.receivers = receivers;
        for (int k : receivers) {
            if (here.id() == sender || here.id() == k) {
                rings.put(k, child("to" + k, n -> new RingBuffer(here, n, sender, k, capacity, msgWords)));
            }
        }
        this.senderRole = new Role(this, "sender", sender);
        this.receiverRole = new Role(this, "receiver", 0);
    }

    private static NodeSet checked(int sender, NodeSet receivers) {
        if (receivers.size() == 0 || receivers.contains(sender)) {
            throw new IllegalArgumentException("Broadcast: the receivers " + receivers
                    + " must be non-empty and must not contain the sender " + sender);
        }
        return receivers.union(NodeSet.of(sender));
    }

    /** The receiving nodes. */
    public NodeSet receivers() {
        return receivers;
    }

    /**
     * Sends {@code msg} to every receiver, blocking until every ring accepts it.
     *
     * @throws IllegalArgumentException if {@code msg.length != M}
     * @throws RoleViolationException   on a node other than the sender, or from a second endpoint
     */
    public void send(Endpoint ep, long[] msg) {
        if (at(ep) != this) {
            this.<Broadcast>at(ep).send(ep, msg);
            return;
        }
        enter(ep, "send");
        senderRole.play(ep, "send");
        try {
            pushAll(ep, msg, rings.values());
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("send", e) : e;
        }
    }

    /**
     * Sends {@code msg} to every receiver if every ring has space, else to none.
     *
     * @return whether it was sent
     */
    public boolean trySend(Endpoint ep, long[] msg) {
        if (at(ep) != this) {
            return this.<Broadcast>at(ep).trySend(ep, msg);
        }
        enter(ep, "trySend");
        senderRole.play(ep, "trySend");
        try {
            if (msg == null || msg.length != rings.values().iterator().next().msgWords()) {
                throw new IllegalArgumentException("Broadcast '" + name() + "': a message has "
                        + rings.values().iterator().next().msgWords() + " words, got " + (msg == null ? "null" : msg.length));
            }
            for (RingBuffer r : rings.values()) {
                if (!r.hasSpace(ep)) {
                    return false;
                }
            }
            pushAll(ep, msg, rings.values());
            return true;
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("trySend", e) : e;
        }
    }

    /**
     * Receives the next message of this node's ring, spinning until one arrives.
     *
     * @throws RoleViolationException on the sender's node, or from a second endpoint
     */
    public long[] receive(Endpoint ep) {
        if (at(ep) != this) {
            return this.<Broadcast>at(ep).receive(ep);
        }
        RingBuffer r = ownRing(ep, "receive");
        try {
            return r.pop(ep);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("receive", e) : e;
        }
    }

    /** Receives the next message if one has arrived, else {@code null}. */
    public long[] tryReceive(Endpoint ep) {
        if (at(ep) != this) {
            return this.<Broadcast>at(ep).tryReceive(ep);
        }
        RingBuffer r = ownRing(ep, "tryReceive");
        try {
            return r.tryPop(ep);
        } catch (RuntimeException e) {
            throw isFailure(e) ? broken("tryReceive", e) : e;
        }
    }

    private RingBuffer ownRing(Endpoint ep, String method) {
        enter(ep, method);
        if (here().id() == sender) {
            throw new RoleViolationException("Broadcast '" + name() + "'." + method + ": node " + sender
                    + " is the sender, not a receiver " + receivers);
        }
        receiverRole.play(ep, method);
        return rings.get(here().id());
    }

    /**
     * Pushes {@code msg} on every ring of {@code rings}, in ascending receiver order (loco.md §4.8).
     * Package-private and overridable only for the model checker's planted bugs (remo-verify's
     * tests).
     */
    void pushAll(Endpoint ep, long[] msg, Collection<RingBuffer> rings) {
        for (RingBuffer r : rings) {
            r.push(ep, msg);
        }
    }
}
