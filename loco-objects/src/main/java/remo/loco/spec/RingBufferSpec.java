package remo.loco.spec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import remo.models.algebra.Relation;

/**
 * The specification of {@link remo.loco.RingBuffer} (loco.md §4.7). With {@code push_n}/{@code pop_n}
 * the {@code n}-th successful calls (0-based):
 * <pre>
 * st(push) = {aCR, aCW, aNLR(r,wp), aNRW(r,wp)}   io: aCR → aCW → aNLR(r) → aNRW(r)
 * st(pop)  = {aCR, aCW, aNLR(s,wc), aNRW(s,wc)}   io: aCR → aCW → aNLR(s) → aNRW(s)
 * st(failed tryPush) = st(empty tryPop) = {aCR}
 * rep (push): aCR = P1; aCW = the tail-value store of P3; aNLR/aNRW = the tail put P5
 * rep (pop):  aCR = Q1; aCW = the head store of Q4; aNLR/aNRW = the credit put Q5
 * so_RB = { ((push_n, aNRW(r)), (pop_n, aCR)) } ∪ { ((pop_n, aCW), (push_{n+K}, aCR)) }
 * </pre>
 * Axioms RB1 (FIFO, exactly once), RB2 (an empty tryPop after {@code n} pops is not hb-after
 * {@code push_n}'s tail write), RB3 (a failed tryPush after {@code n} pushes is not hb-after
 * {@code pop_{n−K}}'s head store), RB4 (one sender endpoint, one receiver endpoint). A blocking
 * {@code push}/{@code pop} is represented by its successful attempt: the last P1/Q1 load of its body.
 */
public final class RingBufferSpec extends LibrarySpec {
    private final int sender;
    private final int receiver;
    private final int capacity;

    /** @param object the ring's name; @param sender its sender; @param receiver its receiver; @param capacity {@code K} */
    public RingBufferSpec(String object, int sender, int receiver, int capacity) {
        super(object);
        this.sender = sender;
        this.receiver = receiver;
        this.capacity = capacity;
    }

    static boolean isPush(ObjectCall c) {
        return c.method().equals("push") || c.method().equals("tryPush") && Boolean.TRUE.equals(c.result());
    }

    static boolean isPop(ObjectCall c) {
        return c.method().equals("pop") || c.method().equals("tryPop") && c.result() != null;
    }

    @Override
    protected List<Stamp> st(ObjectCall c, RecordedGraph g) {
        if (isPush(c)) {
            return List.of(Stamp.of(StampKind.aCR), Stamp.of(StampKind.aCW), Stamp.of(StampKind.aNLR, receiver, "wp"),
                    Stamp.of(StampKind.aNRW, receiver, "wp"));
        }
        if (isPop(c)) {
            return List.of(Stamp.of(StampKind.aCR), Stamp.of(StampKind.aCW), Stamp.of(StampKind.aNLR, sender, "wc"),
                    Stamp.of(StampKind.aNRW, sender, "wc"));
        }
        return List.of(Stamp.of(StampKind.aCR));
    }

    @Override
    protected List<Stamp[]> io(ObjectCall c, RecordedGraph g) {
        return chain(st(c, g));
    }

    @Override
    protected int rep(ObjectCall c, Stamp s, RecordedGraph g) {
        if (s.kind() == StampKind.aCR) {
            return lastIn(c, s, object + (c.method().contains("ush") ? "/hc" : "/tail"), g);
        }
        return lastWith(c, s, g);
    }

    @Override
    protected List<SubEvent[]> so(List<ObjectCall> calls, RecordedGraph g) {
        List<ObjectCall> pushes = calls.stream().filter(RingBufferSpec::isPush).toList();
        List<ObjectCall> pops = calls.stream().filter(RingBufferSpec::isPop).toList();
        List<SubEvent[]> so = new ArrayList<>();
        for (int n = 0; n < Math.min(pushes.size(), pops.size()); n++) {
            so.add(new SubEvent[] {new SubEvent(pushes.get(n), Stamp.of(StampKind.aNRW, receiver, "wp")),
                new SubEvent(pops.get(n), Stamp.of(StampKind.aCR))});
        }
        for (int n = 0; n + capacity < pushes.size() && n < pops.size(); n++) {
            so.add(new SubEvent[] {new SubEvent(pops.get(n), Stamp.of(StampKind.aCW)),
                new SubEvent(pushes.get(n + capacity), Stamp.of(StampKind.aCR))});
        }
        return so;
    }

    @Override
    protected List<String> axioms(List<ObjectCall> calls, RecordedGraph g, Relation hb) {
        List<String> bad = new ArrayList<>();
        List<ObjectCall> pushes = calls.stream().filter(RingBufferSpec::isPush).toList();
        List<ObjectCall> pops = calls.stream().filter(RingBufferSpec::isPop).toList();
        for (int n = 0; n < pops.size(); n++) {
            if (n >= pushes.size()) {
                bad.add("RB1: " + pops.get(n) + " has no matching push");
            } else if (!Arrays.equals((long[]) pops.get(n).result(),
                    pushes.get(n).args().stream().mapToLong(Long::longValue).toArray())) {
                bad.add("RB1: " + pops.get(n) + " does not return the message of " + pushes.get(n));
            }
        }
        int popped = 0;
        int pushed = 0;
        for (ObjectCall c : calls) {
            if (c.method().equals("tryPop") && c.result() == null && popped < pushes.size()) {
                int nrw = rep(pushes.get(popped), Stamp.of(StampKind.aNRW, receiver, "wp"), g);
                int cr = rep(c, Stamp.of(StampKind.aCR), g);
                if (nrw >= 0 && cr >= 0 && hb.contains(nrw, cr)) {
                    bad.add("RB2: " + c + " found the ring empty after push " + popped + "'s tail write, hb-before it");
                }
            }
            if (c.method().equals("tryPush") && Boolean.FALSE.equals(c.result()) && pushed >= capacity
                    && pushed - capacity < pops.size()) {
                int cw = rep(pops.get(pushed - capacity), Stamp.of(StampKind.aCW), g);
                int cr = rep(c, Stamp.of(StampKind.aCR), g);
                if (cw >= 0 && cr >= 0 && hb.contains(cw, cr)) {
                    bad.add("RB3: " + c + " found the ring full after pop " + (pushed - capacity) + "'s head store, hb-before it");
                }
            }
            if (isPop(c)) {
                popped++;
            }
            if (isPush(c)) {
                pushed++;
            }
        }
        if (calls.stream().filter(c -> c.method().contains("ush")).map(ObjectCall::thread).distinct().count() > 1
                || calls.stream().filter(c -> c.method().contains("op")).map(ObjectCall::thread).distinct().count() > 1) {
            bad.add("RB4: more than one sender or receiver endpoint");
        }
        return bad;
    }
}
