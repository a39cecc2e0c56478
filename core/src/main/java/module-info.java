/**
 * remo's shared vocabulary: events, execution graphs, RDMA operations and flags, read by every
 * other module (docs/reference/models.md §2).
 */
module remo.core {
    exports remo.core;
    exports remo.core.graph;
    exports remo.core.rdma;
}
