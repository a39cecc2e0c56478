package remo.litmus;

import java.util.Locale;
import java.util.Set;

/**
 * The registers of the x86 dialects (language.md §10.4): {@code EAX EBX ECX EDX ESI EDI EBP ESP}
 * and {@code RAX RBX RCX RDX RSI RDI RBP RSP}, in any case, with or without {@code %}. A 32-bit
 * name and its 64-bit name denote the same register, whose canonical name is the 64-bit
 * upper-case one.
 */
final class X86Registers {

    private static final Set<String> NAMES = Set.of(
            "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP",
            "RAX", "RBX", "RCX", "RDX", "RSI", "RDI", "RBP", "RSP");

    /** The canonical name of the accumulator, the implicit operand of {@code CMPXCHG}. */
    static final String RAX = "RAX";

    private X86Registers() {
    }

    /** Whether {@code name} (without {@code %}) is a register name, in any case. */
    static boolean isRegisterName(String name) {
        return NAMES.contains(name.toUpperCase(Locale.ROOT));
    }

    /**
     * The canonical name of register {@code name}: {@code RAX} for {@code EAX}, {@code eax} and
     * {@code rax}.
     *
     * @throws IllegalArgumentException if {@code name} is not a register name
     */
    static String canonical(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (!NAMES.contains(upper)) {
            throw new IllegalArgumentException("not an x86 register: " + name);
        }
        return upper.charAt(0) == 'E' ? "R" + upper.substring(1) : upper;
    }

    /**
     * The register spelling of {@code token} without {@code %} if the token is a register
     * ({@code EAX}, {@code rax}, {@code %eax}), or {@code null} otherwise.
     */
    static String spelling(X86Token token) {
        String name;
        if (token.kind() == X86Token.Kind.IDENT) {
            name = token.text();
        } else if (token.kind() == X86Token.Kind.REG_PERCENT) {
            name = token.text().substring(1);
        } else {
            return null;
        }
        return isRegisterName(name) ? name : null;
    }

    /** Whether {@code token} names a register. */
    static boolean isRegister(X86Token token) {
        return spelling(token) != null;
    }

    /** The {@link Register} that {@code token} denotes, at its position. Requires {@link #isRegister}. */
    static Register register(X86Token token) {
        return new Register(canonical(spelling(token)), token.pos());
    }

    /** Whether {@code token} is a thread name {@code P<digits>}. */
    static boolean isProc(X86Token token) {
        String t = token.text();
        if (token.kind() != X86Token.Kind.IDENT || t.length() < 2 || t.charAt(0) != 'P') {
            return false;
        }
        for (int k = 1; k < t.length(); k++) {
            if (t.charAt(k) < '0' || t.charAt(k) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code token} can name a memory location: an identifier that is neither a register
     * nor a thread name.
     */
    static boolean isLocationName(X86Token token) {
        return token.kind() == X86Token.Kind.IDENT && !isRegister(token) && !isProc(token);
    }
}
