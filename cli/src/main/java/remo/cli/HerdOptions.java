package remo.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.models.ModelLibrary;

/**
 * Options herd7 users bring along: where {@code .cat} files are looked up (remo's
 * {@code --cat-path}, herd7's {@code -I} and {@code -set-libdir}) and the bound on loop unrolling
 * ({@code --unroll}, herd7's {@code -unroll}).
 */
final class HerdOptions {

    /** herd7's default unrolling bound for non-ASL architectures (herd/opts.ml). */
    static final int DEFAULT_UNROLL = 2;

    @Option(names = "--cat-path", paramLabel = "DIR",
            description = "Look up --model FILE.cat and the models' includes in DIR first (repeatable, in order), then "
                    + "next to the including file and the model, then in remo's library.")
    List<Path> catPath = new ArrayList<>();

    @Option(names = "-I", paramLabel = "DIR", description = "herd7's spelling of --cat-path.")
    List<Path> includeDirs = new ArrayList<>();

    @Option(names = "-set-libdir", paramLabel = "DIR",
            description = "herd7's library directory: searched after --cat-path and -I.")
    List<Path> libDirs = new ArrayList<>();

    @Option(names = {"--unroll", "-unroll"}, paramLabel = "N", defaultValue = "" + DEFAULT_UNROLL,
            description = "Follow a backward jump (a loop) at most N times per execution, as herd7 -unroll; "
                    + "executions that would go further are cut and reported (default ${DEFAULT-VALUE}).")
    int unroll = DEFAULT_UNROLL;

    /** The cat path: {@code --cat-path}, then {@code -I}, then {@code -set-libdir} directories. */
    List<Path> directories() {
        List<Path> out = new ArrayList<>(catPath);
        out.addAll(includeDirs);
        out.addAll(libDirs);
        return out;
    }

    /**
     * The model library over the cat path.
     *
     * @param at where the command line's options are, to locate a bad directory
     * @throws DiagnosticException E-USAGE at the value of a directory option that is not a directory,
     *                             or for a negative {@code --unroll}
     */
    ModelLibrary library(ArgumentPositions at) throws DiagnosticException {
        return library(at, null);
    }

    /**
     * The model library over the cat path, reading relative names from {@code base} (a client's
     * directory, docs/daemon.md; null for the working directory).
     *
     * @throws DiagnosticException as {@link #library(ArgumentPositions)}
     */
    ModelLibrary library(ArgumentPositions at, Path base) throws DiagnosticException {
        check(at, "--cat-path", catPath, base);
        check(at, "-I", includeDirs, base);
        check(at, "-set-libdir", libDirs, base);
        if (unroll < 0) {
            throw ModelOptions.usage(at, "--unroll", "--unroll must be 0 or positive, not " + unroll);
        }
        return new ModelLibrary(directories(), base);
    }

    private static void check(ArgumentPositions at, String option, List<Path> dirs, Path base) throws DiagnosticException {
        List<Position> values = at.values(option);
        for (int i = 0; i < dirs.size(); i++) {
            if (!Files.isDirectory(base == null ? dirs.get(i) : base.resolve(dirs.get(i)))) {
                throw new DiagnosticException(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE,
                        i < values.size() ? values.get(i) : Position.START,
                        option + " " + dirs.get(i) + ": no such directory"));
            }
        }
    }
}
