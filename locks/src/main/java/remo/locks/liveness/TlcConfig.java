package remo.locks.liveness;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A TLC configuration file (.cfg) as far as remo needs it: the constants it assigns, the
 * invariants and temporal properties it lists and its CHECK_DEADLOCK setting; and the same file
 * with another list of properties for one TLC run ({@link #withChecks}).
 *
 * <p>TLC 2.18 silently ignores an assignment to a constant the spec does not declare, so
 * {@link #parse} rejects one itself (E-CFG at the name). It also rejects SYMMETRY together with
 * temporal properties: symmetry is unsound for liveness (locks.md §8.5).
 */
public final class TlcConfig {
    private static final Set<String> KEYWORDS = Set.of("CONSTANT", "CONSTANTS", "INIT", "NEXT", "SPECIFICATION",
            "INVARIANT", "INVARIANTS", "PROPERTY", "PROPERTIES", "CHECK_DEADLOCK", "SYMMETRY", "CONSTRAINT",
            "CONSTRAINTS", "ACTION_CONSTRAINT", "ACTION_CONSTRAINTS", "VIEW", "ALIAS", "POSTCONDITION");

    private final String name;
    private final String text;
    private final String withoutChecks;
    private final List<String> invariants;
    private final List<String> properties;
    private final boolean checkDeadlock;
    private final List<String> constants;

    private record Token(String text, int offset, int line, int column) {
    }

    private TlcConfig(String name, String text, String withoutChecks, List<String> invariants, List<String> properties,
                      boolean checkDeadlock, List<String> constants) {
        this.name = name;
        this.text = text;
        this.withoutChecks = withoutChecks;
        this.invariants = List.copyOf(invariants);
        this.properties = List.copyOf(properties);
        this.checkDeadlock = checkDeadlock;
        this.constants = List.copyOf(constants);
    }

    /**
     * Reads a configuration.
     *
     * @param name     the file name for messages
     * @param text     the file's content
     * @param declared the constants the spec declares
     * @return the configuration
     * @throws LivenessException (E-CFG, at the offending token) for an unknown constant, a
     *                           CHECK_DEADLOCK that is not TRUE/FALSE, an unterminated comment or
     *                           string, or SYMMETRY with temporal properties
     */
    public static TlcConfig parse(String name, String text, Collection<String> declared) {
        List<Token> tokens = tokens(name, text);
        List<String> invariants = new ArrayList<>();
        List<String> properties = new ArrayList<>();
        List<String> constants = new ArrayList<>();
        Boolean deadlock = null;
        Token symmetry = null;
        char[] blanked = text.toCharArray();
        String section = null;
        int sectionStart = -1;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (KEYWORDS.contains(t.text())) {
                if (removable(section)) {
                    blank(blanked, sectionStart, t.offset());
                }
                section = t.text();
                sectionStart = t.offset();
                if (section.equals("SYMMETRY")) {
                    symmetry = t;
                }
                continue;
            }
            if (section == null) {
                throw error(name, t, "expected a keyword such as CONSTANTS or SPECIFICATION, found '" + t.text() + "'");
            }
            switch (section) {
                case "INVARIANT", "INVARIANTS" -> invariants.add(t.text());
                case "PROPERTY", "PROPERTIES" -> properties.add(t.text());
                case "CHECK_DEADLOCK" -> {
                    if (!t.text().equals("TRUE") && !t.text().equals("FALSE")) {
                        throw error(name, t, "CHECK_DEADLOCK must be TRUE or FALSE, found '" + t.text() + "'");
                    }
                    deadlock = t.text().equals("TRUE");
                }
                case "CONSTANT", "CONSTANTS" -> {
                    boolean assigned = i + 1 < tokens.size()
                            && (tokens.get(i + 1).text().equals("=") || tokens.get(i + 1).text().equals("<-"));
                    if (assigned && isIdentifier(t.text())) {
                        if (!declared.contains(t.text())) {
                            throw error(name, t, "unknown constant '" + t.text() + "': the model declares "
                                    + String.join(", ", declared));
                        }
                        constants.add(t.text());
                    }
                }
                default -> {
                    // INIT, NEXT, SPECIFICATION, ...: TLC checks these names itself
                }
            }
        }
        if (removable(section)) {
            blank(blanked, sectionStart, text.length());
        }
        if (symmetry != null && !properties.isEmpty()) {
            throw error(name, symmetry, "SYMMETRY with temporal properties: symmetry reduction is unsound for liveness");
        }
        return new TlcConfig(name, text, new String(blanked), invariants, properties, deadlock == null || deadlock,
                constants);
    }

    private static boolean removable(String section) {
        return section != null && (section.startsWith("INVARIANT") || section.startsWith("PROPERT")
                || section.equals("CHECK_DEADLOCK"));
    }

    /** Replaces a range by spaces, keeping line breaks, so TLC's line numbers still match the file. */
    private static void blank(char[] chars, int from, int to) {
        for (int i = from; i < to; i++) {
            if (chars[i] != '\n' && chars[i] != '\r') {
                chars[i] = ' ';
            }
        }
    }

    private static boolean isIdentifier(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')
                && s.chars().anyMatch(Character::isLetter);
    }

    private static LivenessException error(String file, Token t, String message) {
        return new LivenessException(LivenessException.CONFIG, file, t.line(), t.column(), message);
    }

    /** Splits the text into words, strings and operators, skipping {@code \*} and {@code (* *)} comments. */
    private static List<Token> tokens(String file, String text) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = ++i;
                continue;
            }
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int col = i - lineStart + 1;
            if (text.startsWith("\\*", i)) {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (text.startsWith("(*", i)) {
                int end = text.indexOf("*)", i + 2);
                if (end < 0) {
                    throw error(file, new Token("(*", i, line, col), "comment '(*' is not closed");
                }
                for (int k = i; k < end; k++) {
                    if (text.charAt(k) == '\n') {
                        line++;
                        lineStart = k + 1;
                    }
                }
                i = end + 2;
                continue;
            }
            int start = i;
            if (c == '"') {
                i++;
                while (i < text.length() && text.charAt(i) != '"' && text.charAt(i) != '\n') {
                    i += text.charAt(i) == '\\' ? 2 : 1;
                }
                if (i >= text.length() || text.charAt(i) != '"') {
                    throw error(file, new Token("\"", start, line, col), "string is not closed on its line");
                }
                i++;
            } else if (Character.isLetterOrDigit(c) || c == '_') {
                while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
            } else if (text.startsWith("<-", i)) {
                i += 2;
            } else {
                i++;
            }
            out.add(new Token(text.substring(start, i), start, line, col));
        }
        return out;
    }

    /**
     * The constants a TLA+ module declares: the names after each {@code CONSTANT}/{@code CONSTANTS}
     * keyword at the start of a line, separated by commas (comments skipped).
     *
     * @param spec the module text
     * @return the names in declaration order
     */
    public static Set<String> declaredConstants(String spec) {
        Set<String> names = new LinkedHashSet<>();
        String clean = spec.replaceAll("\\(\\*(?s:.*?)\\*\\)", " ").replaceAll("\\\\\\*[^\\n]*", " ");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*CONSTANTS?\\b").matcher(clean);
        java.util.regex.Matcher one = java.util.regex.Pattern.compile(
                "\\s*([A-Za-z_][A-Za-z_0-9]*)(?:\\s*\\(\\s*_(?:\\s*,\\s*_)*\\s*\\))?\\s*(,)?").matcher(clean);
        while (m.find()) {
            int at = m.end();
            while (true) {
                one.region(at, clean.length());
                if (!one.lookingAt()) {
                    break;
                }
                names.add(one.group(1));
                at = one.end();
                if (one.group(2) == null) {
                    break;
                }
            }
        }
        return names;
    }

    /** The file name. */
    public String name() {
        return name;
    }

    /** The file's content as given. */
    public String text() {
        return text;
    }

    /** The invariants it lists, in order. */
    public List<String> invariants() {
        return invariants;
    }

    /** The temporal properties it lists, in order. */
    public List<String> properties() {
        return properties;
    }

    /** Whether TLC is to report deadlocks (CHECK_DEADLOCK; TLC's default TRUE). */
    public boolean checkDeadlock() {
        return checkDeadlock;
    }

    /** The constants it assigns, in order. */
    public List<String> constants() {
        return constants;
    }

    /**
     * This configuration with other checks: its INVARIANT, PROPERTY and CHECK_DEADLOCK sections
     * blanked in place (so line numbers stay) and the given ones appended.
     *
     * @param invariants    invariants for this run
     * @param properties    temporal properties for this run
     * @param checkDeadlock whether this run reports deadlocks
     * @return the text of the derived .cfg file
     */
    public String withChecks(List<String> invariants, List<String> properties, boolean checkDeadlock) {
        StringBuilder sb = new StringBuilder(withoutChecks);
        if (!withoutChecks.endsWith("\n")) {
            sb.append('\n');
        }
        sb.append("\\* checks of this TLC run (chosen by remo)\n");
        if (!invariants.isEmpty()) {
            sb.append("INVARIANTS ").append(String.join(" ", invariants)).append('\n');
        }
        if (!properties.isEmpty()) {
            sb.append("PROPERTIES ").append(String.join(" ", properties)).append('\n');
        }
        sb.append("CHECK_DEADLOCK ").append(checkDeadlock ? "TRUE" : "FALSE").append('\n');
        return sb.toString();
    }
}
