package remo.core;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one way remo writes a file the user asked for (an HTML report, execution graphs, generated
 * or shrunk litmus tests, a compare-models test): the bytes go into a temporary file in the target's
 * directory, which is then renamed onto the target. A reader therefore sees the old file or the new
 * one, never a part; a write that fails (a full disk, a quota, an I/O error) removes the temporary
 * file and leaves the target as it was; of two runs writing the same file at once, the last rename
 * wins and each run's own file is whole (docs/cli.md, "Output files").
 */
public final class OutputFile {

    /** Opens the stream a temporary file is written through; replaced by tests to inject write failures. */
    @FunctionalInterface
    public interface Opener {
        /**
         * @param temporary the temporary file (already created, empty)
         * @return a stream that writes it
         * @throws IOException if it cannot be opened
         */
        OutputStream open(Path temporary) throws IOException;
    }

    private static final Opener FILES = Files::newOutputStream;
    private static volatile Opener opener = FILES;

    private OutputFile() {
    }

    /** The cause of a failed write, with the file it was for, in words ({@link #getMessage()}). */
    public static final class WriteFailure extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Path file;

        WriteFailure(Path file, String reason, boolean existed, Throwable cause) {
            super("cannot write " + file + ": " + reason + (existed ? " (the file is left as it was)" : " (the file is not created)"),
                    cause);
            this.file = file;
        }

        /** The file that was to be written. */
        public Path file() {
            return file;
        }
    }

    /**
     * Writes {@code bytes} to {@code file} atomically (see the class comment).
     *
     * @param file  the target; its directory must exist
     * @param bytes the whole content
     * @throws WriteFailure naming {@code file} and why (e.g. {@code no space left on device}); the
     *                      temporary file is removed and {@code file} is unchanged
     */
    public static void writeAtomically(Path file, byte[] bytes) throws WriteFailure {
        Path dir = file.toAbsolutePath().getParent();
        boolean existed = Files.exists(file);
        Path tmp;
        try {
            tmp = temporaryBeside(dir, file.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            throw new WriteFailure(file, describe(e), existed, e);
        }
        try {
            try (OutputStream out = opener.open(tmp)) {
                out.write(bytes);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // the temporary file is in the target's own directory: a rename there is atomic on every
                // local file system; some network file systems say otherwise, and a plain replace is the best left
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            throw new WriteFailure(file, describe(e), existed, e);
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // the write failed already and is reported; a temporary file that cannot be removed is named there
            }
        }
    }

    private static final java.util.concurrent.atomic.AtomicLong COUNTER = new java.util.concurrent.atomic.AtomicLong();

    /**
     * A new empty file in {@code dir}, hidden, named after the target, this process and a counter.
     * Made with {@link Files#createFile} without attributes, so that it gets the permissions the
     * user's umask gives every new file ({@link Files#createTempFile} would make it private, and
     * the renamed output with it).
     */
    private static Path temporaryBeside(Path dir, String name) throws IOException {
        String stem = "." + (name.length() > 100 ? name.substring(0, 100) : name) + "." + ProcessHandle.current().pid() + ".";
        while (true) {
            try {
                return Files.createFile(dir.resolve(stem + COUNTER.incrementAndGet() + ".tmp"));
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // left by a dead process of the same pid: take the next number
            }
        }
    }

    /** As {@link #writeAtomically(Path, byte[])}, with text in UTF-8. */
    public static void writeAtomically(Path file, String text) throws WriteFailure {
        writeAtomically(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Why a write failed, in words: {@code no space left on device}, {@code permission denied}, … */
    static String describe(Throwable e) {
        if (e instanceof WriteFailure w) {
            return w.getMessage();
        }
        String reason = UserPath.describe(e);
        if (reason.length() > 1 && Character.isUpperCase(reason.charAt(0)) && Character.isLowerCase(reason.charAt(1))) {
            // the JDK's "No space left on device" as part of a sentence
            reason = Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        }
        return reason.isEmpty() ? e.getClass().getSimpleName() : reason;
    }

    /**
     * Replaces how temporary files are opened, for tests that inject write failures (a disk that
     * fills after some bytes); {@code null} restores the file system's.
     */
    public static void injectOpener(Opener o) {
        opener = o == null ? FILES : o;
    }
}
