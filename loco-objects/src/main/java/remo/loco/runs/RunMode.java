package remo.loco.runs;

/** How a required run of loco.md §4.10 executes on the simulated NIC (nic.md §5). */
public enum RunMode {
    /** The seeded adversarial scheduler (policy SWARM); reproducible from the seed. */
    DETERMINISTIC,
    /** Real threads and NIC worker threads. */
    CONCURRENT
}
