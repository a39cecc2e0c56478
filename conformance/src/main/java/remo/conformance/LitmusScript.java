package remo.conformance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.litmus.Instruction;
import remo.litmus.Operand;
import remo.litmus.Register;
import remo.litmus.ThreadCode;
import remo.nic.Call;
import remo.nic.Endpoint;
import remo.nic.FailedOp;
import remo.nic.Region;
import remo.nic.ThreadScript;
import remo.nic.WorkId;
import remo.nic.error.QpErrorException;
import remo.nic.error.RdmaFailureException;

/**
 * The litmus-to-endpoint translation of one thread (nic.md §6.6): every instruction with a memory
 * or NIC effect becomes exactly one endpoint call, in program order; register arithmetic and
 * {@code assume} are evaluated locally. {@code await} is the guarded {@link Call.Await}; a false
 * {@code assume} ends the thread and marks the run discarded. The call index of each call is
 * remembered, so recorded events map back to instructions ({@link #instructionOfCall(int)}).
 */
public final class LitmusScript implements ThreadScript {
    private final ThreadCode code;
    private final Map<String, Region> regions;
    private final Map<String, Long> registers = new LinkedHashMap<>();
    private final Map<String, WorkId> workIds = new HashMap<>();
    private final List<Integer> callInstruction = new ArrayList<>();
    private final java.util.Set<Long> reported = new java.util.HashSet<>();
    private Endpoint endpoint;
    private int pc;
    private Instruction awaitingResult;
    private Call lastCall;
    private boolean discarded;

    /**
     * @param code          the thread
     * @param regions       location name to its one-word region
     * @param initRegisters the thread's initial register values
     */
    public LitmusScript(ThreadCode code, Map<String, Region> regions, Map<String, Long> initRegisters) {
        this.code = code;
        this.regions = Map.copyOf(regions);
        this.registers.putAll(initRegisters);
    }

    @Override
    public void start(Endpoint ep) {
        endpoint = ep;
        for (Instruction ins : code.instructions()) {
            String tag = null;
            if (ins instanceof Instruction.NicOperation op && op.tag() != null) {
                tag = op.tag().name();
            } else if (ins instanceof Instruction.Wait w) {
                tag = w.id().name();
            }
            if (tag != null && !workIds.containsKey(tag)) {
                workIds.put(tag, ep.newWorkId(tag));
            }
        }
    }

    @Override
    public Call next(long previousResult) {
        if (awaitingResult != null) {
            deliver(awaitingResult, previousResult);
            awaitingResult = null;
        }
        while (pc < code.size()) {
            Instruction ins = code.instructions().get(pc);
            int index = pc++;
            Call c = translate(ins);
            if (c != null) {
                callInstruction.add(index);
                awaitingResult = ins;
                lastCall = c;
                return c;
            }
            if (discarded) {
                return null;
            }
        }
        return null;
    }

    /**
     * A poll, wait or {@code gf} reported flushed requests (nic.md §7.4): as a verbs program takes an
     * error completion from {@code ibv_poll_cq}, the thread acknowledges them and remembers them as
     * reported. A poll has consumed its request with the error, so the thread goes on with its next
     * instruction; a wait or {@code gf} is made again, to wait for the rest of what it covers. Later
     * requests to the failed queue pair are flushed in turn. The crash of the thread's own node ends it.
     */
    @Override
    public Call recover(RdmaFailureException failure) {
        if (!(failure instanceof QpErrorException e) || lastCall == null) {
            return null;
        }
        endpoint.acknowledge(e);
        for (FailedOp f : e.ops()) {
            if (f.thread().equals(endpoint.name())) {
                reported.add(f.opId());
            }
        }
        if (lastCall instanceof Call.Poll) {
            return next(0);
        }
        callInstruction.add(callInstruction.get(callInstruction.size() - 1));
        return lastCall;
    }

    /** How many flushed requests of this thread were reported to it (and acknowledged). */
    public int reportedFailures() {
        return reported.size();
    }

    private void deliver(Instruction ins, long value) {
        if (ins instanceof Instruction.Load ld) {
            registers.put(ld.destination().name(), value);
        } else if (ins instanceof Instruction.LockedRmw rmw && rmw.result() != null) {
            registers.put(rmw.result().name(), value);
        }
    }

    private long val(Operand o) {
        if (o instanceof Operand.Constant c) {
            return c.value();
        }
        Long v = registers.get(((Register) o).name());
        return v == null ? 0 : v;
    }

    private Region region(String location) {
        return regions.get(location);
    }

    private WorkId tag(Instruction.NicOperation op) {
        return op.tag() == null ? null : workIds.get(op.tag().name());
    }

    /** The call of {@code ins}, or {@code null} for instructions evaluated locally. */
    private Call translate(Instruction ins) {
        if (ins instanceof Instruction.Load ld) {
            return new Call.Load(region(ld.source().name()), 0);
        } else if (ins instanceof Instruction.Store st) {
            return new Call.Store(region(st.destination().name()), 0, val(st.value()));
        } else if (ins instanceof Instruction.Assign as) {
            long a = val(as.left());
            registers.put(as.destination().name(), as.op() == null ? a : as.op().apply(a, val(as.right())));
            return null;
        } else if (ins instanceof Instruction.RegisterSwap sw) {
            long a = val(sw.first());
            long b = val(sw.second());
            registers.put(sw.first().name(), b);
            registers.put(sw.second().name(), a);
            return null;
        } else if (ins instanceof Instruction.MFence) {
            return new Call.MFence();
        } else if (ins instanceof Instruction.LockedRmw rmw) {
            Region r = region(rmw.location().name());
            switch (rmw.kind()) {
                case CAS: return new Call.Cas(r, 0, val(rmw.first()), val(rmw.second()));
                case FAA: return new Call.Faa(r, 0, val(rmw.first()));
                default: return new Call.Swap(r, 0, val(rmw.first()));
            }
        } else if (ins instanceof Instruction.Assume as) {
            if (!as.condition().eval(r -> val(r))) {
                discarded = true;
                pc = code.size();
            }
            return null;
        } else if (ins instanceof Instruction.Await aw) {
            return new Call.Await(region(aw.location().name()), 0, val(aw.expected()));
        } else if (ins instanceof Instruction.Put p) {
            return new Call.Put(tag(p), region(p.remote().name()), 0, region(p.source().name()), 0, 1, p.inline(), p.unsignaled());
        } else if (ins instanceof Instruction.Get g) {
            return new Call.Get(tag(g), region(g.destination().name()), 0, region(g.remote().name()), 0, 1);
        } else if (ins instanceof Instruction.RemoteCas rc) {
            return new Call.RCas(tag(rc), region(rc.result().name()), 0, region(rc.remote().name()), 0, val(rc.expected()),
                    val(rc.newValue()));
        } else if (ins instanceof Instruction.RemoteFaa rf) {
            return new Call.RFaa(tag(rf), region(rf.result().name()), 0, region(rf.remote().name()), 0, val(rf.addend()));
        } else if (ins instanceof Instruction.Poll p) {
            return new Call.Poll(p.node().node());
        } else if (ins instanceof Instruction.RFence f) {
            return new Call.RFence(f.node().node());
        } else if (ins instanceof Instruction.Wait w) {
            return new Call.WaitFor(workIds.get(w.id().name()));
        } else if (ins instanceof Instruction.GlobalFence) {
            return new Call.Gf();
        }
        throw new IllegalArgumentException("instruction not supported by the translator: " + ins);
    }

    /** Whether an {@code assume} failed (the run is discarded, nic.md §6.6). */
    public boolean discarded() {
        return discarded;
    }

    /** Whether the thread executed its last instruction. */
    public boolean finished() {
        return pc >= code.size() && awaitingResult == null && !discarded;
    }

    /** The thread's registers now. */
    public Map<String, Long> registers() {
        return registers;
    }

    /** The instruction index of this thread's {@code call}-th endpoint call (0-based). */
    public int instructionOfCall(int call) {
        return callInstruction.get(call);
    }

    /** Number of calls made so far. */
    public int calls() {
        return callInstruction.size();
    }
}
