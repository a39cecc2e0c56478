package remo.checker;

import java.util.List;
import remo.core.Diagnostic;
import remo.litmus.Program;

/**
 * What happened to one input file: a result, or the error that stopped it.
 *
 * @param file     the file name as given by the user
 * @param program  the parsed program, or {@code null} if parsing failed
 * @param result   the check result, or {@code null} if an error stopped the test
 * @param error    the first error, or {@code null}
 * @param warnings warnings (language.md §6.4) reported for the file
 */
public record TestOutcome(String file, Program program, CheckResult result, Diagnostic error, List<Diagnostic> warnings) {
    public TestOutcome {
        warnings = List.copyOf(warnings);
    }

    /** Whether the test ran to a result (possibly partial). */
    public boolean ran() {
        return result != null;
    }

    /** The test's name: from its header when parsed, else the file name. */
    public String name() {
        return program != null ? program.name() : file;
    }
}
