package remo.locks;

import java.util.HashMap;
import java.util.Map;
import remo.loco.Backoff;
import remo.nic.Endpoint;
import remo.nic.NodeSet;
import remo.nic.SimCluster;
import remo.nic.WorkId;

/**
 * Planted bugs in the real lock classes, for the model checker's mutation tests: each is a subclass
 * that overrides one step of the algorithm (locks.md §3.3, §5.3) with a plausible mistake. The model
 * checker must report each one, with the right kind of violation.
 */
public enum PlantedLockBugs {
    /** Ticket lock: the ticket is read before the RFAA that draws it has completed (a missing wait). */
    TICKET_MISSING_RFAA_WAIT(LockVariant.WEAK),
    /** Ticket lock: the release updates every replica but one (a wrong replica set: a lost wake-up). */
    TICKET_WRONG_REPLICA_SET(LockVariant.WEAK),
    /** Ticket lock: slots numbered per node, not globally (two nodes' threads share a row). */
    TICKET_WRONG_SLOT_NUMBERING(LockVariant.WEAK),
    /** Ticket lock: a thread enters only when a row passes its ticket (an off-by-one: nobody enters). */
    TICKET_STRICT_ENTRY(LockVariant.WEAK),
    /** Ticket lock: the release lets in the ticket after the next one (wrong FIFO order). */
    TICKET_SKIPS_A_TICKET(LockVariant.WEAK),
    /** Strong ticket lock without the gf of its release (the weak lock judged as the strong one). */
    STRONG_MISSING_GF(LockVariant.STRONG),
    /** CAS lock: a failed RCAS is taken as a win (a missing retry). */
    CAS_MISSING_RETRY(LockVariant.CAS_PUT),
    /** CAS lock: the RCAS's result is read before it lands (a missing wait). */
    CAS_MISSING_WAIT(LockVariant.CAS_PUT),
    /** CAS lock: the release's put of 0 is not preceded by gf (the critical section's ops may land after it). */
    CAS_MISSING_GF(LockVariant.CAS_PUT);

    private final LockVariant claims;

    PlantedLockBugs(LockVariant claims) {
        this.claims = claims;
    }

    /** The lock the bug's class claims to be (its checks are that lock's). */
    public LockVariant claims() {
        return claims;
    }

    /** Constructs the buggy lock on every participant (as {@link LockVariant#construct}). */
    public Map<Integer, RemoteLock> construct(SimCluster c, String name, int home, NodeSet clients, int slotsPerNode) {
        if (this == STRONG_MISSING_GF) {
            return LockVariant.WEAK.construct(c, name, home, clients, slotsPerNode);
        }
        Map<Integer, RemoteLock> out = new HashMap<>();
        for (int n : clients.union(NodeSet.of(home))) {
            out.put(n, claims.ticket() ? new BuggyTicketLock(this, c, n, name, home, clients, slotsPerNode)
                    : new BuggyCasLock(this, c, n, name, home, clients));
        }
        return out;
    }

    /** A weak ticket lock with one planted bug. */
    private static final class BuggyTicketLock extends TicketLock {
        private final PlantedLockBugs bug;

        BuggyTicketLock(PlantedLockBugs bug, SimCluster c, int node, String name, int home, NodeSet clients, int slots) {
            super(remo.loco.LocoNode.of(c.node(node)), name, LockKind.WEAK_TICKET, home, clients, slots);
            this.bug = bug;
        }

        @Override
        void beforeRelease(Endpoint ep) {
        }

        @Override
        void waitForTicket(Endpoint ep, WorkId wa) {
            if (bug != TICKET_MISSING_RFAA_WAIT) {
                super.waitForTicket(ep, wa);
            }
        }

        @Override
        boolean mayEnter(long maxRow, long my) {
            return bug == TICKET_STRICT_ENTRY ? maxRow > my : super.mayEnter(maxRow, my);
        }

        @Override
        long releasedRow(long ticket) {
            return bug == TICKET_SKIPS_A_TICKET ? ticket + 2 : super.releasedRow(ticket);
        }

        @Override
        NodeSet replicaTargets(NodeSet others) {
            if (bug == TICKET_WRONG_REPLICA_SET && others.size() > 1) {
                return others.minus(others.iterator().next());
            }
            return super.replicaTargets(others);
        }

        @Override
        int globalSlot(int clientIndex, int slotsPerNode, int local) {
            return bug == TICKET_WRONG_SLOT_NUMBERING ? local : super.globalSlot(clientIndex, slotsPerNode, local);
        }
    }

    /** A CAS spin lock (release by put) with one planted bug. */
    private static final class BuggyCasLock extends CasSpinLock {
        private final PlantedLockBugs bug;

        BuggyCasLock(PlantedLockBugs bug, SimCluster c, int node, String name, int home, NodeSet clients) {
            super(c.node(node), name, home, clients, ReleaseMode.PUT, Backoff.NONE);
            this.bug = bug;
        }

        @Override
        boolean retries() {
            return bug != CAS_MISSING_RETRY;
        }

        @Override
        void waitForResult(Endpoint ep, WorkId wa) {
            if (bug != CAS_MISSING_WAIT) {
                super.waitForResult(ep, wa);
            }
        }

        @Override
        void beforeRelease(Endpoint ep) {
            if (bug != CAS_MISSING_GF) {
                super.beforeRelease(ep);
            }
        }
    }
}
