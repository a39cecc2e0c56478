package remo.cli;

import remo.core.SourceText;

/** Messages about files the command line reads (expectation TSVs, logs). */
final class InputText {

    private InputText() {
    }

    /** A readable reason for a failure to read a file. */
    static String describe(Throwable e) {
        if (SourceText.isEncodingProblem(e)) {
            return "the file is not UTF-8 text";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
