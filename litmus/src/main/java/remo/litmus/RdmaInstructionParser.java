package remo.litmus;

import java.util.Map;
import java.util.Set;
import remo.core.Position;

/**
 * Parses the instruction of one non-empty cell of the thread table (language.md §4.1).
 *
 * <p>The cell's tokens come from a {@link TokenCursor} closed by the cell's sentinel (the
 * {@code |} or {@code ;} that ends the cell, the end of the file, or a lexical error); the
 * instruction must use every token of the cell.
 */
final class RdmaInstructionParser {

    private final TokenCursor in;
    private final Token sentinel;
    private final Map<String, Integer> nodeConstants;
    private final Set<String> declaredLocations;

    private RdmaInstructionParser(TokenCursor in, Token sentinel, Map<String, Integer> nodeConstants,
                                  Set<String> declaredLocations) {
        this.in = in;
        this.sentinel = sentinel;
        this.nodeConstants = nodeConstants;
        this.declaredLocations = declaredLocations;
    }

    /**
     * Parses one cell.
     *
     * @param in                a cursor over the cell's tokens, followed by {@code sentinel}
     * @param sentinel          the token that ends the cell
     * @param nodeConstants     the node constants of the init block
     * @param declaredLocations the locations of the init block (a cell starting with another name
     *                          that is not followed by {@code =} is an unknown instruction)
     * @return the instruction, positioned at its first token
     * @throws LitmusException the first parse-phase error in the cell (E-SYNTAX, E-LEX, E-RANGE,
     *                         E-BAD-NODE, E-UNKNOWN-NODE)
     */
    static Instruction parseCell(TokenCursor in, Token sentinel, Map<String, Integer> nodeConstants,
                                 Set<String> declaredLocations) throws LitmusException {
        RdmaInstructionParser parser = new RdmaInstructionParser(in, sentinel, nodeConstants, declaredLocations);
        Instruction instruction = parser.instruction();
        if (in.peek() != sentinel) {
            throw in.syntaxError("end of cell ('|' or ';')");
        }
        return instruction;
    }

    private Instruction instruction() throws LitmusException {
        Token t = in.peek();
        Position pos = t.pos();
        if (RdmaTerms.isRegister(t)) {
            return registerInstruction();
        }
        if (RdmaTerms.isLocationName(t)) {
            if (!in.peek(1).isSymbol("=") && !declaredLocations.contains(t.text())) {
                // not a store: a misspelt or made-up instruction such as 'frobnicate x, y@2'
                throw in.error("E-SYNTAX", pos, "syntax error: expected an instruction, found " + t.describe()
                        + "; unknown instruction '" + t.text() + "'");
            }
            LocationRef destination = RdmaTerms.locationName(in);
            in.expectSymbol("=");
            if (RdmaTerms.isLocationName(in.peek())) {
                throw in.syntaxError("a register or an integer (memory-to-memory copies do not exist)");
            }
            return new Instruction.Store(destination, RdmaTerms.operand(in), pos);
        }
        if (t.kind() != Token.Kind.IDENT) {
            throw in.syntaxError("an instruction");
        }
        switch (t.text()) {
            case "mfence":
                in.next();
                return new Instruction.MFence(pos);
            case "gf":
                in.next();
                return new Instruction.GlobalFence(pos);
            case "assume":
                return assume();
            case "await":
                return await();
            case "put":
                return put();
            case "get":
                return get();
            case "rcas":
            case "rfaa":
                return remoteRmw();
            case "poll":
                in.next();
                return new Instruction.Poll(RdmaTerms.nodeRef(in, nodeConstants), pos);
            case "rfence":
                in.next();
                return new Instruction.RFence(RdmaTerms.nodeRef(in, nodeConstants), pos);
            case "wait":
                in.next();
                return new Instruction.Wait(RdmaTerms.workId(in), pos);
            default:
                throw in.syntaxError("an instruction");
        }
    }

    /** {@code REG "=" ...}: load, register assignment, {@code cas} or {@code faa}. */
    private Instruction registerInstruction() throws LitmusException {
        Register destination = RdmaTerms.register(in);
        Position pos = destination.pos();
        in.expectSymbol("=");
        Token t = in.peek();
        if (t.isWord("cas") || t.isWord("faa")) {
            boolean cas = t.isWord("cas");
            in.next();
            in.expectSymbol("(");
            LocationRef location = RdmaTerms.locationName(in);
            in.expectSymbol(",");
            Operand first = RdmaTerms.operand(in);
            Operand second = null;
            if (cas) {
                in.expectSymbol(",");
                second = RdmaTerms.operand(in);
            }
            in.expectSymbol(")");
            return new Instruction.LockedRmw(cas ? Instruction.RmwKind.CAS : Instruction.RmwKind.FAA,
                    destination, location, first, second, pos);
        }
        if (RdmaTerms.isLocationName(t)) {
            return new Instruction.Load(destination, RdmaTerms.locationName(in), pos);
        }
        if (in.acceptSymbol("(")) {
            Operand left = RdmaTerms.operand(in);
            BinOp op = binOp();
            if (op == null) {
                throw in.syntaxError("an operator (+ - * & | ^)");
            }
            Operand right = RdmaTerms.operand(in);
            in.expectSymbol(")");
            return new Instruction.Assign(destination, left, op, right, pos);
        }
        if (!RdmaTerms.atOperand(in)) {
            throw in.syntaxError("a location, a register, an integer, '(', 'cas' or 'faa'");
        }
        Operand left = RdmaTerms.operand(in);
        BinOp op = binOp();
        Operand right = op == null ? null : RdmaTerms.operand(in);
        return new Instruction.Assign(destination, left, op, right, pos);
    }

    /**
     * Consumes a binary operator if the current token is one. The {@code |} that ends the cell is
     * not an operator: an unparenthesised {@code r1 = r0 | 4} is two cells (language.md §3.4).
     */
    private BinOp binOp() throws LitmusException {
        Token t = in.peek();
        if (t == sentinel || t.kind() != Token.Kind.SYMBOL) {
            return null;
        }
        for (BinOp op : BinOp.values()) {
            if (op.symbol().equals(t.text())) {
                in.next();
                return op;
            }
        }
        return null;
    }

    private Instruction assume() throws LitmusException {
        Position pos = in.next().pos();
        in.expectSymbol("(");
        BoolExpr condition = boolExpr();
        in.expectSymbol(")");
        return new Instruction.Assume(condition, pos);
    }

    /** {@code bexp ::= bterm { "||" bterm }}. */
    private BoolExpr boolExpr() throws LitmusException {
        BoolExpr result = boolTerm();
        while (in.acceptSymbol("||")) {
            result = new BoolExpr.Or(result, boolTerm());
        }
        return result;
    }

    /** {@code bterm ::= bfact { "&&" bfact }}. */
    private BoolExpr boolTerm() throws LitmusException {
        BoolExpr result = boolFactor();
        while (in.acceptSymbol("&&")) {
            result = new BoolExpr.And(result, boolFactor());
        }
        return result;
    }

    /** {@code bfact ::= "!" bfact | "(" bexp ")" | operand relop operand}. */
    private BoolExpr boolFactor() throws LitmusException {
        if (in.acceptSymbol("!")) {
            return new BoolExpr.Not(boolFactor());
        }
        if (in.acceptSymbol("(")) {
            BoolExpr inner = boolExpr();
            in.expectSymbol(")");
            return inner;
        }
        if (!RdmaTerms.atOperand(in)) {
            throw in.syntaxError("a comparison, '!' or '('");
        }
        Operand left = RdmaTerms.operand(in);
        BoolExpr.RelOp op = relOp();
        return new BoolExpr.Compare(left, op, RdmaTerms.operand(in));
    }

    private BoolExpr.RelOp relOp() throws LitmusException {
        Token t = in.peek();
        if (t.kind() == Token.Kind.SYMBOL) {
            for (BoolExpr.RelOp op : BoolExpr.RelOp.values()) {
                if (op.symbol().equals(t.text())) {
                    in.next();
                    return op;
                }
            }
        }
        throw in.syntaxError("a comparison operator (== != < <= > >=)");
    }

    /** {@code "await" LOCNAME "==" operand} or the same in parentheses. */
    private Instruction await() throws LitmusException {
        Position pos = in.next().pos();
        boolean parenthesised = in.acceptSymbol("(");
        LocationRef location = RdmaTerms.locationName(in);
        in.expectSymbol("==");
        Operand expected = RdmaTerms.operand(in);
        if (parenthesised) {
            in.expectSymbol(")");
        }
        return new Instruction.Await(location, expected, pos);
    }

    /** {@code "put" {"." ("inline" | "unsignaled")} LOCNAME "@" noderef "," LOCNAME [wid]} (language.md §4.1). */
    private Instruction put() throws LitmusException {
        Position pos = in.next().pos();
        boolean inline = false;
        boolean unsignaled = false;
        while (in.acceptSymbol(".")) {
            Token option = in.peek();
            if (option.isWord("inline") && !inline) {
                inline = true;
            } else if (option.isWord("unsignaled") && !unsignaled) {
                unsignaled = true;
            } else {
                throw in.syntaxError(inline || unsignaled ? "'inline' or 'unsignaled' (each at most once) after 'put.'"
                        : "'inline' or 'unsignaled' after 'put.'");
            }
            in.next();
        }
        LocationRef remote = RdmaTerms.locationName(in);
        in.expectSymbol("@");
        NodeRef node = RdmaTerms.nodeRef(in, nodeConstants);
        in.expectSymbol(",");
        LocationRef source = RdmaTerms.locationName(in);
        return new Instruction.Put(remote, node, source, workIdSuffix(), inline, unsignaled, pos);
    }

    /** {@code "get" LOCNAME "," LOCNAME "@" noderef [wid]}. */
    private Instruction get() throws LitmusException {
        Position pos = in.next().pos();
        LocationRef destination = RdmaTerms.locationName(in);
        in.expectSymbol(",");
        LocationRef remote = RdmaTerms.locationName(in);
        in.expectSymbol("@");
        NodeRef node = RdmaTerms.nodeRef(in, nodeConstants);
        return new Instruction.Get(destination, remote, node, workIdSuffix(), pos);
    }

    /**
     * {@code "rcas" LOCNAME "," LOCNAME "@" noderef "," operand "," operand [wid]} and
     * {@code "rfaa" LOCNAME "," LOCNAME "@" noderef "," operand [wid]}.
     */
    private Instruction remoteRmw() throws LitmusException {
        Token keyword = in.next();
        boolean cas = keyword.text().equals("rcas");
        LocationRef result = RdmaTerms.locationName(in);
        in.expectSymbol(",");
        LocationRef remote = RdmaTerms.locationName(in);
        in.expectSymbol("@");
        NodeRef node = RdmaTerms.nodeRef(in, nodeConstants);
        in.expectSymbol(",");
        Operand first = RdmaTerms.operand(in);
        if (!cas) {
            return new Instruction.RemoteFaa(result, remote, node, first, workIdSuffix(), keyword.pos());
        }
        in.expectSymbol(",");
        Operand second = RdmaTerms.operand(in);
        return new Instruction.RemoteCas(result, remote, node, first, second, workIdSuffix(), keyword.pos());
    }

    /** {@code [ "#" widname ]}. */
    private WorkIdRef workIdSuffix() throws LitmusException {
        if (!in.acceptSymbol("#")) {
            return null;
        }
        return RdmaTerms.workId(in);
    }
}
