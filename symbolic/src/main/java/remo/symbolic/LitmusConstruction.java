package remo.symbolic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.litmus.Dialect;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.LocationRef;
import remo.litmus.NodeRef;
import remo.litmus.Operand;
import remo.core.Position;
import remo.litmus.Program;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.Register;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.litmus.WorkIdRef;

/**
 * Turns a {@link CandidateExecution} into a litmus test whose condition singles out the
 * execution's outcome, in the way of memalloy (Wickerson et al., POPL 2017): every write that
 * creates a value writes a fresh constant, so values name their origin; every CPU read loads into
 * a register of its own, and the condition fixes every register (pinning rf of the CPU reads) and
 * the final value of every written location (pinning the co-last write, hence co when a location
 * has at most two writes besides its initial one). A compare succeeds exactly when the execution
 * has its write: its expected value is the value read, else -1, which is never written.
 *
 * <p>NIC reads are pinned only through what their values reach (a register or a final value);
 * the checker's confirmation decides whether the test really tells the models apart.
 */
public final class LitmusConstruction {
    private static final String[] LOCATION_NAMES = {"x", "y", "z", "w", "v", "u", "a", "b", "c", "s", "t", "q", "m", "k"};
    /** A compare's expected value that no write of the test produces. */
    private static final long NEVER_WRITTEN = -1;

    private final CandidateExecution x;
    private final int n;
    private final long[] initial;
    private final Map<Integer, Long> constants = new HashMap<>();
    private final Long[] value;
    private long nextConstant;

    private LitmusConstruction(CandidateExecution x, boolean distinctInitialValues) {
        this.x = x;
        this.n = x.size();
        this.initial = new long[x.locationCount()];
        this.value = new Long[n + x.locationCount()];
        for (int l = 0; l < initial.length; l++) {
            initial[l] = distinctInitialValues ? l : 0;
        }
        nextConstant = distinctInitialValues ? initial.length : 1;
        for (CandidateExecution.Event e : x.events()) {
            EventType t = x.type(e.id());
            if (t == EventType.WRITE || t == EventType.LOCKED_WRITE || t == EventType.RCAS_NRW || t == EventType.RFAA_NRW) {
                constants.put(e.id(), nextConstant++);
            }
        }
    }

    /** The location names used in tests: {@code x y z w v u a b c …}. */
    public static List<String> locationNames(int count) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(i < LOCATION_NAMES.length ? LOCATION_NAMES[i] : "x" + i);
        }
        return out;
    }

    /**
     * The test of execution {@code x}: initial values 0 when that keeps the values of the writes
     * to each location distinct, otherwise one initial value per location.
     *
     * @param name the test name (litmus {@code NAME} characters)
     * @param doc  the doc string (no quote, no line break)
     */
    public static Program build(CandidateExecution x, String name, String doc) {
        LitmusConstruction c = new LitmusConstruction(x, false);
        if (!c.distinctValues()) {
            LitmusConstruction d = new LitmusConstruction(x, true);
            if (d.distinctValues()) {
                c = d;
            }
        }
        return c.program(name, doc);
    }

    /** The value written by write {@code w} (event id, or {@code n + l} for an initial write). */
    private long valueOf(int w) {
        if (value[w] != null) {
            return value[w];
        }
        long v;
        if (w >= n) {
            v = initial[w - n];
        } else {
            EventType t = x.type(w);
            switch (t) {
                case WRITE:
                case LOCKED_WRITE:
                case RCAS_NRW:
                    v = constants.get(w);
                    break;
                case PUT_NRW:
                case RCAS_WRITE_BACK:
                case GET_NLW:
                case RCAS_NLW:
                case RFAA_NLW:
                    v = read(first(w));
                    break;
                case RFAA_NRW:
                    v = read(first(w)) + constants.get(w);
                    break;
                default:
                    v = read(w);
            }
        }
        value[w] = v;
        return v;
    }

    /** The value read by read event {@code r}. */
    private long read(int r) {
        return valueOf(x.source(r));
    }

    /** The first event of event {@code e}'s instruction. */
    private int first(int e) {
        return e - x.events().get(e).step();
    }

    private boolean distinctValues() {
        for (int l = 0; l < x.locationCount(); l++) {
            Set<Long> seen = new HashSet<>();
            for (int w : x.coOrder(l)) {
                if (!seen.add(valueOf(w))) {
                    return false;
                }
            }
        }
        return true;
    }

    private Program program(String name, String doc) {
        List<String> names = locationNames(x.locationCount());
        List<LocationDecl> locations = new ArrayList<>();
        for (int l = 0; l < x.locationCount(); l++) {
            locations.add(new LocationDecl(names.get(l), x.home(l), initial[l], Position.NONE));
        }
        List<ThreadCode> threads = new ArrayList<>();
        List<Prop> condition = new ArrayList<>();
        for (int t = 0; t < x.threadCount(); t++) {
            List<Instruction> code = new ArrayList<>();
            int registers = 0;
            for (CandidateExecution.Event e : x.events()) {
                if (e.thread() != t || e.step() != 0) {
                    continue;
                }
                Register r = Register.of("r" + registers);
                Instruction ins = instruction(e, names, r);
                if (x.type(e.id()) == EventType.READ || x.type(e.id()) == EventType.LOCKED_READ) {
                    registers++;
                    condition.add(new Prop.Atom(new ItemRef(new StateItem.RegisterItem(t, r.name()), r.name(), Position.NONE),
                            true, read(e.id())));
                }
                code.add(ins);
            }
            threads.add(ThreadCode.of(t, x.threadNode(t), code));
        }
        for (int l = 0; l < x.locationCount(); l++) {
            List<Integer> order = x.coOrder(l);
            if (order.size() > 1) {
                condition.add(new Prop.Atom(new ItemRef(new StateItem.LocationItem(names.get(l)), names.get(l), Position.NONE),
                        true, valueOf(order.get(order.size() - 1))));
            }
        }
        Prop p = condition.isEmpty() ? new Prop.Constant(true) : Prop.conjunction(condition);
        return new Program(name, Dialect.RDMA, doc, name + ".litmus", List.of(), Map.of(), locations, List.of(), threads,
                List.of(), null, Quantifier.EXISTS, p);
    }

    private Instruction instruction(CandidateExecution.Event e, List<String> names, Register r) {
        EventType t = x.type(e.id());
        int id = e.id();
        switch (t) {
            case READ:
                return new Instruction.Load(r, loc(e, names), Position.NONE);
            case WRITE:
                return new Instruction.Store(loc(e, names), Operand.constant(constants.get(id)), Position.NONE);
            case MFENCE:
                return new Instruction.MFence(Position.NONE);
            case LOCKED_READ: {
                boolean writes = hasStep(e, 1);
                long expected = writes ? read(id) : NEVER_WRITTEN;
                long newValue = writes ? constants.get(id + 1) : nextConstant;
                return new Instruction.LockedRmw(Instruction.RmwKind.CAS, r, loc(e, names), Operand.constant(expected),
                        Operand.constant(newValue), Position.NONE);
            }
            case PUT_NLR:
                return new Instruction.Put(loc(x.events().get(id + 1), names), NodeRef.of(e.target()), loc(e, names),
                        tag(e), Position.NONE);
            case GET_NRR:
                return new Instruction.Get(loc(x.events().get(id + 1), names), loc(e, names), NodeRef.of(e.target()),
                        tag(e), Position.NONE);
            case RCAS_NAR: {
                boolean writes = hasStep(e, 1) && x.type(id + 1) == EventType.RCAS_NRW;
                CandidateExecution.Event result = x.events().get(x.type(id + 1) == EventType.RCAS_NLW ? id + 1 : id + 2);
                long expected = writes ? read(id) : NEVER_WRITTEN;
                long newValue = writes ? constants.get(id + 1) : nextConstant;
                return new Instruction.RemoteCas(loc(result, names), loc(e, names), NodeRef.of(e.target()),
                        Operand.constant(expected), Operand.constant(newValue), tag(e), Position.NONE);
            }
            case RFAA_NAR:
                return new Instruction.RemoteFaa(loc(x.events().get(id + 2), names), loc(e, names), NodeRef.of(e.target()),
                        Operand.constant(constants.get(id + 1)), tag(e), Position.NONE);
            case POLL:
                return new Instruction.Poll(NodeRef.of(e.target()), Position.NONE);
            case RFENCE:
                return new Instruction.RFence(NodeRef.of(e.target()), Position.NONE);
            case WAIT:
                return new Instruction.Wait(WorkIdRef.of(workIdName(e.workId())), Position.NONE);
            case GLOBAL_FENCE:
                return new Instruction.GlobalFence(Position.NONE);
            default:
                throw new IllegalStateException("event e" + id + " of type " + t + " does not start an instruction");
        }
    }

    private boolean hasStep(CandidateExecution.Event e, int step) {
        int k = e.id() + step;
        return k < n && x.events().get(k).thread() == e.thread() && x.events().get(k).instruction() == e.instruction();
    }

    private static LocationRef loc(CandidateExecution.Event e, List<String> names) {
        return LocationRef.of(names.get(e.location()));
    }

    private static WorkIdRef tag(CandidateExecution.Event e) {
        return e.workId() < 0 ? null : WorkIdRef.of(workIdName(e.workId()));
    }

    private static String workIdName(int k) {
        return String.valueOf((char) ('d' + k));
    }
}
