package remo.checker.operational;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.checker.Event;
import remo.checker.EventStructure;
import remo.core.FlagValues;
import remo.core.PollScope;
import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;
import remo.core.rdma.PollMatching;
import remo.core.rdma.QueuePair;
import remo.core.rdma.RaoClass;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.litmus.ThreadCode;

/**
 * The static plan of a machine for one program and flag setting: dense indices for locations,
 * registers, store-buffer entries, NIC operations, poll scopes and rao classes, and the layout of
 * a machine state as one {@code long[]} (operational.md §1).
 *
 * <p>A state is a flat array of sections:
 * <pre>
 *   MEM[L]          M(x), x in declaration order
 *   PC[T]           pc_t
 *   FLUSHED[T]      global index of the next buffered entry of t to leave SB_t
 *   REG[R]          regs_t, one slot per (thread, register)
 *   ITEM[2B]        operands recorded when a buffered entry is created (store value; rcas expected
 *                   and new value; rfaa addend), cleared once no longer needed
 *   OP[3O]          per NIC operation: status, and the values of its status (READ(v), FETCHED(v),
 *                   LOCKED(old, new), WRITTEN(old))
 *   POLLED[S]       polled_s per poll scope
 *   -- only when the graph is recorded (operational.md §8.1, second mode):
 *   VAL[n]          value of every emitted memory event
 *   REL[n]          reads: 1 + rf source; writes: position in co (IW = 0)
 *   RAO[n]          NAR events: position in rao of their class
 *   COLEN[L], LW[L], RAOLEN[C]
 * </pre>
 * {@code SB_t} is not stored as a list: its entries are the thread's buffered instructions (stores,
 * NIC operations, rfences) issued before {@code pc_t} from index {@code FLUSHED[t]} on, in program
 * order. Likewise {@code Q_q} is the queued operations of {@code q} in program order (the store
 * buffer is FIFO) with the flushed rfences as markers, and {@code unit_c} is held iff an operation of
 * class {@code c} is {@code LOCKED}. These components are thus functions of the stored ones.
 */
final class MachineLayout {

    /** Kinds of store-buffer entries (operational.md §1). */
    enum ItemKind { STORE, POST, FENCE }

    /** A buffered instruction of a thread. */
    record Item(int thread, int instruction, ItemKind kind, int location, int op, int event) {
    }

    /**
     * A NIC operation of the program.
     *
     * @param earlier ops of the same QP before this one, in program order
     * @param fenced  ops of the same QP with an rfence of that QP between them and this one
     */
    record NicOp(int id, int thread, int instruction, OpKind kind, int qp, int remote, int local, int raoClass,
                 int item, int[] earlier, int[] fenced, Instruction.NicOperation instr) {
        /** Whether this is an inline put (language.md §4.2): its CPU reads the source when it posts it. */
        boolean inline() {
            return instr instanceof Instruction.Put put && put.inline();
        }
    }

    /** Static data of one thread. */
    static final class ThreadPlan {
        final ThreadCode code;
        final int index;
        /** Global index of the entry created by instruction i, or -1. */
        final int[] itemOf;
        /** Global index of the first entry not issued when pc = i (0 ≤ i ≤ len). */
        final int[] issuedAt;
        /** The registers of the thread's final state (models.md §9.1), sorted. */
        final List<String> finalRegisters;
        /** Register name to global slot. */
        final Map<String, Integer> registers = new LinkedHashMap<>();
        /** Poll scope of a poll at instruction i, or -1. */
        final int[] pollScope;
        /** Operations a wait or gf at instruction i waits for, or null. */
        final int[][] syncOps;

        ThreadPlan(Program program, ThreadCode code) {
            this.code = code;
            this.index = code.index();
            this.itemOf = new int[code.size()];
            this.issuedAt = new int[code.size() + 1];
            this.pollScope = new int[code.size()];
            this.syncOps = new int[code.size()][];
            this.finalRegisters = List.copyOf(RegisterNames.assigned(program, code));
        }
    }

    /** NIC operation status values (operational.md §1). */
    static final int NONE = 0;
    static final int POSTED = 1;
    static final int READ = 2;
    static final int FETCHED = 3;
    static final int LOCKED = 4;
    static final int WRITTEN = 5;
    static final int DONE = 6;

    final Program program;
    final EventStructure structure;
    final FlagValues flags;
    final boolean recordsGraph;
    final int locations;
    final ThreadPlan[] threads;
    final Item[] items;
    final NicOp[] ops;
    /** Poll scope to its operations in program order. */
    final int[][] scopeOps;
    final int raoClasses;
    /** The key of each rao class in recorded graphs ({@link RaoClass#key()}), by class index. */
    final List<String> raoKeys;
    final int events;

    final int memBase;
    final int pcBase;
    final int flushedBase;
    final int regBase;
    final int itemBase;
    final int opBase;
    final int polledBase;
    final int valBase;
    final int relBase;
    final int raoBase;
    final int coLenBase;
    final int lwBase;
    final int raoLenBase;
    final int length;

    /**
     * @param structure    the program's event structure under the run's flags (event identities)
     * @param recordsGraph whether states carry the partial graph (rf, co, rao and values)
     */
    MachineLayout(EventStructure structure, boolean recordsGraph) {
        this.structure = structure;
        this.program = structure.program();
        this.flags = structure.flags();
        this.recordsGraph = recordsGraph;
        this.locations = program.locations().size();
        this.events = structure.size();
        int threadCount = program.threads().size();
        threads = new ThreadPlan[threadCount];
        List<Item> itemList = new ArrayList<>();
        List<NicOp> opList = new ArrayList<>();
        int slots = 0;
        Map<RaoClass, Integer> raoClassIndex = new LinkedHashMap<>();
        for (ThreadCode t : program.threads()) {
            ThreadPlan plan = new ThreadPlan(program, t);
            threads[t.index()] = plan;
            for (String r : RegisterNames.used(program, t)) {
                plan.registers.put(r, slots++);
            }
            for (int i = 0; i < t.size(); i++) {
                plan.issuedAt[i] = itemList.size();
                plan.itemOf[i] = -1;
                plan.pollScope[i] = -1;
                Instruction ins = t.instructions().get(i);
                if (ins instanceof Instruction.Store st) {
                    plan.itemOf[i] = itemList.size();
                    itemList.add(new Item(t.index(), i, ItemKind.STORE, structure.locationIndex(st.destination().name()), -1,
                            structure.eventAt(t.index(), i, 0)));
                } else if (ins instanceof Instruction.RFence) {
                    plan.itemOf[i] = itemList.size();
                    itemList.add(new Item(t.index(), i, ItemKind.FENCE, -1, -1, structure.eventAt(t.index(), i, 0)));
                } else if (ins instanceof Instruction.NicOperation op) {
                    plan.itemOf[i] = itemList.size();
                    int first = structure.eventAt(t.index(), i, 0);
                    Event e = structure.event(first);
                    int remote = structure.locationIndex(op.remote().name());
                    int cls = -1;
                    if (e.kind() == EventLabel.NAR) {
                        cls = raoClassIndex.computeIfAbsent(structure.raoClass(e), k -> raoClassIndex.size());
                    }
                    int id = opList.size();
                    itemList.add(new Item(t.index(), i, ItemKind.POST, -1, id, first));
                    opList.add(new NicOp(id, t.index(), i, e.op(), e.qp(), remote,
                            structure.locationIndex(op.local().name()), cls, plan.itemOf[i], null, null, op));
                }
            }
            plan.issuedAt[t.size()] = itemList.size();
        }
        items = itemList.toArray(new Item[0]);
        ops = withQueueRelations(opList);
        raoClasses = raoClassIndex.size();
        raoKeys = raoClassIndex.keySet().stream().map(RaoClass::key).toList();
        scopeOps = pollScopes();
        syncSets();

        int at = 0;
        memBase = at;
        at += locations;
        pcBase = at;
        at += threadCount;
        flushedBase = at;
        at += threadCount;
        regBase = at;
        at += slots;
        itemBase = at;
        at += 2 * items.length;
        opBase = at;
        at += 3 * ops.length;
        polledBase = at;
        at += scopeOps.length;
        valBase = at;
        relBase = valBase + (recordsGraph ? events : 0);
        raoBase = relBase + (recordsGraph ? events : 0);
        coLenBase = raoBase + (recordsGraph ? events : 0);
        lwBase = coLenBase + (recordsGraph ? locations : 0);
        raoLenBase = lwBase + (recordsGraph ? locations : 0);
        length = raoLenBase + (recordsGraph ? raoClasses : 0);
    }

    /** Fills in, for every operation, the earlier operations of its QP and those behind an rfence. */
    private NicOp[] withQueueRelations(List<NicOp> opList) {
        NicOp[] out = new NicOp[opList.size()];
        for (NicOp b : opList) {
            List<Integer> earlier = new ArrayList<>();
            List<Integer> fenced = new ArrayList<>();
            for (NicOp a : opList) {
                if (a.thread() != b.thread() || a.qp() != b.qp() || a.instruction() >= b.instruction()) {
                    continue;
                }
                earlier.add(a.id());
                if (fenceBetween(a, b)) {
                    fenced.add(a.id());
                }
            }
            out[b.id()] = new NicOp(b.id(), b.thread(), b.instruction(), b.kind(), b.qp(), b.remote(), b.local(),
                    b.raoClass(), b.item(), toArray(earlier), toArray(fenced), b.instr());
        }
        return out;
    }

    /** Whether an rfence of the QP of {@code a} lies strictly between {@code a} and {@code b}. */
    private boolean fenceBetween(NicOp a, NicOp b) {
        for (Item it : items) {
            if (it.kind() == ItemKind.FENCE && it.thread() == a.thread() && it.instruction() > a.instruction()
                    && it.instruction() < b.instruction() && structure.event(it.event()).qp() == a.qp()) {
                return true;
            }
        }
        return false;
    }

    /** Poll scopes (models.md §3.1): QPs under PER_QP, threads under PER_THREAD. */
    private int[][] pollScopes() {
        PollScope scope = flags.pollScope();
        Map<QueuePair, Integer> scopeIndex = new LinkedHashMap<>();
        for (ThreadPlan plan : threads) {
            for (int i = 0; i < plan.code.size(); i++) {
                if (plan.code.instructions().get(i) instanceof Instruction.Poll) {
                    QueuePair key = PollMatching.scope(scope,
                            structure.queuePair(structure.event(structure.eventAt(plan.index, i, 0)).qp()));
                    plan.pollScope[i] = scopeIndex.computeIfAbsent(key, k -> scopeIndex.size());
                }
            }
        }
        int[][] out = new int[scopeIndex.size()][];
        for (Map.Entry<QueuePair, Integer> e : scopeIndex.entrySet()) {
            List<Integer> members = new ArrayList<>();
            for (NicOp op : ops) {
                if (PollMatching.inScope(scope, e.getKey(), structure.queuePair(op.qp()))
                        && PollMatching.numbered(op.instr().signaled())) {
                    members.add(op.id());
                }
            }
            out[e.getValue()] = toArray(members);
        }
        return out;
    }

    /** The operations each {@code wait d} (tagged d, po-before) and {@code gf} (all po-before) waits for. */
    private void syncSets() {
        for (ThreadPlan plan : threads) {
            for (int i = 0; i < plan.code.size(); i++) {
                Instruction ins = plan.code.instructions().get(i);
                String tag;
                if (ins instanceof Instruction.Wait w) {
                    tag = w.id().name();
                } else if (ins instanceof Instruction.GlobalFence) {
                    tag = null;
                } else {
                    continue;
                }
                List<Integer> covered = new ArrayList<>();
                for (NicOp op : ops) {
                    if (op.thread() == plan.index && op.instruction() < i
                            && (tag == null || (op.instr().tag() != null && op.instr().tag().name().equals(tag)))) {
                        covered.add(op.id());
                    }
                }
                plan.syncOps[i] = toArray(covered);
            }
        }
    }

    private static int[] toArray(List<Integer> list) {
        return list.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The initial state: declared initial values, initialised registers, empty buffers and queues. */
    long[] initialState() {
        long[] s = new long[length];
        for (int x = 0; x < locations; x++) {
            s[memBase + x] = program.locations().get(x).initial();
        }
        for (ThreadPlan plan : threads) {
            s[flushedBase + plan.index] = plan.issuedAt[0];
        }
        program.registerInits().forEach(init -> {
            if (init.thread() < threads.length) {
                Integer slot = threads[init.thread()].registers.get(init.register().name());
                if (slot != null) {
                    s[regBase + slot] = init.value();
                }
            }
        });
        if (recordsGraph) {
            for (int x = 0; x < locations; x++) {
                s[valBase + x] = program.locations().get(x).initial(); // IW(x) has id x
                s[lwBase + x] = x;
            }
        }
        return s;
    }
}
