package remo.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The one place where a path taken from user text (a command-line argument, a cat
 * {@code include "…"}, a row of an {@code --expect} TSV, a line of an index file) becomes a
 * {@link Path}, and where a failure to read one is put into words. What the file system cannot
 * take (an empty name, a NUL byte) is a located diagnostic, never an exception escaping to the
 * user; the name is quoted with {@link SourceText#quote}.
 */
public final class UserPath {

    private UserPath() {
    }

    /**
     * The path named by {@code text}, resolved against {@code base}.
     *
     * @param base    the directory relative names are resolved against, or null for the working directory
     * @param text    the name as the user wrote it
     * @param file    the file (or {@code <command line>}) the name was written in, for the diagnostic
     * @param at      where the name is in that file
     * @param code    the diagnostic code ({@code E-IO}, {@code E-CAT-INCLUDE}, {@code E-EXPECT})
     * @param purpose what the name is for, as messages say it ({@code "included file"})
     * @return the path (not checked for existence)
     * @throws DiagnosticException {@code code} at {@code at} for an empty name or one the file
     *                             system cannot represent (a NUL byte)
     */
    public static Path resolve(Path base, String text, String file, Position at, String code, String purpose)
            throws DiagnosticException {
        if (text.isEmpty()) {
            throw new DiagnosticException(Diagnostic.error(code, file, at, "empty " + purpose + " name"));
        }
        try {
            Path p = Path.of(text);
            return base == null ? p : base.resolve(p);
        } catch (InvalidPathException e) {
            int bad = e.getIndex() >= 0 && e.getIndex() < text.length() ? text.codePointAt(e.getIndex())
                    : text.indexOf('\0') >= 0 ? 0 : -1;
            throw new DiagnosticException(Diagnostic.error(code, file, at, "invalid " + purpose + " name '"
                    + SourceText.quote(text) + "'" + (bad < 0 ? ": " + e.getReason()
                    : ": a file name cannot contain the character " + SourceText.show(bad))));
        }
    }

    /**
     * Why {@code p} cannot be read as a file or directory, or null if it can be: "no such file or
     * directory", "permission denied", "too many levels of symbolic links (a symbolic-link loop)",
     * "a component of the path is not a directory".
     */
    public static String whyUnreadable(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            if (a.isDirectory() && !Files.isReadable(p)) {
                return "permission denied (cannot list the directory)";
            }
            if (a.isRegularFile() && !Files.isReadable(p)) {
                return "permission denied";
            }
            return null;
        } catch (IOException | RuntimeException e) {
            if (e instanceof NoSuchFileException && Files.isSymbolicLink(p)) {
                return "dangling symbolic link (its target does not exist)";
            }
            return describe(e);
        }
    }

    /**
     * A failure to read a file or directory, in words (for messages such as
     * {@code cannot read file: permission denied}).
     *
     * @param e the exception the file system raised
     */
    public static String describe(Throwable e) {
        if (SourceText.isEncodingProblem(e)) {
            return "the file is not UTF-8 text";
        }
        if (e instanceof java.io.UncheckedIOException u && u.getCause() != null) {
            return describe(u.getCause());
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemLoopException || isLoop(e)) {
            return "too many levels of symbolic links (a symbolic-link loop)";
        }
        if (e instanceof NotDirectoryException) {
            return "a component of the path is not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason().toLowerCase(java.util.Locale.ROOT);
        }
        if (e instanceof java.io.IOException && "Is a directory".equals(e.getMessage())) {
            return "it is a directory, not a file"; // the JDK's read of a directory, in remo's words
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : SourceText.quote(m);
    }

    private static boolean isLoop(Throwable e) {
        return e instanceof FileSystemException f && f.getReason() != null
                && f.getReason().contains("Too many levels of symbolic links");
    }
}
