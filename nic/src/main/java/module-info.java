/**
 * The simulated RDMA NIC (docs/reference/nic.md §1): clusters, queue pairs, threads, the
 * deterministic and concurrent engines and the model checker over the deterministic engine's
 * schedules ({@code remo.nic.explore}). The engines' internals are not exported.
 */
module remo.nic {
    requires transitive remo.core;
    requires com.fasterxml.jackson.databind;
    requires java.management;

    exports remo.nic;
    exports remo.nic.error;
    exports remo.nic.explore;
    exports remo.nic.bench to remo.cli;
}
