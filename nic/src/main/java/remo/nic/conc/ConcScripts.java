package remo.nic.conc;

import remo.core.rdma.EventLabel;
import remo.nic.Call;
import remo.nic.Region;
import remo.nic.ThreadScript;
import remo.nic.error.RdmaFailureException;
import remo.nic.error.SimulationDeadlockException;
import remo.nic.fabric.SimRegion;
import remo.nic.trace.Recorder;

/**
 * Runs a {@link ThreadScript} in concurrent mode: the script's thread takes each call from the
 * script and performs it on its endpoint, feeding the result to the next call (a litmus thread,
 * nic.md §6.5). A script's {@code await} gives up after {@link ConcEngine#AWAIT_TIMEOUT_NANOS}.
 */
final class ConcScripts {

    private ConcScripts() {
    }

    /** Runs {@code script} on {@code ep} to its end (on the endpoint's own platform thread). */
    static void run(ThreadScript script, ConcEndpoint ep) {
        script.start(ep);
        long deadline = System.nanoTime() + ConcEngine.AWAIT_TIMEOUT_NANOS;
        long res = 0;
        Call c = script.next(res);
        while (c != null) {
            try {
                res = perform(ep, c, deadline);
            } catch (RdmaFailureException f) {
                // nic.md §7.4: the script may handle the failure (ThreadScript.recover), else it ends the thread
                c = script.recover(f);
                if (c == null) {
                    throw f;
                }
                continue;
            }
            c = script.next(res);
        }
    }

    /** Performs one call of a script on {@code ep}; returns its result (0 for calls without one). */
    static long perform(ConcEndpoint ep, Call c, long deadlineNanos) {
        if (c instanceof Call.Load l) {
            return ep.load(l.region(), l.offset());
        } else if (c instanceof Call.Await a) {
            return await(ep, a.region(), a.offset(), a.expected(), deadlineNanos);
        } else if (c instanceof Call.Store s) {
            ep.store(s.region(), s.offset(), s.value());
        } else if (c instanceof Call.MFence) {
            ep.mfence();
        } else if (c instanceof Call.Cas s) {
            return ep.cas(s.region(), s.offset(), s.expect(), s.update());
        } else if (c instanceof Call.Faa s) {
            return ep.faa(s.region(), s.offset(), s.delta());
        } else if (c instanceof Call.Swap s) {
            return ep.swap(s.region(), s.offset(), s.value());
        } else if (c instanceof Call.Put p) {
            return ep.put(p.workId(), p.dst(), p.dstOffset(), p.src(), p.srcOffset(), p.words(), p.options()).id();
        } else if (c instanceof Call.Get g) {
            return ep.get(g.workId(), g.dst(), g.dstOffset(), g.src(), g.srcOffset(), g.words()).id();
        } else if (c instanceof Call.RCas r) {
            return ep.rcas(r.workId(), r.result(), r.resultOffset(), r.target(), r.targetOffset(), r.expect(), r.update()).id();
        } else if (c instanceof Call.RFaa r) {
            return ep.rfaa(r.workId(), r.result(), r.resultOffset(), r.target(), r.targetOffset(), r.delta()).id();
        } else if (c instanceof Call.RFence f) {
            ep.rfence(f.node());
        } else if (c instanceof Call.WaitFor w) {
            ep.waitFor(w.workId());
        } else if (c instanceof Call.Gf) {
            ep.gf();
        } else if (c instanceof Call.Poll p) {
            ep.poll(p.node());
        } else if (c instanceof Call.OpValue v) {
            return v.op().value();
        } else if (c instanceof Call.Lookup l) {
            return ep.core.lookup(l.node(), l.name(), l.capability(), l.internal()).id();
        } else {
            throw new IllegalArgumentException("unknown call " + c);
        }
        return 0;
    }

    /** Litmus {@code await}: a spin loop of reads at one po index, until {@code expected} or the deadline. */
    static long await(ConcEndpoint ep, Region r, int off, long expected, long deadlineNanos) {
        ep.enter("await");
        SimRegion s = ep.cpuRegion("await", r, off);
        long po = ep.nextPo();
        Recorder rec = ep.recorder();
        int spins = 0;
        while (true) {
            long v;
            if (rec == null) {
                v = s.mem.get(off);
            } else {
                synchronized (rec) {
                    v = s.mem.get(off);
                    rec.read(EventLabel.R, ep.index, ep.node, po, 0, 0, s, off, v, -1, -1, false);
                }
            }
            if (v == expected) {
                ep.awaiting = false;
                return v;
            }
            ep.awaiting = true;
            if ((spins & 1023) == 1023 && ep.engine().nothingCanChange(ep) && s.mem.get(off) != expected) {
                ep.awaiting = false;
                throw new SimulationDeadlockException(ep.who("await") + ": " + s.describe() + " offset " + off
                        + " never holds " + expected + ": every other thread has finished or is waiting and no NIC "
                        + "work is pending", null);
            }
            if (System.nanoTime() > deadlineNanos) {
                ep.awaiting = false;
                throw new SimulationDeadlockException(ep.who("await") + ": " + s.describe() + " offset " + off
                        + " never held " + expected + " before the deadline", null);
            }
            if (++spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }
}
