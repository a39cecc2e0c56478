/**
 * LOCO-style objects on the simulated NIC (docs/reference/loco.md §1), their sequential and Mowgli
 * specifications and the linearizability checker; benchmarks and fault runs are the command line's.
 */
module remo.loco {
    requires transitive remo.nic;
    requires remo.models;

    exports remo.loco;
    exports remo.loco.lin;
    exports remo.loco.spec;
    exports remo.loco.bench to remo.cli;
    exports remo.loco.runs to remo.cli;
}
