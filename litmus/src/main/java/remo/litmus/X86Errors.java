package remo.litmus;

import remo.core.Diagnostic;
import remo.core.Position;

/**
 * Builders for the diagnostics of the x86 dialects (language.md §10.5, with the messages of
 * language.md §6.3). Each method returns the exception for the caller to throw.
 */
final class X86Errors {

    private X86Errors() {
    }

    /** E-SYNTAX at {@code found}: {@code syntax error: expected <what>, found '<tok>'}. */
    static LitmusException syntax(String file, X86Token found, String expected) {
        return error("E-SYNTAX", file, found.pos(), "syntax error: expected " + expected + ", found " + found.describe());
    }

    /** E-X86-UNSUPPORTED at {@code pos}: {@code unsupported X86 construct: <text>}. */
    static LitmusException unsupported(String file, Position pos, String text) {
        return error("E-X86-UNSUPPORTED", file, pos, "unsupported X86 construct: " + text);
    }

    /** E-X86-UNSUPPORTED at {@code pos} with a reason: {@code unsupported X86 construct: <text> (<why>)}. */
    static LitmusException unsupported(String file, Position pos, String text, String why) {
        return error("E-X86-UNSUPPORTED", file, pos, "unsupported X86 construct: " + text + " (" + why + ")");
    }

    /** E-X86-LOCK at {@code pos}: {@code illegal lock prefix on <MNEMONIC>}. */
    static LitmusException illegalLock(String file, Position pos, String mnemonic) {
        return error("E-X86-LOCK", file, pos, "illegal lock prefix on " + mnemonic);
    }

    /** E-RANGE at the {@code NAT} token. */
    static LitmusException range(String file, Position pos) {
        return error("E-RANGE", file, pos, "integer literal out of the 64-bit range");
    }

    /** E-UNKNOWN-THREAD at the thread token: {@code unknown thread <i>}. */
    static LitmusException unknownThread(String file, Position pos, String index) {
        return error("E-UNKNOWN-THREAD", file, pos, "unknown thread " + index);
    }

    /** An error with the given code, position and message. */
    static LitmusException error(String code, String file, Position pos, String message) {
        return new LitmusException(Diagnostic.error(code, file, pos, message));
    }
}
