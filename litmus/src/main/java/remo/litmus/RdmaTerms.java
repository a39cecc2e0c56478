package remo.litmus;

import java.math.BigInteger;
import java.util.Map;
import java.util.Set;
import remo.core.Position;

/**
 * Parsers for the small terms shared by every part of the RDMA grammar: constants, operands,
 * registers, location names, node references, thread references and work ids
 * (language.md §2.3–§2.4, §3.1, §4.1), and the classification of identifiers.
 */
final class RdmaTerms {

    /** The reserved words of language.md §2.3. */
    static final Set<String> KEYWORDS = Set.of(
            "flags", "node", "put", "get", "rcas", "rfaa", "poll", "rfence", "wait", "gf", "mfence",
            "cas", "faa", "assume", "await", "exists", "forall", "filter", "locations", "true", "false", "not");

    private static final BigInteger MIN_LONG = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger MAX_LONG = BigInteger.valueOf(Long.MAX_VALUE);
    private static final String RANGE_MESSAGE = "integer literal out of the 64-bit range";

    /** A thread reference {@code NAT} or {@code PROC} resolved to its index, with its position. */
    record ThreadRef(int index, Position pos) {
    }

    private RdmaTerms() {
    }

    /** Whether {@code t} is a keyword. */
    static boolean isKeyword(Token t) {
        return t.kind() == Token.Kind.IDENT && KEYWORDS.contains(t.text());
    }

    /** Whether {@code t} is a {@code REG} token ({@code r[0-9]+}). */
    static boolean isRegister(Token t) {
        return t.kind() == Token.Kind.IDENT && isPrefixedNumber(t.text(), 'r');
    }

    /** Whether {@code t} is a {@code PROC} token ({@code P[0-9]+}). */
    static boolean isProc(Token t) {
        return t.kind() == Token.Kind.IDENT && isPrefixedNumber(t.text(), 'P');
    }

    /** Whether {@code t} can be a {@code LOCNAME}: an identifier that is no keyword, REG or PROC. */
    static boolean isLocationName(Token t) {
        return t.kind() == Token.Kind.IDENT && !isKeyword(t) && !isRegister(t) && !isProc(t);
    }

    private static boolean isPrefixedNumber(String s, char prefix) {
        if (s.length() < 2 || s.charAt(0) != prefix) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code const ::= ["-"] NAT}.
     *
     * @return the constant, positioned at its sign if any
     * @throws LitmusException E-SYNTAX if there is no constant here; E-RANGE (at the NAT) if the
     *                         value is outside the signed 64-bit range
     */
    static Operand.Constant constant(TokenCursor in, String what) throws LitmusException {
        Position pos = in.peek().pos();
        boolean negative = in.acceptSymbol("-");
        Token nat = in.peek();
        if (nat.kind() != Token.Kind.NAT) {
            throw in.syntaxError(negative ? "an integer" : what);
        }
        in.next();
        BigInteger value = new BigInteger(nat.text());
        if (negative) {
            value = value.negate();
        }
        if (value.compareTo(MIN_LONG) < 0 || value.compareTo(MAX_LONG) > 0) {
            throw in.error("E-RANGE", nat.pos(), RANGE_MESSAGE);
        }
        return new Operand.Constant(value.longValue(), pos);
    }

    /** Whether the current token can start an {@code operand} ({@code REG}, {@code NAT} or {@code -}). */
    static boolean atOperand(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        return isRegister(t) || t.kind() == Token.Kind.NAT || t.isSymbol("-");
    }

    /**
     * {@code operand ::= const | REG}.
     *
     * @throws LitmusException E-SYNTAX if there is no operand here; E-RANGE for a constant out of range
     */
    static Operand operand(TokenCursor in) throws LitmusException {
        if (isRegister(in.peek())) {
            return register(in);
        }
        if (!atOperand(in)) {
            throw in.syntaxError("a register or an integer");
        }
        return constant(in, "a register or an integer");
    }

    /**
     * A {@code REG} token.
     *
     * @throws LitmusException E-SYNTAX if the current token is not a register
     */
    static Register register(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        if (!isRegister(t)) {
            throw in.syntaxError("a register");
        }
        in.next();
        return new Register(t.text(), t.pos());
    }

    /**
     * A {@code LOCNAME} token.
     *
     * @throws LitmusException E-SYNTAX if the current token is not a possible location name
     */
    static LocationRef locationName(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        if (!isLocationName(t)) {
            throw in.syntaxError("a location name");
        }
        in.next();
        return new LocationRef(t.text(), t.pos());
    }

    /**
     * {@code noderef ::= NAT | IDENT}, resolved against the node constants declared so far.
     *
     * @throws LitmusException E-SYNTAX if there is no node reference here; E-BAD-NODE for node 0;
     *                         E-UNKNOWN-NODE for an identifier that is not a declared node constant;
     *                         E-RANGE for a number that does not fit a node number
     */
    static NodeRef nodeRef(TokenCursor in, Map<String, Integer> nodeConstants) throws LitmusException {
        Token t = in.peek();
        if (t.kind() == Token.Kind.IDENT) {
            Integer node = nodeConstants.get(t.text());
            if (node == null) {
                throw in.error("E-UNKNOWN-NODE", t.pos(), "unknown node constant '" + t.text() + "'");
            }
            in.next();
            return new NodeRef(node, t.text(), t.pos());
        }
        if (t.kind() != Token.Kind.NAT) {
            throw in.syntaxError("a node number or node constant");
        }
        int node = nodeNumber(in);
        return new NodeRef(node, t.text(), t.pos());
    }

    /**
     * A node number ({@code NAT}, at least 1).
     *
     * @throws LitmusException E-SYNTAX if the current token is not a number; E-BAD-NODE for 0;
     *                         E-RANGE for a number above 2^31-1
     */
    static int nodeNumber(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        if (t.kind() != Token.Kind.NAT) {
            throw in.syntaxError("a node number");
        }
        int node = smallNumber(in, t.text(), t.pos());
        if (node == 0) {
            throw in.error("E-BAD-NODE", t.pos(), "node numbers start at 1, found 0");
        }
        in.next();
        return node;
    }

    /**
     * {@code threadref ::= NAT | PROC}: {@code 1} and {@code P1} both mean thread {@code P1}.
     *
     * @throws LitmusException E-SYNTAX if there is no thread reference here; E-RANGE for a number
     *                         above 2^31-1
     */
    static ThreadRef threadRef(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        String digits;
        if (t.kind() == Token.Kind.NAT) {
            digits = t.text();
        } else if (isProc(t)) {
            digits = t.text().substring(1);
        } else {
            throw in.syntaxError("a thread");
        }
        int index = smallNumber(in, digits, t.pos());
        in.next();
        return new ThreadRef(index, t.pos());
    }

    /**
     * {@code widname ::= IDENT | NAT} (not a keyword). A numeric work id is normalised: leading
     * zeros are ignored, as for every {@code NAT} (language.md §2.3).
     *
     * @throws LitmusException E-SYNTAX if there is no work id here
     */
    static WorkIdRef workId(TokenCursor in) throws LitmusException {
        Token t = in.peek();
        if (t.kind() == Token.Kind.NAT) {
            in.next();
            return new WorkIdRef(new BigInteger(t.text()).toString(), t.pos());
        }
        if (t.kind() != Token.Kind.IDENT || isKeyword(t)) {
            throw in.syntaxError("a work id");
        }
        in.next();
        return new WorkIdRef(t.text(), t.pos());
    }

    /** The value of a digit string that must fit an {@code int} (nodes, threads); E-RANGE otherwise. */
    private static int smallNumber(TokenCursor in, String digits, Position pos) throws LitmusException {
        BigInteger value = new BigInteger(digits);
        if (value.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
            // node numbers and thread indices are Java ints; the 64-bit message would be wrong here
            throw in.error("E-RANGE", pos, "number out of range: at most " + Integer.MAX_VALUE + " here");
        }
        return value.intValue();
    }
}
