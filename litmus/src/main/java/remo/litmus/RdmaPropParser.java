package remo.litmus;

/**
 * Parses propositions and condition locations of the RDMA dialect (language.md §5.1) with herd7's
 * precedence: {@code \/} binds loosest, then {@code /\}, then {@code =>} (right-associative), then
 * {@code ~}/{@code not}. {@code \/} and {@code /\} associate to the left.
 */
final class RdmaPropParser {

    private final TokenCursor in;

    /**
     * @param in the cursor, positioned at the proposition
     */
    RdmaPropParser(TokenCursor in) {
        this.in = in;
    }

    /**
     * {@code prop ::= conj { "\/" conj }}.
     *
     * @throws LitmusException E-SYNTAX, E-LEX or E-RANGE for the first error in the proposition
     */
    Prop prop() throws LitmusException {
        Prop result = conjunction();
        while (in.acceptSymbol("\\/")) {
            result = new Prop.Or(result, conjunction());
        }
        return result;
    }

    /** {@code conj ::= imp { "/\" imp }}. */
    private Prop conjunction() throws LitmusException {
        Prop result = implication();
        while (in.acceptSymbol("/\\")) {
            result = new Prop.And(result, implication());
        }
        return result;
    }

    /** {@code imp ::= neg [ "=>" imp ]}. */
    private Prop implication() throws LitmusException {
        Prop left = negation();
        if (in.acceptSymbol("=>")) {
            return new Prop.Implies(left, implication());
        }
        return left;
    }

    /** {@code neg ::= ("~" | "not") neg | "true" | "false" | "(" prop ")" | atom}. */
    private Prop negation() throws LitmusException {
        Token t = in.peek();
        if (t.isSymbol("~") || t.isWord("not")) {
            in.next();
            return new Prop.Not(negation());
        }
        if (t.isWord("true") || t.isWord("false")) {
            in.next();
            return new Prop.Constant(t.isWord("true"));
        }
        if (in.acceptSymbol("(")) {
            Prop inner = prop();
            in.expectSymbol(")");
            return inner;
        }
        if (!atConditionLocation()) {
            throw in.syntaxError("a proposition");
        }
        ItemRef ref = conditionLocation();
        boolean equal;
        Token op = in.peek();
        if (op.isSymbol("=") || op.isSymbol("==")) {
            equal = true;
        } else if (op.isSymbol("!=") || op.isSymbol("<>")) {
            equal = false;
        } else {
            throw in.syntaxError("'=', '==', '!=' or '<>'");
        }
        in.next();
        long value = RdmaTerms.constant(in, "an integer").value();
        return new Prop.Atom(ref, equal, value);
    }

    /** Whether the current token can start a {@code cloc}. */
    boolean atConditionLocation() throws LitmusException {
        Token t = in.peek();
        return t.kind() == Token.Kind.NAT || RdmaTerms.isProc(t) || t.isSymbol("[") || RdmaTerms.isLocationName(t);
    }

    /**
     * {@code cloc ::= threadref ":" REG | LOCNAME | "[" LOCNAME "]"}.
     *
     * @return a register item (spelling: the register as written, position: the thread token) or a
     *         location item (spelling: the location name, position: the name, or the {@code [})
     * @throws LitmusException E-SYNTAX if there is no condition location here; E-RANGE for a
     *                         thread number above 2^31-1
     */
    ItemRef conditionLocation() throws LitmusException {
        Token t = in.peek();
        if (t.kind() == Token.Kind.NAT || RdmaTerms.isProc(t)) {
            RdmaTerms.ThreadRef thread = RdmaTerms.threadRef(in);
            in.expectSymbol(":");
            Register register = RdmaTerms.register(in);
            return new ItemRef(new StateItem.RegisterItem(thread.index(), register.name()), register.name(), thread.pos());
        }
        if (in.acceptSymbol("[")) {
            LocationRef location = RdmaTerms.locationName(in);
            in.expectSymbol("]");
            return new ItemRef(new StateItem.LocationItem(location.name()), location.name(), t.pos());
        }
        if (!RdmaTerms.isLocationName(t)) {
            throw in.syntaxError("a register (i:rN) or a location");
        }
        LocationRef location = RdmaTerms.locationName(in);
        return new ItemRef(new StateItem.LocationItem(location.name()), location.name(), location.pos());
    }
}
