package remo.checker.operational;

import static remo.checker.operational.MachineLayout.DONE;
import static remo.checker.operational.MachineLayout.FETCHED;
import static remo.checker.operational.MachineLayout.LOCKED;
import static remo.checker.operational.MachineLayout.NONE;
import static remo.checker.operational.MachineLayout.POSTED;
import static remo.checker.operational.MachineLayout.READ;
import static remo.checker.operational.MachineLayout.WRITTEN;

import java.util.List;
import remo.core.FlagValues;
import remo.core.PutCompletion;
import remo.core.RfenceScope;
import remo.core.rdma.OpKind;
import remo.litmus.Instruction;

/**
 * The NIC transitions of the RDMA machine (operational.md §4) with every guard, the predicates of
 * §1 ({@code localread}, {@code remotedone}, {@code done}, {@code complete}, {@code fenceclear})
 * and the flags of models.md §8 mapped to their guards (§4.1):
 *
 * <table>
 * <caption>flags and where they act</caption>
 * <tr><td>{@code PUT_COMPLETION}</td><td>{@link #complete}</td></tr>
 * <tr><td>{@code GG_REMOTE_ORDER}</td><td>NRR and NAR guards ({@link #remoteReadAllowed})</td></tr>
 * <tr><td>{@code GG_LOCAL_ORDER}</td><td>NLW guards ({@link #localWriteAllowed})</td></tr>
 * <tr><td>{@code GP_RESPONDER_REORDER}</td><td>both NRW guards ({@link #getsPassedAtResponder})</td></tr>
 * <tr><td>{@code RFENCE_SCOPE}</td><td>{@link #fenceclear}, hence {@link #blocked}</td></tr>
 * <tr><td>{@code RAO_SCOPE}</td><td>the rao class of each operation ({@link MachineLayout})</td></tr>
 * <tr><td>{@code FAILED_RCAS_WRITES}</td><td>the NAR step of an rcas</td></tr>
 * </table>
 * {@code POLL_SCOPE} acts on the CPU's poll guard ({@link RdmaMachine}).
 */
final class NicSteps {
    private final MachineLayout layout;
    private final boolean putCompletesAtLocalRead;
    private final boolean getsOrderedRemotely;
    private final boolean getsOrderedLocally;
    private final boolean responderMayReorder;
    private final boolean fenceCoversAll;
    private final boolean failedRcasWrites;

    NicSteps(MachineLayout layout) {
        this.layout = layout;
        FlagValues f = layout.flags;
        putCompletesAtLocalRead = f.putCompletion() == PutCompletion.LOCAL_READ_DONE;
        getsOrderedRemotely = f.ggRemoteOrder();
        getsOrderedLocally = f.ggLocalOrder();
        responderMayReorder = f.gpResponderReorder();
        fenceCoversAll = f.rfenceScope() == RfenceScope.ALL;
        failedRcasWrites = f.failedRcasWrites();
    }

    // ------------------------------------------------------------------ predicates (§1)

    private static boolean isPut(MachineLayout.NicOp a) {
        return a.kind() == OpKind.PUT;
    }

    private static boolean isGet(MachineLayout.NicOp a) {
        return a.kind() == OpKind.GET;
    }

    private static boolean isRmw(MachineLayout.NicOp a) {
        return a.kind() == OpKind.RCAS || a.kind() == OpKind.RFAA;
    }

    /** {@code localread(a)}: a put with status READ or DONE. */
    static boolean localread(MachineState s, MachineLayout.NicOp a) {
        int st = s.status(a.id());
        return isPut(a) && (st == READ || st == DONE);
    }

    /** {@code remotedone(a)}: put DONE; get FETCHED or DONE; rcas/rfaa WRITTEN or DONE. */
    static boolean remotedone(MachineState s, MachineLayout.NicOp a) {
        int st = s.status(a.id());
        return switch (a.kind()) {
            case PUT -> st == DONE;
            case GET -> st == FETCHED || st == DONE;
            case RCAS, RFAA -> st == WRITTEN || st == DONE;
        };
    }

    /** {@code done(a)}: status DONE. */
    static boolean done(MachineState s, MachineLayout.NicOp a) {
        return s.status(a.id()) == DONE;
    }

    /** {@code complete(a)}: {@code done(a)}, or {@code localread(a)} for a put under PUT_COMPLETION=LOCAL_READ_DONE. */
    boolean complete(MachineState s, MachineLayout.NicOp a) {
        return isPut(a) && putCompletesAtLocalRead ? localread(s, a) : done(s, a);
    }

    /** {@code fenceclear(a)} per RFENCE_SCOPE. */
    boolean fenceclear(MachineState s, MachineLayout.NicOp a) {
        return fenceCoversAll ? complete(s, a) : isPut(a) || done(s, a);
    }

    /** {@code blocked(b)}: an operation before an rfence marker before {@code b} is not fenceclear. */
    boolean blocked(MachineState s, MachineLayout.NicOp b) {
        for (int a : b.fenced()) {
            if (!fenceclear(s, layout.ops[a])) {
                return true;
            }
        }
        return false;
    }

    /** Whether the operation is queued and complete (poll, wait and gf guards). */
    boolean queuedAndComplete(MachineState s, MachineLayout.NicOp a) {
        return s.status(a.id()) != NONE && complete(s, a);
    }

    // ------------------------------------------------------------------ guards (§4)

    /** Every earlier put and rcas/rfaa is {@code remotedone} (Q2). */
    private boolean earlierPutsAndRmwsRemotelyDone(MachineState s, MachineLayout.NicOp b) {
        for (int id : b.earlier()) {
            MachineLayout.NicOp a = layout.ops[id];
            if (!isGet(a) && !remotedone(s, a)) {
                return false;
            }
        }
        return true;
    }

    /** Every earlier get is {@code remotedone}. */
    private boolean earlierGetsRemotelyDone(MachineState s, MachineLayout.NicOp b) {
        for (int id : b.earlier()) {
            MachineLayout.NicOp a = layout.ops[id];
            if (isGet(a) && !remotedone(s, a)) {
                return false;
            }
        }
        return true;
    }

    /** Guard of NRR and (without the unit) of NAR: not blocked, Q2, and Q3 if GG_REMOTE_ORDER=ON. */
    private boolean remoteReadAllowed(MachineState s, MachineLayout.NicOp b) {
        return !blocked(s, b) && earlierPutsAndRmwsRemotelyDone(s, b)
                && (!getsOrderedRemotely || earlierGetsRemotelyDone(s, b));
    }

    /** The GP_RESPONDER_REORDER conjunct of both NRW guards: with OFF, earlier gets are remotedone (Q4). */
    private boolean getsPassedAtResponder(MachineState s, MachineLayout.NicOp b) {
        return responderMayReorder || earlierGetsRemotelyDone(s, b);
    }

    /** Guard of the NLW steps: with GG_LOCAL_ORDER=ON every earlier get and rcas/rfaa is done (Q5). */
    private boolean localWriteAllowed(MachineState s, MachineLayout.NicOp b) {
        if (!getsOrderedLocally) {
            return true;
        }
        for (int id : b.earlier()) {
            MachineLayout.NicOp a = layout.ops[id];
            if (!isPut(a) && !done(s, a)) {
                return false;
            }
        }
        return true;
    }

    /** Guard of NLR: not blocked and every earlier put has {@code localread} (Q1). */
    private boolean localReadAllowed(MachineState s, MachineLayout.NicOp b) {
        if (blocked(s, b)) {
            return false;
        }
        for (int id : b.earlier()) {
            MachineLayout.NicOp a = layout.ops[id];
            if (isPut(a) && !localread(s, a)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code unit_c} is free: no operation of class {@code c} is LOCKED. */
    private boolean unitFree(MachineState s, int c) {
        for (MachineLayout.NicOp a : layout.ops) {
            if (a.raoClass() == c && s.status(a.id()) == LOCKED) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ transitions

    /** Adds the successor of every enabled NIC step of every queued operation. */
    void successors(MachineState s, List<long[]> out) {
        for (MachineLayout.NicOp b : layout.ops) {
            int st = s.status(b.id());
            if (st == NONE || st == DONE) {
                continue;
            }
            MachineState n = step(s, b, st);
            if (n != null) {
                out.add(n.s);
            }
        }
    }

    private int event(MachineLayout.NicOp b, int step) {
        return layout.structure.eventAt(b.thread(), b.instruction(), step);
    }

    /** The next step of {@code b} from status {@code st}, or null if its guard does not hold. */
    private MachineState step(MachineState s, MachineLayout.NicOp b, int st) {
        switch (b.kind()) {
            case PUT:
                if (st == POSTED) {
                    return localReadAllowed(s, b) ? read(s, b, b.local(), READ) : null;
                }
                // READ(v) -> DONE: NRW
                if (!earlierPutsAndRmwsRemotelyDone(s, b) || !getsPassedAtResponder(s, b)) {
                    return null;
                }
                return write(s, b, 1, b.remote(), s.opValue(b.id(), 0), DONE, 0);
            case GET:
                if (st == POSTED) {
                    return remoteReadAllowed(s, b) ? read(s, b, b.remote(), FETCHED) : null;
                }
                // FETCHED(v) -> DONE: NLW
                return localWriteAllowed(s, b) ? write(s, b, 1, b.local(), s.opValue(b.id(), 0), DONE, 0) : null;
            default:
                return rmwStep(s, b, st);
        }
    }

    private MachineState rmwStep(MachineState s, MachineLayout.NicOp b, int st) {
        if (st == POSTED) {
            if (!remoteReadAllowed(s, b) || !unitFree(s, b.raoClass())) {
                return null;
            }
            return atomicRead(s, b);
        }
        if (st == LOCKED) {
            if (!getsPassedAtResponder(s, b)) {
                return null;
            }
            long old = s.opValue(b.id(), 0);
            return write(s, b, 1, b.remote(), s.opValue(b.id(), 1), WRITTEN, old);
        }
        // WRITTEN(old) -> DONE: NLW (step 2 even without an NRW)
        return localWriteAllowed(s, b) ? write(s, b, 2, b.local(), s.opValue(b.id(), 0), DONE, 0) : null;
    }

    /** NLR or NRR: reads {@code M(x)} into the new status. */
    private MachineState read(MachineState s, MachineLayout.NicOp b, int x, int newStatus) {
        MachineState n = s.copy();
        long v = n.mem(x);
        n.emitRead(event(b, 0), n.lastWrite(x), v);
        n.setStatus(b.id(), newStatus, v, 0);
        return n;
    }

    /** NRW or NLW: writes {@code v} to {@code M(x)}; the new status keeps {@code keep} (WRITTEN(old)). */
    private MachineState write(MachineState s, MachineLayout.NicOp b, int step, int x, long v, int newStatus, long keep) {
        MachineState n = s.copy();
        n.setMem(x, v);
        n.emitWrite(event(b, step), x, v);
        n.setStatus(b.id(), newStatus, keep, 0);
        return n;
    }

    /** NAR: reads the target, decides whether the RMW writes, takes {@code unit} if it does. */
    private MachineState atomicRead(MachineState s, MachineLayout.NicOp b) {
        MachineState n = s.copy();
        long old = n.mem(b.remote());
        boolean writes;
        long newValue;
        if (b.instr() instanceof Instruction.RemoteFaa) {
            writes = true;
            newValue = old + n.itemData(b.item(), 0);
        } else {
            boolean success = old == n.itemData(b.item(), 0);
            writes = success || failedRcasWrites;
            newValue = success ? n.itemData(b.item(), 1) : old;
        }
        int nar = event(b, 0);
        n.emitRead(nar, n.lastWrite(b.remote()), old);
        n.emitRao(nar, b.raoClass());
        n.setItemData(b.item(), 0, 0);
        n.setItemData(b.item(), 1, 0);
        if (writes) {
            n.setStatus(b.id(), LOCKED, old, newValue);
        } else {
            n.setStatus(b.id(), WRITTEN, old, 0);
        }
        return n;
    }
}
