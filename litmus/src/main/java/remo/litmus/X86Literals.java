package remo.litmus;

import java.math.BigInteger;

/**
 * Integer constants and thread numbers of the x86 dialects (language.md §2.3 and §10.4).
 */
final class X86Literals {

    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private X86Literals() {
    }

    /**
     * The value of {@code [-]NAT}, decimal or {@code 0x} hexadecimal.
     *
     * @param file     the file name for the diagnostic
     * @param negative whether a {@code -} precedes the number
     * @param nat      the {@code NAT} token
     * @return the signed 64-bit value
     * @throws LitmusException E-RANGE at {@code nat} if the value is outside the signed 64-bit range
     */
    static long constant(String file, boolean negative, X86Token nat) throws LitmusException {
        String t = nat.text();
        BigInteger v = t.startsWith("0x") || t.startsWith("0X") ? new BigInteger(t.substring(2), 16) : new BigInteger(t);
        if (negative) {
            v = v.negate();
        }
        if (v.compareTo(MIN) < 0 || v.compareTo(MAX) > 0) {
            throw X86Errors.range(file, nat.pos());
        }
        return v.longValue();
    }

    /**
     * The thread index named by a thread token: a {@code NAT} ({@code 1}) or a {@code PROC}
     * ({@code P1}). Indices too large for an {@code int} are returned as {@link Integer#MAX_VALUE}
     * (no such thread can exist); {@link #threadText} gives the number as written.
     */
    static int threadIndex(X86Token token) {
        String digits = threadText(token);
        BigInteger v = new BigInteger(digits);
        return v.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) >= 0 ? Integer.MAX_VALUE : v.intValue();
    }

    /** The digits of a thread token, without leading zeros ({@code 1} for {@code P01} or {@code 001}). */
    static String threadText(X86Token token) {
        String digits = token.kind() == X86Token.Kind.NAT ? token.text() : token.text().substring(1);
        boolean hex = digits.startsWith("0x") || digits.startsWith("0X");
        return (hex ? new BigInteger(digits.substring(2), 16) : new BigInteger(digits)).toString();
    }
}
