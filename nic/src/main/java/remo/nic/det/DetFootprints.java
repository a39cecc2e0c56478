package remo.nic.det;

import java.util.List;
import remo.core.rdma.OpKind;
import remo.core.rdma.OpStage;
import remo.core.rdma.SameQpOrder;
import remo.nic.Call;
import remo.nic.Schedule;
import remo.nic.fabric.SimRegion;

/**
 * The {@link Footprint} of an enabled action in the engine's current state, for the model checker's
 * dependence relation. What each action reads and writes follows the transitions of
 * operational.md §2–§4 as {@link DetMachine} and {@link DetNicSteps} perform them.
 */
final class DetFootprints {
    private DetFootprints() {
    }

    /** The footprint of {@code a}, which is enabled now. */
    static Footprint of(Action a, DetMachine machine, SameQpOrder order, boolean wordsUnordered, boolean sharedJavaState) {
        if (a instanceof CpuStep c) {
            return cpu(c.thread, machine, sharedJavaState);
        }
        if (a instanceof SbEntry e) {
            return drain(e);
        }
        if (a instanceof WordOp w) {
            return nic(w, order, wordsUnordered);
        }
        return new Footprint(Schedule.FAULT, -1, 0, null, null, -1, null, false, false, true, false, null, -1);
    }

    private static long word(SimRegion r, int off) {
        return Footprint.word(r.id(), off);
    }

    private static long[] one(SimRegion r, int off) {
        return new long[] {word(r, off)};
    }

    private static Footprint cpu(DetThread t, DetMachine machine, boolean sharedJavaState) {
        Call c = t.pending;
        long[] reads = null;
        long[] writes = null;
        boolean completion = false;
        boolean empties = false;
        boolean global = false;
        long[] awaited = null;
        if (c instanceof Call.Load l) {
            reads = one((SimRegion) l.region(), l.offset());
        } else if (c instanceof Call.Await a) {
            reads = one((SimRegion) a.region(), a.offset());
        } else if (c instanceof Call.OpValue v) {
            WordOp w = ((DetOp) v.op()).w[0];
            reads = one(w.local, w.localOff);
        } else if (c instanceof Call.Cas s) {
            reads = one((SimRegion) s.region(), s.offset());
            writes = reads;
            empties = true;
        } else if (c instanceof Call.Faa s) {
            reads = one((SimRegion) s.region(), s.offset());
            writes = reads;
            empties = true;
        } else if (c instanceof Call.Swap s) {
            reads = one((SimRegion) s.region(), s.offset());
            writes = reads;
            empties = true;
        } else if (c instanceof Call.MFence) {
            empties = true;
        } else if (c instanceof Call.Put p) {
            completion = mayHaveWaitedForRoom(t, p.dst().home());
            if (p.inline()) {
                // an inline put's CPU reads its source words at posting (operational.md §2)
                reads = new long[p.words()];
                for (int k = 0; k < reads.length; k++) {
                    reads[k] = word((SimRegion) p.src(), p.srcOffset() + k);
                }
            }
        } else if (c instanceof Call.Get g) {
            completion = mayHaveWaitedForRoom(t, g.src().home());
        } else if (c instanceof Call.RCas r) {
            completion = mayHaveWaitedForRoom(t, r.target().home());
        } else if (c instanceof Call.RFaa r) {
            completion = mayHaveWaitedForRoom(t, r.target().home());
        } else if (c instanceof Call.WaitFor w) {
            completion = true;
            int d = w.workId().index();
            List<DetOp> ops = t.opsByWorkId.get(d);
            awaited = ops == null ? new long[0] : opNames(t, ops, t.waitFrom.get(d));
        } else if (c instanceof Call.Gf) {
            completion = true;
            awaited = opNames(t, t.ops, t.gfFrom);
        } else if (c instanceof Call.Poll p) {
            completion = true;
            // the operation the poll consumes, and the unsignalled ones it retires with it
            DetOp target = machine.pollTarget(t, p.node());
            if (target == null) {
                awaited = new long[0];
            } else {
                List<DetOp> retired = new java.util.ArrayList<>(DetMachine.retiredWith(target));
                retired.add(target);
                awaited = opNames(t, retired, 0);
            }
        } else if (c instanceof Call.Lookup) {
            global = true;
        }
        SpinLog spin = t.spin;
        if (spin != null && spin.candidate() && spin.candidatePosts()) {
            awaited = null;
        }
        if (spin != null && spin.candidate()) {
            // a spinning call is enabled again by a write to any word its loop read, and by the
            // completion of an operation its loop posted (a loop that posts nothing waits for none:
            // its thread's completions neither enable nor disable it)
            reads = concat(reads, spin.candidateWords());
            completion |= spin.candidatePosts();
        }
        Footprint f = new Footprint(Schedule.CPU, t.index, t.node, reads, writes, -1, null, completion, empties, global,
                sharedJavaState && t.body != null,
                null, -1);
        return awaited == null ? f : f.awaiting(awaited);
    }

    /**
     * Whether a post to {@code target} may have been enabled by a completion: only if its queue pair
     * has been full at some point (a post is disabled only when it is full, nic.md §4.2). A post to a
     * queue pair that never was is enabled whatever completes, and commutes with every completion.
     */
    private static boolean mayHaveWaitedForRoom(DetThread t, int target) {
        DetQp q = t.qp(target);
        return q != null && q.everFull;
    }

    private static Footprint drain(SbEntry e) {
        DetThread t = e.thread;
        long creator = Schedule.code(Schedule.CPU, t.index, 0, e.po);
        switch (e.kind) {
            case SbEntry.STORE:
                return new Footprint(Schedule.DRAIN, t.index, t.node, null, one(e.region, e.off), -1, null, false, false,
                        false, false, null, creator);
            case SbEntry.POST: {
                DetOp op = e.op;
                long[] created = new long[op.words()];
                for (int k = 0; k < created.length; k++) {
                    created[k] = Footprint.process(op.w[k].code());
                }
                return new Footprint(Schedule.DRAIN, t.index, t.node, null, null, queuePair(t, op.target()), null, false,
                        false, false, false, created, creator);
            }
            default:
                return new Footprint(Schedule.DRAIN, t.index, t.node, null, null, queuePair(t, e.target), null, false, false,
                        false, false, null, creator);
        }
    }

    private static Footprint nic(WordOp w, SameQpOrder order, boolean wordsUnordered) {
        DetOp op = w.op;
        DetThread t = op.thread;
        long[] reads = null;
        long[] writes = null;
        boolean rmwUnit = false;
        switch (op.kind()) {
            case PUT:
                if (w.stage == 0) {
                    reads = one(w.local, w.localOff);
                } else {
                    writes = one(w.remote, w.remoteOff);
                }
                break;
            case GET:
                if (w.stage == 0) {
                    reads = one(w.remote, w.remoteOff);
                } else {
                    writes = one(w.local, w.localOff);
                }
                break;
            default:
                if (w.stage == 0) {
                    reads = one(w.remote, w.remoteOff);
                    rmwUnit = true;
                } else if (w.stage == 1) {
                    writes = one(w.remote, w.remoteOff);
                    rmwUnit = true;
                } else {
                    writes = one(w.local, w.localOff);
                }
        }
        boolean first = w.stage == w.firstStage();
        long creator = first ? Schedule.code(Schedule.DRAIN, t.index, 0, op.postEntry) : -1;
        // whether this step makes its word complete (then it may complete the op: wait, gf, poll and
        // the queue pair's capacity see it)
        OpStage before = w.status();
        w.stage++;
        OpStage after = w.status();
        w.stage--;
        boolean completes = !order.complete(op.kind(), before, op.inline) && order.complete(op.kind(), after, op.inline);
        Footprint f = new Footprint(Schedule.NIC, t.index, op.target(), reads, writes, queuePair(t, op.target()),
                rmwUnit && op.kind() != OpKind.PUT && op.kind() != OpKind.GET ? w.raoClass : null, completes, false, false, false,
                null, creator);
        // what the step may make true for the later entries of the queue pair (an RMW's NAR moves it to
        // LOCKED if it writes, else on to WRITTEN: both are counted), and what its own guard reads
        List<OpStage> next = before == OpStage.POSTED && op.kind() != OpKind.PUT && op.kind() != OpKind.GET
                ? List.of(after, OpStage.WRITTEN) : List.of(after);
        int gates = 0;
        int fenceGates = 0;
        for (OpStage to : next) {
            int a = order.after(SameQpOrder.NOTHING_EARLIER, op.kind(), before, op.inline);
            int b = order.after(SameQpOrder.NOTHING_EARLIER, op.kind(), to, op.inline);
            gates |= b & ~a;
            fenceGates |= SameQpOrder.afterFence(b) & ~SameQpOrder.afterFence(a) & ~(b & ~a);
        }
        int gatedBy = 0;
        for (int bit = 1; bit <= SameQpOrder.NOTHING_EARLIER; bit <<= 1) {
            if (!order.enabled(SameQpOrder.NOTHING_EARLIER & ~bit, op.kind(), before, op.inline)) {
                gatedBy |= bit;
            }
        }
        return f.queued(opName(t, op), ((long) t.index << 32) | (w.seq & 0xffffffffL), gates, gatedBy,
                fenceGates, w.fencesBefore, first, wordsUnordered);
    }

    /** An operation's name in footprints: its thread and its id. */
    private static long opName(DetThread t, DetOp op) {
        return (long) t.index << 40 | op.id();
    }

    private static long[] opNames(DetThread t, List<DetOp> ops, int from) {
        long[] out = new long[Math.max(0, ops.size() - from)];
        for (int i = from; i < ops.size(); i++) {
            out[i - from] = opName(t, ops.get(i));
        }
        return out;
    }

    /** A queue pair's key: its thread and its target node. */
    private static long queuePair(DetThread t, int target) {
        return (long) t.index << 16 | target;
    }

    private static long[] concat(long[] a, long[] b) {
        if (a == null) {
            return b;
        }
        long[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
