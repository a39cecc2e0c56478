package remo.litmus;

/** Static validation of language.md §6.2 steps 2–4. UNDER CONSTRUCTION. */
public final class ProgramValidator {
    private ProgramValidator() {
    }

    /** @throws LitmusException for the first error in the order of language.md §6.2 */
    public static void validate(Program program) throws LitmusException {
        throw new UnsupportedOperationException("validator not yet written");
    }
}
