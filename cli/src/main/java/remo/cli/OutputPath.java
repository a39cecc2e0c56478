package remo.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;

/** Paths the commands write to ({@code --out}, {@code --graph}): validation and failure messages. */
final class OutputPath {

    private OutputPath() {
    }

    /**
     * Rejects an empty path ({@code --graph ""}), which would silently mean the current directory.
     *
     * @param args   the command line, to point at the empty argument
     * @param option the option, e.g. {@code --graph}
     * @param path   its value, or {@code null} when the option is absent
     * @throws DiagnosticException E-USAGE at the option's value
     */
    static void requireNonEmpty(ArgumentPositions args, String option, Path path) throws DiagnosticException {
        if (path != null && path.toString().isEmpty()) {
            throw ModelOptions.usage(args, option, option + " needs a path, not an empty string");
        }
    }

    /**
     * Checks that the directory a file is to be written into exists (nothing is created).
     *
     * @param file the file to write
     * @throws DiagnosticException E-IO against {@code file} when its directory does not exist or is not a directory
     */
    static void requireDirectoryOf(Path file) throws DiagnosticException {
        Path parent = file.getParent();
        if (parent == null || Files.isDirectory(parent)) {
            return;
        }
        String problem = Files.exists(parent) ? parent + " is not a directory" : "directory " + parent + " does not exist";
        throw new DiagnosticException(Diagnostic.error("E-IO", file.toString(), Position.START, problem));
    }

    /**
     * Why a file or directory could not be written, naming the path that failed (Java's exceptions
     * carry only the path): e.g. {@code directory out/x does not exist}, {@code cannot write
     * /proc/r.html: No such file or directory}, {@code cannot write r.html: permission denied}.
     */
    static String describeWriteFailure(Exception e) {
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " exists and is not a directory";
        }
        if (e instanceof NotDirectoryException f) {
            return f.getFile() + " is not a directory";
        }
        if (e instanceof AccessDeniedException f) {
            return "cannot write " + f.getFile() + ": permission denied";
        }
        if (e instanceof NoSuchFileException f && f.getFile() != null) {
            Path parent = Path.of(f.getFile()).getParent();
            if (parent != null && !Files.exists(parent)) {
                return "directory " + parent + " does not exist";
            }
            return "cannot write " + f.getFile() + ": " + (f.getReason() == null ? "No such file or directory" : f.getReason());
        }
        if (e instanceof FileSystemException f && f.getFile() != null) {
            return "cannot write " + f.getFile() + (f.getReason() == null ? "" : ": " + f.getReason());
        }
        String m = e.getMessage();
        return "cannot write: " + (m == null ? e.getClass().getSimpleName() : m);
    }
}
