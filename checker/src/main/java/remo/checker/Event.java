package remo.checker;

import remo.core.rdma.EventLabel;
import remo.core.rdma.OpKind;

/**
 * One event of a program's event structure (models.md §2.1). Events are identified by dense
 * indices ({@link #id()}): initial writes first (one per location, in declaration order), then
 * each thread's events in program order and intra-instruction order.
 *
 * @param id          dense index
 * @param kind        the event kind
 * @param thread      issuing thread, or -1 for {@link EventLabel#IW}
 * @param instruction index of the instruction in its thread, or -1 for {@code IW}
 * @param step        position in the instruction's event list (models.md §2.1)
 * @param location    location index (in {@code Program.locations()}), or -1
 * @param node        node where the event is performed
 * @param qp          queue-pair index for NIC events, polls and rfences; -1 otherwise
 * @param tag         work id of a NIC event's operation, or {@code null}
 * @param op          the NIC operation for NIC events, or {@code null}
 * @param locked      whether the event belongs to a locked CPU RMW
 * @param conditional whether the event exists only in some executions (the write of a cas or of
 *                    an rcas, depending on the value read)
 */
public record Event(int id, EventLabel kind, int thread, int instruction, int step, int location, int node, int qp,
                    String tag, OpKind op, boolean locked, boolean conditional) {

    /** A short label such as {@code NRW(x)} or {@code F}. */
    public String label(String locationName) {
        return location >= 0 ? kind + "(" + locationName + ")" : kind.toString();
    }
}
