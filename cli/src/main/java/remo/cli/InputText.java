package remo.cli;

import remo.core.UserPath;

/** Messages about files the command line reads (expectation TSVs, logs). */
final class InputText {

    private InputText() {
    }

    /** A readable reason for a failure to read a file ({@link UserPath#describe}). */
    static String describe(Throwable e) {
        return UserPath.describe(e);
    }
}
