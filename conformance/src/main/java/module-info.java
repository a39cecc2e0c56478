/** Recorded executions of the simulated NIC judged by the models: trace conformance, litmus runs. */
module remo.conformance {
    requires transitive remo.checker;
    requires transitive remo.nic;

    exports remo.conformance;
    exports remo.conformance.genc to remo.cli;
}
