package remo.cli;

import java.io.IOException;
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
     * Checks, before the run, that {@code file} does not name a directory (refused in remo's words,
     * not with the JDK's "Is a directory" once the run is over).
     *
     * @param file    the file to write, or {@code null} when the option is absent
     * @param what    what the option names, e.g. {@code --out names the report's file}
     * @param example a file name to suggest inside the directory, e.g. {@code report.html}
     * @throws DiagnosticException E-IO against {@code file} when it is a directory
     */
    static void requireNotDirectory(Path file, String what, String example) throws DiagnosticException {
        if (file != null && Files.isDirectory(file)) {
            throw new DiagnosticException(Diagnostic.error("E-IO", file.toString(), Position.START,
                    file + " is a directory; " + what + ", e.g. " + file.resolve(example)));
        }
    }

    /**
     * Checks that a file can be written into the existing directory {@code dir}, by creating one
     * there and deleting it: a directory that takes no file ({@code /proc}, a read-only one) passes
     * {@link Files#isDirectory} and, as root, {@link Files#isWritable} too.
     *
     * @param dir  the directory ({@code ""}: the current one)
     * @param what what is to be written there, e.g. {@code a test}
     * @throws DiagnosticException E-IO against the directory
     */
    static void requireWritableDirectory(Path dir, String what) throws DiagnosticException {
        Path absolute = dir.toAbsolutePath();
        try {
            Files.delete(Files.createTempFile(absolute, ".remo-write-check-", ".tmp"));
        } catch (IOException | SecurityException e) {
            String reason = remo.core.UserPath.describe(e);
            throw new DiagnosticException(Diagnostic.error("E-IO", dir.toString().isEmpty() ? "." : dir.toString(),
                    Position.START, "cannot write " + what + " into directory " + absolute + " (" + reason + ")"));
        }
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

    /**
     * Writes {@code bytes} to {@code file} atomically: into a temporary file beside it, then renamed
     * into place, so that a failed write leaves no half-written file and a reader sees the old file
     * or the new one.
     *
     * @throws IOException if the temporary file cannot be written or renamed (it is then removed)
     */
    static void writeAtomically(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = java.nio.file.Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            java.nio.file.Files.write(tmp, bytes);
            java.nio.file.Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } finally {
            java.nio.file.Files.deleteIfExists(tmp);
        }
    }
}
