package remo.nic;

import remo.nic.fabric.EndpointBase;

/** Named register values that make up the outcome of a Java litmus run (nic.md §6.6). */
public final class Registers {

    private Registers() {
    }

    /**
     * Records {@code value} as register {@code name} of the endpoint's thread. Not a memory event and
     * not a scheduling point; a later capture of the same name replaces the value.
     *
     * @throws IllegalArgumentException if {@code ep} is not an endpoint of a simulated cluster
     */
    public static void capture(Endpoint ep, String name, long value) {
        if (!(ep instanceof EndpointBase b)) {
            throw new IllegalArgumentException("Registers.capture: not a simulated endpoint: " + ep);
        }
        b.captureRegister(name, value);
    }
}
