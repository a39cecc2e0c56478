package remo.litmus;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The registers of the x86 dialects (language.md §10.4), in any case, with or without {@code %}:
 * the general registers under their 64-, 32-, 16- and 8-bit names ({@code RAX EAX AX AL},
 * {@code R8 R8D R8W R8B}, …), {@code RIP} and the segment registers. All names of one general
 * register denote the same register, whose canonical name is the 64-bit upper-case one; a write
 * through a narrower name is not truncated (a deliberate simplification: litmus values are small,
 * and tests that mix access sizes on memory are refused with E-X86-MIXED).
 */
final class X86Registers {

    /** A register name: its canonical register and the width of the name in bytes. */
    private record Name(String canonical, int width) {
    }

    private static final Map<String, Name> NAMES = new HashMap<>();

    static {
        String[][] legacy = {
            {"RAX", "EAX", "AX", "AL"}, {"RBX", "EBX", "BX", "BL"}, {"RCX", "ECX", "CX", "CL"},
            {"RDX", "EDX", "DX", "DL"}, {"RSI", "ESI", "SI", "SIL"}, {"RDI", "EDI", "DI", "DIL"},
            {"RBP", "EBP", "BP", "BPL"}, {"RSP", "ESP", "SP", "SPL"},
        };
        for (String[] names : legacy) {
            put(names[0], names);
        }
        for (int k = 8; k <= 15; k++) {
            String r = "R" + k;
            put(r, new String[] {r, r + "D", r + "W", r + "B"});
        }
        NAMES.put("RIP", new Name("RIP", 8));
        NAMES.put("EIP", new Name("RIP", 4));
        for (String seg : new String[] {"CS", "DS", "ES", "FS", "GS", "SS"}) {
            NAMES.put(seg, new Name(seg, 2));
        }
    }

    private static void put(String canonical, String[] names) {
        int[] widths = {8, 4, 2, 1};
        for (int k = 0; k < names.length; k++) {
            NAMES.put(names[k], new Name(canonical, widths[k]));
        }
    }

    /** The canonical name of the accumulator, the implicit operand of {@code CMPXCHG}. */
    static final String RAX = "RAX";

    private X86Registers() {
    }

    /** Whether {@code name} (without {@code %}) is a register name, in any case. */
    static boolean isRegisterName(String name) {
        return NAMES.containsKey(name.toUpperCase(Locale.ROOT));
    }

    /**
     * The canonical name of register {@code name}: {@code RAX} for {@code EAX}, {@code eax},
     * {@code al} and {@code rax}.
     *
     * @throws IllegalArgumentException if {@code name} is not a register name
     */
    static String canonical(String name) {
        Name n = NAMES.get(name.toUpperCase(Locale.ROOT));
        if (n == null) {
            throw new IllegalArgumentException("not an x86 register: " + name);
        }
        return n.canonical();
    }

    /** The width in bytes of the register name {@code name} (8 for {@code RAX}, 4 for {@code EAX}, …). */
    static int width(String name) {
        Name n = NAMES.get(name.toUpperCase(Locale.ROOT));
        if (n == null) {
            throw new IllegalArgumentException("not an x86 register: " + name);
        }
        return n.width();
    }

    /**
     * The register as herd7 prints it in final states and conditions: the 64-bit lower-case name in
     * {@code X86_64} ({@code rax}, {@code r8}, {@code rip}), the 32-bit upper-case name of the eight
     * legacy registers in {@code X86} ({@code EAX}), the canonical name otherwise.
     */
    static String herdName(String canonical, Dialect dialect) {
        if (dialect == Dialect.X86_64) {
            return canonical.toLowerCase(Locale.ROOT);
        }
        boolean legacy = canonical.length() == 3 && canonical.charAt(0) == 'R' && !Character.isDigit(canonical.charAt(1))
                && !canonical.equals("RIP");
        return legacy ? "E" + canonical.substring(1) : canonical;
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
