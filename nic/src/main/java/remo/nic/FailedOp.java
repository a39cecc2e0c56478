package remo.nic;

import remo.core.rdma.OpKind;

/**
 * The error completion of a flushed work request (nic.md §7.2, §7.4): which op, and how far it got.
 *
 * @param thread  name of the issuing simulated thread
 * @param opId    the op's per-endpoint id ({@link Op#id()})
 * @param kind    PUT, GET, RCAS or RFAA
 * @param target  the target node
 * @param workId  the work id's label, or {@code null} if untagged
 * @param reached the last step performed before the flush: {@code none} (never left the store buffer
 *                or the queue), or a step name such as {@code NLR}, {@code NAR}, {@code NRW}
 */
public record FailedOp(String thread, long opId, OpKind kind, int target, String workId, String reached) {

    @Override
    public String toString() {
        return thread + " op#" + opId + " " + kind + " to node " + target + (workId == null ? "" : " #" + workId)
                + " (reached: " + reached + ")";
    }
}
