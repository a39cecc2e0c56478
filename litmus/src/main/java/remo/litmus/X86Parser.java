package remo.litmus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import remo.core.Position;

/**
 * Parser for herd7's {@code X86} (Intel syntax) and {@code X86_64} (AT&amp;T syntax) litmus tests
 * (language.md §10). The result is an RDMA-language {@link Program} with one node (1): every
 * thread {@code Pi} runs on node 1 and every location lives on node 1 (language.md §10.6).
 *
 * <p>File layout (language.md §10.1): the header {@code X86 NAME [(TEXNAME)] ["DOC"]}, ignored info lines, an
 * optional doc string on its own line, the init block (language.md §10.2), the thread header row
 * {@code P0 | P1 ;}, the instruction rows (cells split at {@code |} and {@code ;} outside
 * parentheses, as in language.md §3.4), the constraints ({@link X86ConditionParser}), optional legacy
 * {@code with} lines, and an ignored {@code << ... >>} trailer. Cells are mapped by
 * {@link X86InstructionParser}; {@code LFENCE} and {@code SFENCE} produce no instruction.
 *
 * <p>After parsing, the parser makes the x86 part of the static validation of language.md §6.2: register
 * initialisations, then the {@code locations}, {@code filter} and condition atoms, in textual
 * order, must name existing threads (E-UNKNOWN-THREAD). A register named in the condition but
 * never written is accepted (its value is 0, as in herd7).
 */
final class X86Parser {

    private final String file;
    private final Dialect dialect;
    private final X86Lexer lexer;
    private final X86LocationTable locations;
    private final X86Memory memory;
    private final X86InstructionParser instructions;
    private final int unroll;
    private final List<RegisterInit> registerInits = new ArrayList<>();
    private final List<X86Token> registerInitThreads = new ArrayList<>();
    private final Set<String> initialisedRegisters = new HashSet<>();
    /** Per thread, the registers known before the run: constants and addresses ({@code 0:EBX=x}). */
    private final Map<Integer, Map<String, X86Value>> initialValues = new java.util.HashMap<>();
    private final List<List<X86Op>> threadCode = new ArrayList<>();
    private final List<Position> threadPositions = new ArrayList<>();
    private int lastLine;

    private X86Parser(String sourceName, String text, Dialect dialect, int unroll) {
        this.file = sourceName;
        this.dialect = dialect;
        this.unroll = unroll;
        this.lexer = new X86Lexer(sourceName, text);
        this.locations = new X86LocationTable(sourceName);
        this.memory = new X86Memory(sourceName, locations);
        this.instructions = new X86InstructionParser(dialect, lexer, locations);
    }

    /**
     * Parses an x86 litmus file.
     *
     * @param sourceName the file name used in diagnostics
     * @param text       the file's content
     * @param dialect    {@link Dialect#X86} or {@link Dialect#X86_64}, as detected from the first word
     * @return the program (language.md §10.6)
     * @throws LitmusException for the first error: E-LEX, E-SYNTAX, E-RANGE, E-ROW-WIDTH,
     *                         E-THREAD-ORDER, E-DUP-LOC, E-DUP-REG, E-X86-UNSUPPORTED or E-X86-LOCK
     *                         while parsing, in textual order; then E-UNKNOWN-THREAD for a register
     *                         initialisation, then for a {@code locations}, {@code filter} or
     *                         condition atom
     * @throws IllegalArgumentException if {@code dialect} is {@link Dialect#RDMA}
     */
    static Program parse(String sourceName, String text, Dialect dialect) throws LitmusException {
        return parse(sourceName, text, dialect, LitmusParser.DEFAULT_UNROLL);
    }

    /** As {@link #parse(String, String, Dialect)}, with a bound on loop unrolling ({@link X86Unroller}). */
    static Program parse(String sourceName, String text, Dialect dialect, int unroll) throws LitmusException {
        if (!dialect.isX86()) {
            throw new IllegalArgumentException("not an x86 dialect: " + dialect);
        }
        return new X86Parser(sourceName, text, dialect, unroll).parseFile();
    }

    private Program parseFile() throws LitmusException {
        X86Lexer.Header header = lexer.readHeader(dialect);
        parseInit();
        parseThreadHeader();
        while (!X86ConditionParser.startsConstraints(lexer.peek())) {
            if (lexer.peek().kind() == X86Token.Kind.EOF) {
                throw X86Errors.syntax(file, lexer.peek(), "instruction row or final condition");
            }
            parseRow();
        }
        X86ConditionParser constraintParser = new X86ConditionParser(lexer, locations, dialect);
        X86ConditionParser.Constraints constraints = constraintParser.parse();

        int threadCount = threadPositions.size();
        checkThreads(registerInitThreads, threadCount);
        checkThreads(constraintParser.threadTokens(), threadCount);

        List<ThreadCode> threads = new ArrayList<>();
        for (int i = 0; i < threadCount; i++) {
            X86Unroller.Code code = new X86Unroller(file, threadCode.get(i), unroll, memory)
                    .unroll(initialValues.getOrDefault(i, Map.of()));
            threads.add(new ThreadCode(i, X86LocationTable.NODE, threadPositions.get(i), code.instructions(), code.texts()));
        }
        return new Program(header.name(), dialect, header.doc(), file, List.of(), Map.of(),
                locations.declarations(), registerInits, threads, constraints.shownItems(), constraints.filter(),
                constraints.quantifier(), constraints.condition());
    }

    /** E-UNKNOWN-THREAD for the first of {@code threadTokens} that names no thread. */
    private void checkThreads(List<X86Token> threadTokens, int threadCount) throws LitmusException {
        for (X86Token t : threadTokens) {
            if (X86Literals.threadIndex(t) >= threadCount) {
                throw X86Errors.unknownThread(file, t.pos(), X86Literals.threadText(t));
            }
        }
    }

    // ---------------------------------------------------------------- init block (language.md §10.2)

    private void parseInit() throws LitmusException {
        expectSymbol("{");
        while (true) {
            List<X86Token> item = new ArrayList<>();
            int braces = 0; // an array initialiser {1,-1} inside an item
            while (braces > 0 || (!lexer.peek().isSymbol(";") && !lexer.peek().isSymbol("}"))) {
                if (lexer.peek().kind() == X86Token.Kind.EOF) {
                    throw X86Errors.syntax(file, lexer.peek(), "';' or '}'");
                }
                X86Token t = lexer.next();
                braces += t.isSymbol("{") ? 1 : t.isSymbol("}") ? -1 : 0;
                item.add(t);
            }
            if (!item.isEmpty()) {
                initItem(item);
            }
            if (lexer.next().isSymbol("}")) {
                break;
            }
        }
        if (lexer.peek().isSymbol(";")) {
            lexer.next();
        }
    }

    /**
     * One init item: a register initialisation to a constant or an address ({@code 0:EBX=x}), a
     * typed register declaration ({@code int64_t 0:rcx}), {@code [x]=k}, {@code {type} x [= k]},
     * or an array {@code {type} t[n] [= {k, …}]}.
     */
    private void initItem(List<X86Token> item) throws LitmusException {
        X86Token first = item.get(0);
        int n = item.size();
        int types = 0;
        while (types < n && item.get(types).kind() == X86Token.Kind.IDENT && types + 1 < n
                && (item.get(types + 1).kind() == X86Token.Kind.NAT || X86Registers.isProc(item.get(types + 1)))) {
            types++; // the type words of a typed register: int64_t 0:rcx
        }
        int t0 = types;
        if (n - t0 >= 3 && (item.get(t0).kind() == X86Token.Kind.NAT || X86Registers.isProc(item.get(t0)))
                && item.get(t0 + 1).isSymbol(":") && X86Registers.isRegister(item.get(t0 + 2))) {
            if (n - t0 == 3) {
                return; // a register declared with a type only: nothing to initialise
            }
            if (n - t0 >= 5 && item.get(t0 + 3).isSymbol("=")) {
                registerInit(item, t0);
                return;
            }
        }
        if (n >= 5 && first.isSymbol("[") && X86Registers.isLocationName(item.get(1)) && item.get(2).isSymbol("]")
                && item.get(3).isSymbol("=") && isConstant(item, 4)) {
            locations.declare(item.get(1).text(), constant(item, 4), item.get(1).pos());
            return;
        }
        int equals = 0;
        while (equals < n && item.get(equals).kind() == X86Token.Kind.IDENT) {
            equals++;
        }
        boolean typedName = equals > 0 && X86Registers.isLocationName(item.get(equals - 1));
        if (typedName && equals == n) {
            X86Token name = item.get(equals - 1);
            locations.declare(name.text(), 0, name.pos());
            return;
        }
        if (typedName && item.get(equals).isSymbol("=") && isConstant(item, equals + 1)) {
            X86Token name = item.get(equals - 1);
            locations.declare(name.text(), constant(item, equals + 1), name.pos());
            return;
        }
        if (typedName && equals > 1 && array(item, equals)) {
            return;
        }
        throw X86Errors.unsupported(file, first.pos(), lexer.slice(first.start(), item.get(n - 1).end()));
    }

    private void registerInit(List<X86Token> item, int t0) throws LitmusException {
        X86Token thread = item.get(t0);
        X86Token reg = item.get(t0 + 2);
        int index = X86Literals.threadIndex(thread);
        Register register = X86Registers.register(reg);
        if (!initialisedRegisters.add(index + ":" + register.name())) {
            throw X86Errors.error("E-DUP-REG", file, thread.pos(), "duplicate initialisation of register "
                    + X86Literals.threadText(thread) + ":" + X86Registers.spelling(reg));
        }
        Map<String, X86Value> known = initialValues.computeIfAbsent(index, k -> new java.util.HashMap<>());
        if (isConstant(item, t0 + 4)) {
            long value = constant(item, t0 + 4);
            registerInits.add(new RegisterInit(index, register, value, thread.pos()));
            known.put(register.name(), new X86Value.Known(value));
        } else if (item.size() == t0 + 5 && X86Registers.isLocationName(item.get(t0 + 4))) {
            // an address, as herd7's 0:EBX=x: known when unrolling, used to resolve [EBX]
            locations.use(item.get(t0 + 4).text());
            known.put(register.name(), new X86Value.Address(item.get(t0 + 4).text(), 0));
        } else {
            throw X86Errors.unsupported(file, item.get(0).pos(), lexer.slice(item.get(0).start(), item.get(item.size() - 1).end()));
        }
        registerInitThreads.add(thread);
    }

    /**
     * {@code {type} t[n]} or {@code {type} t[n] = {k1, …, km}} (m ≤ n): the elements are
     * locations {@code t}, {@code t[1]}, …, of the type's size (1, 2, 4 or 8 bytes).
     */
    private boolean array(List<X86Token> item, int nameIndex) throws LitmusException {
        int n = item.size();
        int j = nameIndex;
        if (j + 3 > n || !item.get(j).isSymbol("[") || item.get(j + 1).kind() != X86Token.Kind.NAT
                || !item.get(j + 2).isSymbol("]")) {
            return false;
        }
        X86Token name = item.get(nameIndex - 1);
        long length = X86Literals.constant(file, false, item.get(j + 1));
        j += 3;
        List<Long> values = new ArrayList<>();
        if (j < n) {
            if (j + 2 >= n || !item.get(j).isSymbol("=") || !item.get(j + 1).isSymbol("{") || !item.get(n - 1).isSymbol("}")) {
                return false;
            }
            int k = j + 2;
            while (k < n - 1) {
                boolean negative = item.get(k).isSymbol("-");
                X86Token v = item.get(negative ? k + 1 : k);
                if (v.kind() != X86Token.Kind.NAT) {
                    return false;
                }
                values.add(X86Literals.constant(file, negative, v));
                k += negative ? 2 : 1;
                if (k < n - 1 && !item.get(k++).isSymbol(",")) {
                    return false;
                }
            }
        }
        int size = typeSize(item.get(nameIndex - 2).text());
        if (length < 1 || length > 4096 || values.size() > length || size == 0) {
            return false;
        }
        memory.declareArray(name.text(), size, (int) length);
        for (int k = 0; k < length; k++) {
            String element = X86Memory.element(name.text(), k);
            locations.declare(element, k < values.size() ? values.get(k) : 0, name.pos());
            memory.access(element, size, name.pos(), lexer.slice(item.get(0).start(), item.get(n - 1).end()));
        }
        return true;
    }

    /** The size in bytes of a C type name of a litmus init block, or 0 if unknown. */
    private static int typeSize(String type) {
        switch (type) {
            case "int64_t": case "uint64_t": case "long": case "intptr_t": case "uintptr_t":
                return 8;
            case "int": case "int32_t": case "uint32_t": case "unsigned":
                return 4;
            case "short": case "int16_t": case "uint16_t":
                return 2;
            case "char": case "int8_t": case "uint8_t":
                return 1;
            default:
                return 0;
        }
    }

    /** Whether {@code item} from index {@code from} to its end is exactly {@code [-] NAT}. */
    private static boolean isConstant(List<X86Token> item, int from) {
        int k = from < item.size() && item.get(from).isSymbol("-") ? from + 1 : from;
        return k == item.size() - 1 && item.get(k).kind() == X86Token.Kind.NAT;
    }

    private long constant(List<X86Token> item, int from) throws LitmusException {
        boolean negative = item.get(from).isSymbol("-");
        return X86Literals.constant(file, negative, item.get(item.size() - 1));
    }

    // ---------------------------------------------------------------- thread table (language.md §3.4, §10.1)

    /** {@code P0 | P1 | ... ;}: thread names only, in order. */
    private void parseThreadHeader() throws LitmusException {
        while (true) {
            X86Token t = lexer.next();
            if (!X86Registers.isProc(t)) {
                throw X86Errors.syntax(file, t, "thread name");
            }
            int expected = threadPositions.size();
            if (X86Literals.threadIndex(t) != expected) {
                throw X86Errors.error("E-THREAD-ORDER", file, t.pos(),
                        "thread '" + t.text() + "' out of order: expected 'P" + expected + "'");
            }
            threadPositions.add(t.pos());
            threadCode.add(new ArrayList<>());
            X86Token sep = lexer.next();
            lastLine = sep.pos().line();
            if (sep.isSymbol(";")) {
                return;
            }
            if (!sep.isSymbol("|")) {
                throw X86Errors.syntax(file, sep, "'|' or ';'");
            }
        }
    }

    /** One instruction row: cells separated by {@code |} outside parentheses, ended by {@code ;}. */
    private void parseRow() throws LitmusException {
        int cellIndex = 0;
        while (true) {
            List<X86Token> cell = new ArrayList<>();
            int depth = 0;
            while (true) {
                X86Token t = lexer.peek();
                if (t.kind() == X86Token.Kind.EOF) {
                    throw X86Errors.syntax(file, t, "';'");
                }
                if (depth == 0 && (t.isSymbol("|") || t.isSymbol(";"))) {
                    break;
                }
                if (depth == 0 && t.pos().line() > lastLine && X86ConditionParser.startsConstraints(t)
                        && !t.isSymbol("(")) {
                    throw X86Errors.syntax(file, t, "';'");
                }
                if (t.isSymbol("(")) {
                    depth++;
                } else if (t.isSymbol(")") && depth > 0) {
                    depth--;
                }
                cell.add(lexer.next());
                lastLine = t.pos().line();
            }
            X86Token terminator = lexer.next();
            lastLine = terminator.pos().line();
            if (!cell.isEmpty()) {
                addCell(cellIndex, cell, terminator);
            }
            cellIndex++;
            if (terminator.isSymbol(";")) {
                return;
            }
        }
    }

    private void addCell(int thread, List<X86Token> cell, X86Token terminator) throws LitmusException {
        if (thread >= threadPositions.size()) {
            throw X86Errors.error("E-ROW-WIDTH", file, cell.get(0).pos(),
                    "row has more cells than the " + threadPositions.size() + " threads");
        }
        threadCode.get(thread).addAll(instructions.parse(cell, terminator));
    }

    private void expectSymbol(String symbol) throws LitmusException {
        X86Token t = lexer.next();
        if (!t.isSymbol(symbol)) {
            throw X86Errors.syntax(file, t, "'" + symbol + "'");
        }
    }
}
