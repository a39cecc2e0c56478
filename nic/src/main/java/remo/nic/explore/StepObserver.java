package remo.nic.explore;

import remo.nic.EngineState;

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
        public void before(EngineState state) {
        }
    };

    /** A run is about to start (its set-up has not run yet). */
    void runStarting();

    /** A step is about to run; {@code state} is the state before it (a copy the observer may keep). */
    void before(EngineState state);
}
