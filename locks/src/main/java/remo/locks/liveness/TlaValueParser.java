package remo.locks.liveness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the values and states TLC prints in a trace: {@code /\ pc = [t0 |-> "ncs"]}, functions
 * {@code (<<"t0", 1>> :> <<>> @@ ...)}, records, sequences, sets, strings, integers, booleans and
 * model values. A recursive-descent reader of exactly that printed form (not of TLA+ expressions).
 */
public final class TlaValueParser {
    private final String text;
    private int at;

    private TlaValueParser(String text) {
        this.text = text;
    }

    /**
     * Parses one printed value.
     *
     * @param text TLC's print of a value
     * @return the value
     * @throws IllegalArgumentException if {@code text} is not one printed value (the message gives
     *                                  the offset)
     */
    public static TlaValue value(String text) {
        TlaValueParser p = new TlaValueParser(text);
        TlaValue v = p.value();
        p.skipSpace();
        if (p.at != text.length()) {
            throw p.error("end of the value");
        }
        return v;
    }

    /**
     * Parses the variable part of a printed state: {@code /\ x = v} conjuncts, or a single
     * {@code x = v} when the spec has one variable.
     *
     * @param text the lines after the state's header line
     * @return the variables in TLC's order
     * @throws IllegalArgumentException if the text is not of that form
     */
    public static Map<String, TlaValue> variables(String text) {
        TlaValueParser p = new TlaValueParser(text);
        Map<String, TlaValue> vars = new LinkedHashMap<>();
        p.skipSpace();
        while (p.at < text.length()) {
            p.accept("/\\");
            String name = p.identifier();
            p.expect("=");
            vars.put(name, p.value());
            p.skipSpace();
        }
        return vars;
    }

    private TlaValue value() {
        skipSpace();
        if (at >= text.length()) {
            throw error("a value");
        }
        char c = text.charAt(at);
        if (accept("<<")) {
            return new TlaValue.Seq(list(">>"));
        }
        if (c == '{') {
            at++;
            return new TlaValue.SetOf(list("}"));
        }
        if (c == '[') {
            at++;
            return record();
        }
        if (c == '(') {
            at++;
            return function();
        }
        if (c == '"') {
            return new TlaValue.Str(string());
        }
        if (c == '-' || Character.isDigit(c)) {
            return number();
        }
        String id = identifier();
        return switch (id) {
            case "TRUE" -> new TlaValue.Bool(true);
            case "FALSE" -> new TlaValue.Bool(false);
            default -> new TlaValue.ModelValue(id);
        };
    }

    private List<TlaValue> list(String close) {
        List<TlaValue> items = new ArrayList<>();
        skipSpace();
        if (accept(close)) {
            return items;
        }
        do {
            items.add(value());
        } while (accept(","));
        expect(close);
        return items;
    }

    private TlaValue record() {
        Map<String, TlaValue> fields = new LinkedHashMap<>();
        skipSpace();
        if (accept("]")) {
            return new TlaValue.Rec(fields);
        }
        do {
            String name = identifier();
            expect("|->");
            fields.put(name, value());
        } while (accept(","));
        expect("]");
        return new TlaValue.Rec(fields);
    }

    private TlaValue function() {
        Map<TlaValue, TlaValue> pairs = new LinkedHashMap<>();
        do {
            TlaValue key = value();
            expect(":>");
            pairs.put(key, value());
        } while (accept("@@"));
        expect(")");
        return new TlaValue.Fun(pairs);
    }

    private String string() {
        StringBuilder sb = new StringBuilder();
        at++;
        while (at < text.length() && text.charAt(at) != '"') {
            char c = text.charAt(at++);
            if (c == '\\' && at < text.length()) {
                char e = text.charAt(at++);
                sb.append(switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'f' -> '\f';
                    default -> e;
                });
            } else {
                sb.append(c);
            }
        }
        if (at >= text.length()) {
            throw error("the closing quote of a string");
        }
        at++;
        return sb.toString();
    }

    private TlaValue number() {
        int start = at;
        if (text.charAt(at) == '-') {
            at++;
        }
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
            at++;
        }
        if (at == start || (at == start + 1 && text.charAt(start) == '-')) {
            throw error("a number");
        }
        return new TlaValue.Int(Long.parseLong(text.substring(start, at)));
    }

    private String identifier() {
        skipSpace();
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
            at++;
        }
        if (start == at) {
            throw error("a name");
        }
        return text.substring(start, at);
    }

    private boolean accept(String token) {
        skipSpace();
        if (text.startsWith(token, at)) {
            at += token.length();
            return true;
        }
        return false;
    }

    private void expect(String token) {
        if (!accept(token)) {
            throw error("'" + token + "'");
        }
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private IllegalArgumentException error(String expected) {
        String near = text.substring(at, Math.min(text.length(), at + 30));
        return new IllegalArgumentException("TLC value: expected " + expected + " at offset " + at
                + (near.isEmpty() ? " (end of text)" : " near '" + near + "'"));
    }
}
