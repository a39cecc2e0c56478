package remo.litmus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.Flag;
import remo.core.Position;

/**
 * Recursive-descent parser for the RDMA dialect (language.md §2–§5): header, doc string, flag line,
 * init block, thread table and constraints. Instructions are parsed by {@link RdmaInstructionParser},
 * propositions by {@link RdmaPropParser}.
 *
 * <p>Every parse-phase check of language.md §6.3 is made when its token is read, so the first
 * error in the file wins (language.md §6.2 step 1). The validation of steps 2–4 is {@link ProgramValidator}'s.
 */
final class RdmaParser {

    private final String sourceName;
    private final String text;
    private final RdmaLexer lexer;
    private TokenCursor in;

    private final List<FlagSetting> flags = new ArrayList<>();
    private final Map<String, Integer> nodeConstants = new LinkedHashMap<>();
    private final List<LocationDecl> locations = new ArrayList<>();
    private final Set<String> locationNames = new HashSet<>();
    private final List<RegisterInit> registerInits = new ArrayList<>();
    private final Set<StateItem.RegisterItem> initialisedRegisters = new HashSet<>();

    /** The header row entry of one thread. */
    private record ThreadHead(int index, NodeRef node, Position pos) {
    }

    private RdmaParser(String sourceName, String text) {
        this.sourceName = sourceName;
        this.text = text;
        this.lexer = new RdmaLexer(text);
    }

    /**
     * Parses an RDMA litmus file (without the validation of language.md §6.2 steps 2–4).
     *
     * @param sourceName the file name used in diagnostics and kept as {@link Program#sourceName()}
     * @param text       the file content
     * @return the program, of dialect {@link Dialect#RDMA}, with source positions
     * @throws LitmusException          the first parse-phase error of the file (language.md §6.3:
     *                                  E-LEX, E-ARCH, E-SYNTAX, E-RANGE, E-FLAG, E-DUP-NODE, E-BAD-NODE,
     *                                  E-UNKNOWN-NODE, E-BAD-NAME, E-DUP-LOC, E-DUP-REG, E-THREAD-ORDER,
     *                                  E-ROW-WIDTH)
     * @throws IllegalArgumentException if the file is an X86 or X86_64 file (use {@link LitmusParser})
     */
    static Program parse(String sourceName, String text) throws LitmusException {
        Dialect dialect = LitmusParser.detectDialect(sourceName, text);
        if (dialect != Dialect.RDMA) {
            throw new IllegalArgumentException(sourceName + " is a " + dialect.keyword() + " file, not an RDMA file");
        }
        return new RdmaParser(sourceName, text).file();
    }

    /** {@code file ::= header [STRING] [flagline] init table constraints EOF}. */
    private Program file() throws LitmusException {
        lexer.next(); // the RDMA keyword, checked by detectDialect
        Token name = lexer.headerName();
        in = TokenCursor.of(sourceName, lexer);
        if (name == null) {
            throw in.syntaxError("a test name after 'RDMA' on the same line");
        }
        String doc = null;
        if (in.peek().kind() == Token.Kind.STRING) {
            String quoted = in.next().text();
            doc = quoted.substring(1, quoted.length() - 1);
        }
        if (in.atWord("flags")) {
            flagLine();
        }
        initBlock();
        List<ThreadHead> heads = headRow();
        List<List<Instruction>> code = new ArrayList<>();
        List<List<String>> texts = new ArrayList<>();
        for (int i = 0; i < heads.size(); i++) {
            code.add(new ArrayList<>());
            texts.add(new ArrayList<>());
        }
        while (!atConstraints()) {
            row(code, texts);
        }
        List<ThreadCode> threads = new ArrayList<>();
        for (ThreadHead h : heads) {
            threads.add(new ThreadCode(h.index(), h.node().node(), h.pos(), code.get(h.index()), texts.get(h.index())));
        }
        RdmaPropParser props = new RdmaPropParser(in);
        List<ItemRef> shown = shownLocations(props);
        Prop filter = null;
        if (in.atWord("filter")) {
            in.next();
            filter = props.prop();
        }
        Quantifier quantifier = quantifier();
        Prop condition = props.prop();
        in.acceptSymbol(";");
        if (in.peek().kind() != Token.Kind.EOF) {
            throw in.syntaxError("end of file");
        }
        return new Program(name.text(), Dialect.RDMA, doc, sourceName, flags, nodeConstants, locations,
                registerInits, threads, shown, filter, quantifier, condition);
    }

    /** {@code flagline ::= "flags" flagset { "," flagset }}, {@code flagset ::= IDENT "=" IDENT}. */
    private void flagLine() throws LitmusException {
        in.next();
        Set<Flag> seen = new HashSet<>();
        do {
            Token name = in.peek();
            if (name.kind() != Token.Kind.IDENT) {
                throw in.syntaxError("a flag name");
            }
            Flag flag = Flag.byName(name.text()).orElse(null);
            if (flag == null) {
                throw in.error("E-FLAG", name.pos(), "unknown flag '" + name.text() + "'");
            }
            if (!seen.add(flag)) {
                throw in.error("E-FLAG", name.pos(), "flag " + flag.name() + " is set twice");
            }
            in.next();
            in.expectSymbol("=");
            Token value = in.peek();
            if (value.kind() != Token.Kind.IDENT) {
                throw in.syntaxError("a value of flag " + flag.name());
            }
            if (!flag.allowedValues().contains(value.text())) {
                throw in.error("E-FLAG", value.pos(), flag.unknownValueMessage(value.text()));
            }
            in.next();
            flags.add(new FlagSetting(flag.name(), value.text(), name.pos(), value.pos()));
        } while (in.acceptSymbol(","));
    }

    /** {@code init ::= "{" [ item { ";" item } [";"] ] "}" [";"]}. */
    private void initBlock() throws LitmusException {
        in.expectSymbol("{");
        if (!in.acceptSymbol("}")) {
            while (true) {
                initItem();
                if (in.acceptSymbol(";")) {
                    if (in.acceptSymbol("}")) {
                        break;
                    }
                } else if (in.acceptSymbol("}")) {
                    break;
                } else {
                    throw in.syntaxError("';' or '}'");
                }
            }
        }
        in.acceptSymbol(";");
    }

    /** One init item: node constant, location declaration or register initialisation (language.md §3.3). */
    private void initItem() throws LitmusException {
        Token t = in.peek();
        boolean locationFollows = in.peek(1).isSymbol("@");
        if (t.isWord("node") && !locationFollows) {
            nodeDeclaration();
        } else if (t.kind() == Token.Kind.NAT || (RdmaTerms.isProc(t) && !locationFollows)) {
            registerInit();
        } else if (RdmaTerms.isLocationName(t) || (t.kind() == Token.Kind.IDENT && locationFollows)) {
            locationDeclaration();
        } else {
            throw in.syntaxError("a location declaration, a node declaration or a register initialisation");
        }
    }

    /** {@code "node" IDENT "=" NAT}. */
    private void nodeDeclaration() throws LitmusException {
        in.next();
        Token name = in.peek();
        if (name.kind() != Token.Kind.IDENT) {
            throw in.syntaxError("a node constant name");
        }
        if (!RdmaTerms.isLocationName(name) || locationNames.contains(name.text())) {
            throw in.error("E-BAD-NAME", name.pos(), "'" + name.text() + "' cannot be used as a node constant name");
        }
        if (nodeConstants.containsKey(name.text())) {
            throw in.error("E-DUP-NODE", name.pos(), "duplicate node constant '" + name.text() + "'");
        }
        in.next();
        in.expectSymbol("=");
        nodeConstants.put(name.text(), RdmaTerms.nodeNumber(in));
    }

    /** {@code LOCNAME "@" noderef [ "=" const ]}. */
    private void locationDeclaration() throws LitmusException {
        Token name = in.peek();
        if (!RdmaTerms.isLocationName(name) || nodeConstants.containsKey(name.text())) {
            throw in.error("E-BAD-NAME", name.pos(), "'" + name.text() + "' cannot be used as a location name");
        }
        if (!locationNames.add(name.text())) {
            throw in.error("E-DUP-LOC", name.pos(), "duplicate declaration of location '" + name.text() + "'");
        }
        in.next();
        in.expectSymbol("@");
        NodeRef home = RdmaTerms.nodeRef(in, nodeConstants);
        long initial = 0;
        if (in.acceptSymbol("=")) {
            initial = RdmaTerms.constant(in, "an initial value").value();
        }
        locations.add(new LocationDecl(name.text(), home.node(), initial, name.pos()));
    }

    /** {@code threadref ":" REG "=" const}. */
    private void registerInit() throws LitmusException {
        RdmaTerms.ThreadRef thread = RdmaTerms.threadRef(in);
        in.expectSymbol(":");
        Register register = RdmaTerms.register(in);
        if (!initialisedRegisters.add(new StateItem.RegisterItem(thread.index(), register.name()))) {
            throw in.error("E-DUP-REG", thread.pos(),
                    "duplicate initialisation of register " + thread.index() + ":" + register.name());
        }
        in.expectSymbol("=");
        long value = RdmaTerms.constant(in, "an initial value").value();
        registerInits.add(new RegisterInit(thread.index(), register, value, thread.pos()));
    }

    /** {@code headrow ::= PROC "@" noderef { "|" PROC "@" noderef } ";"}. */
    private List<ThreadHead> headRow() throws LitmusException {
        List<ThreadHead> heads = new ArrayList<>();
        do {
            int index = heads.size();
            Token proc = in.peek();
            if (!RdmaTerms.isProc(proc)) {
                throw in.syntaxError("thread 'P" + index + "'");
            }
            if (!proc.text().equals("P" + index)) {
                throw in.error("E-THREAD-ORDER", proc.pos(),
                        "thread '" + proc.text() + "' out of order: expected 'P" + index + "'");
            }
            in.next();
            in.expectSymbol("@");
            heads.add(new ThreadHead(index, RdmaTerms.nodeRef(in, nodeConstants), proc.pos()));
        } while (in.acceptSymbol("|"));
        in.expectSymbol(";");
        return heads;
    }

    /** Whether the current token ends the instruction rows (language.md §3.1). */
    private boolean atConstraints() throws LitmusException {
        Token t = in.peek();
        if (t.kind() == Token.Kind.EOF) {
            throw in.syntaxError("an instruction row or a final condition");
        }
        return t.isWord("locations") || t.isWord("filter") || t.isWord("exists") || t.isWord("forall")
                || t.isSymbol("~");
    }

    /**
     * One instruction row, split at the {@code |} and {@code ;} outside parentheses (language.md
     * language.md §3.4). Appends each non-empty cell's instruction and text to its thread.
     */
    private void row(List<List<Instruction>> code, List<List<String>> texts) throws LitmusException {
        List<List<Token>> cells = new ArrayList<>();
        List<Token> ends = new ArrayList<>();
        List<Token> current = new ArrayList<>();
        int depth = 0;
        while (true) {
            Token t = in.nextRaw();
            boolean last = t.kind() == Token.Kind.EOF || t.kind() == Token.Kind.ERROR || (depth == 0 && t.isSymbol(";"));
            if (last || (depth == 0 && t.isSymbol("|"))) {
                cells.add(current);
                ends.add(t);
                if (last) {
                    break;
                }
                current = new ArrayList<>();
            } else {
                if (t.isSymbol("(")) {
                    depth++;
                } else if (t.isSymbol(")")) {
                    depth = Math.max(0, depth - 1);
                }
                current.add(t);
            }
        }
        int threads = code.size();
        for (int k = 0; k < cells.size(); k++) {
            List<Token> cell = cells.get(k);
            if (cell.isEmpty()) {
                continue;
            }
            if (k >= threads) {
                throw in.error("E-ROW-WIDTH", cell.get(0).pos(), "row has more cells than the " + threads + " threads");
            }
            Token end = ends.get(k);
            Instruction instruction = RdmaInstructionParser.parseCell(TokenCursor.of(sourceName, cell, end), end, nodeConstants,
                    locationNames);
            code.get(k).add(instruction);
            texts.get(k).add(text.substring(cell.get(0).start(), cell.get(cell.size() - 1).end()));
        }
        Token terminator = ends.get(ends.size() - 1);
        if (!terminator.isSymbol(";")) {
            // The row ran into the end of the file (E-SYNTAX) or a lexical error (E-LEX, thrown by peek).
            throw TokenCursor.of(sourceName, List.of(), terminator).syntaxError("';' at the end of the row");
        }
    }

    /** {@code [ "locations" "[" [ cloc { ";" cloc } [";"] ] "]" ]}. */
    private List<ItemRef> shownLocations(RdmaPropParser props) throws LitmusException {
        List<ItemRef> shown = new ArrayList<>();
        if (!in.atWord("locations")) {
            return shown;
        }
        in.next();
        in.expectSymbol("[");
        if (in.acceptSymbol("]")) {
            return shown;
        }
        while (true) {
            shown.add(props.conditionLocation());
            if (in.acceptSymbol(";")) {
                if (in.acceptSymbol("]")) {
                    return shown;
                }
            } else if (in.acceptSymbol("]")) {
                return shown;
            } else {
                throw in.syntaxError("';' or ']'");
            }
        }
    }

    /** {@code quantifier ::= "exists" | "~" "exists" | "forall"}. */
    private Quantifier quantifier() throws LitmusException {
        if (in.atWord("exists")) {
            in.next();
            return Quantifier.EXISTS;
        }
        if (in.atWord("forall")) {
            in.next();
            return Quantifier.FORALL;
        }
        if (in.acceptSymbol("~")) {
            in.expectWord("exists");
            return Quantifier.NOT_EXISTS;
        }
        throw in.syntaxError("'exists', '~exists' or 'forall'");
    }
}
