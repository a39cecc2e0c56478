package remo.testing;

import java.nio.file.Path;
import remo.litmus.Program;

/**
 * A falsified {@link LitmusProperty}: thrown by the failing try, with the full report as its
 * message (seed, shrink steps, the shrunk program, the {@code ./remo check} line, the command that
 * re-runs the property) and the shrunk program's own failure as its cause. The fields let a test
 * inspect a failure, e.g. through JUnit's {@code EngineTestKit}.
 */
public final class PropertyFailedError extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final String property;
    private final long seed;
    private final long index;
    private final transient Program original;
    private final transient Program shrunk;
    private final int shrinkSteps;
    private final int shrinkRuns;
    private final transient Path failureFile;
    private final String checkCommand;
    private final String rerunCommand;

    PropertyFailedError(String message, Throwable cause, String property, long seed, long index, Program original,
                        Program shrunk, int shrinkSteps, int shrinkRuns, Path failureFile, String checkCommand,
                        String rerunCommand) {
        super(message, cause);
        this.property = property;
        this.seed = seed;
        this.index = index;
        this.original = original;
        this.shrunk = shrunk;
        this.shrinkSteps = shrinkSteps;
        this.shrinkRuns = shrinkRuns;
        this.failureFile = failureFile;
        this.checkCommand = checkCommand;
        this.rerunCommand = rerunCommand;
    }

    /** The property, {@code TestClass.method}. */
    public String property() {
        return property;
    }

    /** The property's seed in this run. */
    public long seed() {
        return seed;
    }

    /** The index of the falsifying try (its program is draw {@code index} of {@link #seed()}). */
    public long index() {
        return index;
    }

    /** The drawn program that falsified the property. */
    public Program original() {
        return original;
    }

    /** The shrunk program (the original if it could not be shrunk). */
    public Program shrunk() {
        return shrunk;
    }

    /** Edits the shrinker accepted (0 if it could not shrink). */
    public int shrinkSteps() {
        return shrinkSteps;
    }

    /** Re-runs of the property method while shrinking. */
    public int shrinkRuns() {
        return shrinkRuns;
    }

    /** The litmus file of the shrunk program, or null if it could not be written. */
    public Path failureFile() {
        return failureFile;
    }

    /** The {@code ./remo check} command line for the shrunk program (null if no file was written). */
    public String checkCommand() {
        return checkCommand;
    }

    /** The Maven command line that re-runs the property with this seed. */
    public String rerunCommand() {
        return rerunCommand;
    }
}
