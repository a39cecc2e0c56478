package remo.nic.explore;

/**
 * A run of the explored program did not offer, at some step, the choices the run it replays offered:
 * the set-up or a thread body depends on something besides the schedule (randomness, the clock, Java
 * state shared across nodes or kept from an earlier run). The explorer cannot enumerate such a
 * program; the message names the step and both sets of choices.
 */
public final class NondeterministicProgramException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NondeterministicProgramException(int step, String expected, String found) {
        super("the program is not deterministic: at step " + step + " the replayed run offered [" + expected
                + "] but this run offers [" + found + "]; thread bodies and the set-up must depend only on the "
                + "values the simulated calls return");
    }
}
