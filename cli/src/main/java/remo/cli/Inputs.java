package remo.cli;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.InputLimits;
import remo.core.Position;
import remo.core.SourceText;
import remo.core.UserPath;
import remo.models.ModelLibrary;

/**
 * Expands command-line inputs: a file is itself; a directory is every {@code *.litmus} below it,
 * sorted; an index file, as herd7 reads them (a file whose name starts with {@code @}, such as
 * {@code @all}), is the inputs it lists, one per line, relative to its own directory, skipping
 * blank lines and lines starting with {@code #}; an index may list indexes.
 */
final class Inputs {

    private Inputs() {
    }

    /**
     * One input file: its path and the name to show in messages; for a missing one, the problem
     * and where it is reported ({@code problemFile}:{@code problemAt}, the file itself at 1:1, or
     * the command line at the argument for an argument that names no file).
     */
    record Input(Path path, String shown, boolean missing, String problem, String problemFile, Position problemAt) {
        Input(Path path, String shown, boolean missing, String problem) {
            this(path, shown, missing, problem, shown, Position.START);
        }

        Input(Path path, String shown, boolean missing) {
            this(path, shown, missing, missing ? "no such file or directory" : null);
        }

        /** The E-IO error of a missing input. */
        Diagnostic problemDiagnostic() {
            return Diagnostic.error("E-IO", problemFile, problemAt, problem);
        }
    }

    /** Expands {@code args} into files; a nonexistent path yields an input marked missing. */
    static List<Input> expand(List<String> args) {
        return expand(args, List.of());
    }

    /**
     * Expands {@code args} into files, as {@link #expand(List)}; an argument that names no file
     * (the empty string) is reported at its column in {@code commandLine} (the whole command line,
     * the subcommand's name first), against {@code <command line>}.
     */
    static List<Input> expand(List<String> args, List<String> commandLine) {
        return expand(args, commandLine, null);
    }

    /**
     * Expands {@code args} as {@link #expand(List, List)}, reading relative names from
     * {@code base} (a client's directory, for the {@code remo} server of docs/daemon.md; null
     * for the working directory). Every name shown is as the user wrote it, or as a directory
     * walk or an index gives it from that name; only the inputs' paths are resolved.
     */
    static List<Input> expand(List<String> args, List<String> commandLine, Path base) {
        List<Input> out = new ArrayList<>();
        int searchFrom = 0;
        for (String a : args) {
            Path p;
            try {
                p = UserPath.resolve(null, a, a, Position.START, "E-IO", "input file");
            } catch (DiagnosticException e) {
                Position at = Position.START;
                int column = 1;
                for (int i = 0; i < commandLine.size(); i++) {
                    if (i >= searchFrom && i > 0 && commandLine.get(i).equals(a)) {
                        at = new Position(1, column);
                        searchFrom = i + 1;
                        break;
                    }
                    column += commandLine.get(i).length() + 1;
                }
                out.add(new Input(Path.of(""), a, true, e.diagnostic().message(), ModelLibrary.COMMAND_LINE, at));
                continue;
            }
            new Expansion(base).expand(p, a, null, new LinkedHashSet<>(), out);
        }
        return out;
    }

    /** Why an input that exists but is no regular file is not read. */
    private static final String NOT_A_FILE = "not a regular file (devices, pipes and sockets are not read)";

    /** Whether {@code p} names an index file (herd7: its base name starts with {@code @}). */
    static boolean isIndex(Path p) {
        Path name = p.getFileName();
        return name != null && name.toString().startsWith("@");
    }

    /** One expansion: the directory relative names are read from. */
    private record Expansion(Path base) {

        /** {@code p} as the file system must be asked for it. */
        private Path io(Path p) {
            return base == null || p.isAbsolute() ? p : base.resolve(p);
        }

        /** The name a walk of {@code shown} (read as {@code read}) gives to the file {@code f} below it. */
        private static Path shownBelow(Path shown, Path read, Path f) {
            return read == shown ? f : shown.resolve(read.relativize(f));
        }

        /**
         * @param listedIn where the input was listed ({@code @all:3}), or null for the command line
         * @param indexes  the index files being read, to refuse an index that lists itself
         */
        private void expand(Path shownPath, String shown, String listedIn, Set<Path> indexes, List<Input> out) {
            String where = listedIn == null ? "" : " (listed in " + listedIn + ")";
            Path p = io(shownPath);
            if (Files.isDirectory(p)) {
                int before = out.size();
                List<Found> found;
                try {
                    found = litmusFilesBelow(p);
                } catch (IOException | RuntimeException e) {
                    out.add(new Input(p, shown, true, "cannot read directory: " + UserPath.describe(e) + where));
                    return;
                }
                for (Found entry : found) {
                    // a .litmus name that is not a readable file (a dangling link, a pipe) is named, not skipped
                    Path f = entry.path();
                    String name = shownBelow(shownPath, p, f).toString();
                    if (entry.problem() != null) {
                        // a directory below that cannot be read is named; the others are still checked
                        out.add(new Input(f, name, true, "cannot read directory: " + entry.problem() + where));
                    } else if (entry.regularFile()) {
                        out.add(new Input(f, name, false));
                    } else {
                        String why = UserPath.whyUnreadable(f);
                        out.add(new Input(f, name, true, why != null ? why : NOT_A_FILE));
                    }
                }
                if (out.size() == before) {
                    out.add(new Input(p, shown, true, "no .litmus files in this directory" + where));
                }
            } else if (Files.exists(p) && !Files.isRegularFile(p)) {
                out.add(new Input(p, shown, true, NOT_A_FILE + where));
            } else if (!Files.isRegularFile(p)) {
                String why = UserPath.whyUnreadable(p);
                out.add(new Input(p, shown, true, (why == null ? "no such file or directory" : why) + where));
            } else if (isIndex(p)) {
                index(shownPath, p, shown, indexes, out);
            } else {
                out.add(new Input(p, shown, false));
            }
        }

        /**
         * A {@code *.litmus} name found below a directory, and whether it is (or links to) a regular
         * file; or an entry below it that could not be read ({@code problem}: why).
         */
        private record Found(Path path, boolean regularFile, String problem) {
            Found(Path path, boolean regularFile) {
                this(path, regularFile, null);
            }
        }

        /**
         * The {@code *.litmus} names below the directory {@code dir} that are no directories (nor
         * links to one), sorted by path: one walk, which reads each entry's attributes once (a
         * batch's walk is done by one thread before any test is checked); only a link is asked
         * again where it leads.
         *
         * @throws IOException if the directory or one below it cannot be read
         */
        private static List<Found> litmusFilesBelow(Path dir) throws IOException {
            List<Found> found = new ArrayList<>();
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attributes) {
                    if (!f.getFileName().toString().endsWith(".litmus")) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (attributes.isRegularFile()) {
                        found.add(new Found(f, true));
                    } else if (!attributes.isDirectory() && !Files.isDirectory(f)) {
                        found.add(new Found(f, Files.isRegularFile(f)));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
                    if (f.equals(dir)) {
                        throw e;
                    }
                    found.add(new Found(f, false, UserPath.describe(e)));
                    return FileVisitResult.CONTINUE;
                }
            });
            found.sort(java.util.Comparator.comparing(Found::path));
            return found;
        }

        private void index(Path shownPath, Path p, String shown, Set<Path> indexes, List<Input> out) {
            Path key = p.toAbsolutePath().normalize();
            Path listing = null;
            for (Path open : indexes) {
                listing = open; // the last one opened (the set keeps the open indexes in nesting order)
            }
            if (!indexes.add(key)) {
                out.add(new Input(p, shown, true, key.equals(listing) ? "index file lists itself"
                        : "index file lists itself (through another index)"));
                return;
            }
            List<String> lines;
            try {
                lines = SourceText.decode(InputLimits.read(p, shown), shown, "E-IO").lines().toList();
            } catch (DiagnosticException e) {
                out.add(new Input(p, shown, true, e.diagnostic().message()));
                indexes.remove(key);
                return;
            } catch (IOException | RuntimeException e) {
                out.add(new Input(p, shown, true, "cannot read index file: " + UserPath.describe(e)));
                indexes.remove(key);
                return;
            }
            Path dir = shownPath.getParent();
            int before = out.size();
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).trim();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                Path entry;
                try {
                    entry = UserPath.resolve(dir, line, shown, new Position(i + 1, 1), "E-IO", "input file");
                } catch (DiagnosticException e) {
                    out.add(new Input(p, shown, true, e.diagnostic().message() + " (listed in " + shown + ":" + (i + 1) + ")"));
                    continue;
                }
                expand(entry, entry.toString(), shown + ":" + (i + 1), indexes, out);
            }
            if (out.size() == before) {
                out.add(new Input(p, shown, true, "index file lists no inputs"));
            }
            indexes.remove(key);
        }
    }
}
