package remo.nic.explore;

import remo.nic.det.Action;
import remo.nic.det.DetEngine;

/**
 * Watches the steps of every explored run, for checks that relate a run to another model step by
 * step (the trace validation of the locks against their TLA+ model, locks.md §10.7). Called on the
 * Java thread that holds the engine's baton, never on two threads at once.
 */
public interface StepObserver {

    /** Watches nothing. */
    StepObserver NONE = new StepObserver() {
        @Override
        public void runStarting() {
        }

        @Override
        public void before(DetEngine engine, Action chosen) {
        }
    };

    /** A run is about to start (its set-up has not run yet). */
    void runStarting();

    /** {@code chosen} is about to run; {@code engine.state()} is the state before it. */
    void before(DetEngine engine, Action chosen);
}
