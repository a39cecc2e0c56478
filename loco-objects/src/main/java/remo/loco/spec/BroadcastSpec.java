package remo.loco.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import remo.models.algebra.Relation;
import remo.nic.NodeSet;

/**
 * The specification of {@link remo.loco.Broadcast} (loco.md §4.8), derived from the ring
 * specification with each ring's representatives reused:
 * <pre>
 * st(send) = {aCR, aCW} ∪ {aNLR(k), aNRW(k) | k ∈ receivers}
 * io: aCR → aCW → aNLR(k) → aNRW(k)
 * so = { ((send_n, aNRW(k)), (recv_{k,n}, aCR)) }
 * Axioms: per receiver k, the n-th successful receive returns the n-th message sent.
 * </pre>
 * A send's {@code aCR} and {@code aCW} are those of its first ring's push (P1 and the tail-value
 * store); its {@code aNLR(k)}/{@code aNRW(k)} the tail put of ring {@code k}. A receive has the
 * stamps of its ring's pop.
 */
public final class BroadcastSpec extends LibrarySpec {
    private final int sender;
    private final NodeSet receivers;

    /** @param object the channel's name; @param sender its sender; @param receivers its receivers */
    public BroadcastSpec(String object, int sender, NodeSet receivers) {
        super(object);
        this.sender = sender;
        this.receivers = receivers;
    }

    private static boolean isSend(ObjectCall c) {
        return c.method().equals("send") || c.method().equals("trySend") && Boolean.TRUE.equals(c.result());
    }

    private static boolean isReceive(ObjectCall c) {
        return c.method().equals("receive") || c.method().equals("tryReceive") && c.result() != null;
    }

    private String ring(int k) {
        return object + "/to" + k;
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        List<Stamp> s = new ArrayList<>();
        if (isSend(c)) {
            s.add(Stamp.of(StampKind.aCR));
            s.add(Stamp.of(StampKind.aCW));
            addRemotePuts(s, receivers, "wp");
        } else if (isReceive(c)) {
            s.addAll(List.of(Stamp.of(StampKind.aCR), Stamp.of(StampKind.aCW), Stamp.of(StampKind.aNLR, sender, "wc"),
                    Stamp.of(StampKind.aNRW, sender, "wc")));
        }
        return s;
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        List<Stamp[]> io = new ArrayList<>();
        if (isSend(c)) {
            io.add(new Stamp[] {Stamp.of(StampKind.aCR), Stamp.of(StampKind.aCW)});
            addRemotePutOrder(io, Stamp.of(StampKind.aCW), receivers, "wp");
        } else if (isReceive(c)) {
            io.addAll(chain(st(c, g)));
        }
        return io;
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        List<RecordedGraph.Event> body = body(c, g);
        if (isSend(c)) {
            String first = ring(receivers.get(0));
            int found = -1;
            for (RecordedGraph.Event e : body) {
                boolean inFirst = e.region() != null && e.region().startsWith(first + "/");
                if (s.kind() == StampKind.aCR && s.matches(e) && (first + "/hc").equals(e.region())) {
                    found = e.id();
                } else if (s.kind() == StampKind.aCW && s.matches(e) && inFirst) {
                    found = e.id();
                } else if (s.kind().hasNode() && s.matches(e)) {
                    found = e.id();
                }
            }
            return found;
        }
        if (s.kind() == StampKind.aCR) {
            return lastIn(c, s, ring(c.node()) + "/tail", g);
        }
        return lastWith(c, s, g);
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<ObjectCall> sends = calls.stream().filter(BroadcastSpec::isSend).toList();
        List<SubEvent[]> so = new ArrayList<>();
        for (int k : receivers) {
            List<ObjectCall> recv = calls.stream().filter(c -> isReceive(c) && c.node() == k).toList();
            for (int n = 0; n < Math.min(sends.size(), recv.size()); n++) {
                so.add(new SubEvent[] {new SubEvent(sends.get(n), Stamp.of(StampKind.aNRW, k, "wp")),
                    new SubEvent(recv.get(n), Stamp.of(StampKind.aCR))});
            }
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        List<ObjectCall> sends = calls.stream().filter(BroadcastSpec::isSend).toList();
        for (int k : receivers) {
            List<ObjectCall> recv = calls.stream().filter(c -> isReceive(c) && c.node() == k).toList();
            for (int n = 0; n < recv.size(); n++) {
                if (n >= sends.size() || !Arrays.equals((long[]) recv.get(n).result(),
                        sends.get(n).args().stream().mapToLong(Long::longValue).toArray())) {
                    bad.add("FIFO: receive " + n + " of node " + k + " (" + recv.get(n) + ") is not message " + n + " sent");
                }
            }
        }
        return bad;
    }
}
