package remo.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.core.SourceText;
import remo.litmus.LitmusException;

/**
 * The test blocks of a remo or herd7 text log (models.md §9.4), for {@code remo compare-logs}.
 *
 * <p>A block starts with {@code Test NAME KIND} and holds {@code States N} followed by N state
 * lines, {@code Ok} or {@code No}, {@code Witnesses}, {@code Positive: P Negative: N},
 * {@code Condition …}, {@code Observation NAME WORD P N} (remo marks a run cut short by a limit
 * with a final {@code (partial)}), and optionally {@code Flag},
 * {@code Blocked}, {@code Warning:}, {@code Hash=…} and {@code Time …} lines (other lines inside a
 * block that start with a word are ignored, as herd7 versions add some). Outside blocks, blank
 * lines and comments ({@code %}, {@code #}, {@code //}) are skipped, as is remo's trailing
 * {@code Summary} table up to the next {@code Test} line. A state line is a set of
 * {@code ITEM=VALUE;} items; items are normalised by dropping spaces and the brackets of
 * {@code [x]}, and state lines may carry a litmus7-style count prefix ({@code 12 *>} or {@code 12 :>}).
 * A log holds at least one block; the {@code Observation} line names the block's own test; a block
 * that stops (blank line, next {@code Test} line, end of file) before its {@code States},
 * {@code Ok}/{@code No} or {@code Observation} line is reported where it stops.
 */
public final class ResultLog {
    private static final Pattern TEST = Pattern.compile("Test\\s+(\\S+)\\s+(Allowed|Forbidden|Required)\\s*");
    private static final Pattern STATES = Pattern.compile("States\\s+(\\d+)\\s*");
    private static final Pattern OBSERVATION =
            Pattern.compile("Observation\\s+(\\S+)\\s+(Never|Sometimes|Always)\\s+(\\d+)\\s+(\\d+)(\\s+\\(partial\\))?\\s*");
    private static final Pattern COUNT_PREFIX = Pattern.compile("^\\s*\\d+\\s*[*:]>\\s*");
    private static final Pattern ITEM = Pattern.compile("([^=;\\s][^=;]*?)\\s*=\\s*(-?(?:0x[0-9a-fA-F]+|\\d+))");
    private static final Pattern WORD_LINE = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*\\b.*");

    private final String file;
    private final Map<String, Entry> entries;

    private ResultLog(String file, Map<String, Entry> entries) {
        this.file = file;
        this.entries = Collections.unmodifiableMap(entries);
    }

    /**
     * One test's block.
     *
     * @param name        the test name (a repeated name gets {@code #2}, {@code #3}, … appended)
     * @param kind        the word of the {@code Test} line: Allowed, Forbidden or Required
     * @param ok          {@code Ok} (true) or {@code No} (false)
     * @param observation Never, Sometimes or Always
     * @param partial     whether the {@code Observation} line ends in {@code (partial)}
     * @param states      the state lines, each a sorted set of normalised items
     * @param line        the line of the {@code Test} line (1-based)
     */
    public record Entry(String name, String kind, boolean ok, String observation, boolean partial, Set<Set<String>> states,
                        int line) {
        public Entry {
            states = Collections.unmodifiableSet(new java.util.LinkedHashSet<>(states));
        }

        /** {@code Allowed Ok Sometimes}, or {@code Forbidden No Never (partial)}: the verdict as compared. */
        public String verdictText() {
            return kind + " " + (ok ? "Ok" : "No") + " " + observation + (partial ? " (partial)" : "");
        }
    }

    /** The file name as given. */
    public String file() {
        return file;
    }

    /** The blocks by test name, in log order. */
    public Map<String, Entry> entries() {
        return entries;
    }

    /**
     * Reads a log file.
     *
     * @param path  the file
     * @param shown its name for messages
     * @throws LitmusException E-IO if it cannot be read; E-LOG with line and column if it is malformed
     */
    public static ResultLog read(Path path, String shown) throws LitmusException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException | RuntimeException e) {
            throw new LitmusException(Diagnostic.error("E-IO", shown, Position.START, "cannot read log: "
                    + (e instanceof java.nio.file.NoSuchFileException ? "no such file"
                    : e instanceof java.nio.file.AccessDeniedException ? "permission denied" : e.getMessage())));
        }
        // as litmus and cat files: a leading byte-order mark is skipped, an invalid byte located
        String text;
        try {
            text = SourceText.decode(bytes, shown, "E-LOG");
        } catch (DiagnosticException e) {
            throw new LitmusException(e.diagnostic());
        }
        return parse(text, shown);
    }

    /**
     * Parses log text.
     *
     * @param text  the log
     * @param shown its file name for messages
     * @throws LitmusException E-LOG with line and column if it is malformed
     */
    public static ResultLog parse(String text, String shown) throws LitmusException {
        String[] lines = text.split("\r?\n", -1);
        Map<String, Entry> out = new LinkedHashMap<>();
        int i = 0;
        boolean inSummary = false;
        while (i < lines.length) {
            String line = lines[i];
            String t = line.trim();
            if (t.startsWith("Test ")) {
                inSummary = false;
                i = block(lines, i, shown, out);
                continue;
            }
            if (inSummary || t.isEmpty() || t.startsWith("%") || t.startsWith("#") || t.startsWith("//")) {
                i++;
                continue;
            }
            if (t.equals("Summary")) {
                inSummary = true;
                i++;
                continue;
            }
            if (t.startsWith("Expectations:")) {
                i++;
                continue;
            }
            throw error(shown, i, indent(line), "expected a 'Test NAME KIND' line, found '" + abbreviate(t) + "'");
        }
        if (out.isEmpty()) {
            throw error(shown, 0, 1, "no test block found (a log holds 'Test NAME Allowed|Forbidden|Required' blocks, "
                    + "as remo check and herd7 print them)");
        }
        return new ResultLog(shown, out);
    }

    /** Parses the block starting at line {@code start}; returns the index of the first line after it. */
    private static int block(String[] lines, int start, String shown, Map<String, Entry> out) throws LitmusException {
        Matcher m = TEST.matcher(lines[start].trim());
        if (!m.matches()) {
            throw error(shown, start, indent(lines[start]) + 5,
                    "expected 'Test NAME Allowed|Forbidden|Required', found '" + abbreviate(lines[start].trim()) + "'");
        }
        String name = m.group(1);
        String kind = m.group(2);
        Boolean ok = null;
        String observation = null;
        boolean partial = false;
        Set<Set<String>> states = null;
        int i = start + 1;
        for (; i < lines.length; i++) {
            String line = lines[i];
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("Test ")) {
                break;
            }
            if (t.startsWith("States")) {
                Matcher sm = STATES.matcher(t);
                if (!sm.matches()) {
                    throw error(shown, i, indent(line) + 7, "expected 'States N', found '" + abbreviate(t) + "'");
                }
                int n;
                try {
                    n = Integer.parseInt(sm.group(1));
                } catch (NumberFormatException e) {
                    throw error(shown, i, indent(line) + 8, "state count " + abbreviate(sm.group(1)) + " is out of range");
                }
                states = new java.util.LinkedHashSet<>();
                if (n == 1 && i + 1 < lines.length && lines[i + 1].isBlank()) {
                    // a test that prints no item (e.g. exists (true)) has one state with no items
                    states.add(Set.of());
                } else {
                    for (int k = 1; k <= n; k++) {
                        if (i + k >= lines.length) {
                            throw endOfFile(lines, shown, "the file ends inside the block of test " + name + " (line "
                                    + (start + 1) + "): 'States " + n + "' announces " + n + " state lines, found " + (k - 1));
                        }
                        if (lines[i + k].isBlank()) {
                            throw error(shown, i + k, 1, "'States " + n + "' announces " + n + " state lines, found " + (k - 1));
                        }
                        states.add(state(lines[i + k], shown, i + k));
                    }
                }
                i += n;
            } else if (t.equals("Ok") || t.equals("No")) {
                ok = t.equals("Ok");
            } else if (t.startsWith("Observation")) {
                Matcher om = OBSERVATION.matcher(t);
                if (!om.matches()) {
                    throw error(shown, i, indent(line) + 12,
                            "expected 'Observation NAME Never|Sometimes|Always P N', found '" + abbreviate(t) + "'");
                }
                if (!om.group(1).equals(name)) {
                    throw error(shown, i, indent(line) + om.start(1), "'Observation " + abbreviate(om.group(1))
                            + "' inside the block of test " + name + " (line " + (start + 1) + "); expected 'Observation "
                            + name + " ...'");
                }
                observation = om.group(2);
                partial = om.group(5) != null;
            } else if (!WORD_LINE.matcher(t).matches()) {
                throw error(shown, i, indent(line), "unexpected line in the block of test " + name + ": '" + abbreviate(t) + "'");
            }
            // Witnesses, Positive:, Condition, Flag, Blocked, Warning:, Hash=, Time and other word lines: not compared
        }
        String missing = states == null ? "'States N'" : ok == null ? "'Ok' or 'No'"
                : observation == null ? "'Observation " + name + " Never|Sometimes|Always P N'" : null;
        if (missing != null) {
            // reported where the block stops: the blank or 'Test' line that ends it, or the end of the file
            String block = "the block of test " + name + " (line " + (start + 1) + ")";
            if (restIsBlank(lines, i)) {
                throw endOfFile(lines, shown, "the file ends inside " + block + ": expected its " + missing + " line");
            }
            throw error(shown, i, indent(lines[i]), block + " ends without its " + missing + " line");
        }
        String key = name;
        for (int k = 2; out.containsKey(key); k++) {
            key = name + "#" + k;
        }
        out.put(key, new Entry(key, kind, ok, observation, partial, states, start + 1));
        return i;
    }

    private static Set<String> state(String line, String shown, int index) throws LitmusException {
        String s = COUNT_PREFIX.matcher(line).replaceFirst("");
        Set<String> items = new TreeSet<>();
        int col = line.length() - s.length() + 1;
        for (String part : s.split(";", -1)) {
            String p = part.trim();
            if (!p.isEmpty()) {
                Matcher m = ITEM.matcher(p);
                if (!m.matches()) {
                    throw error(shown, index, col + part.indexOf(p.charAt(0)),
                            "expected a state item 'NAME=VALUE', found '" + abbreviate(p) + "'");
                }
                items.add(normalise(m.group(1)) + "=" + normaliseValue(m.group(2)));
            }
            col += part.length() + 1;
        }
        if (items.isEmpty()) {
            throw error(shown, index, 1, "empty state line");
        }
        return items;
    }

    /** {@code 0: EAX} → {@code 0:EAX}; {@code [x]} → {@code x}. */
    static String normalise(String item) {
        String s = item.replaceAll("\\s+", "");
        if (s.startsWith("[") && s.endsWith("]")) {
            s = s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static String normaliseValue(String v) {
        try {
            return v.startsWith("0x") || v.startsWith("-0x")
                    ? Long.toString(Long.decode(v)) : Long.toString(Long.parseLong(v));
        } catch (NumberFormatException e) {
            return v;
        }
    }

    private static boolean restIsBlank(String[] lines, int from) {
        for (int k = from; k < lines.length; k++) {
            if (!lines[k].isBlank()) {
                return false;
            }
        }
        return true;
    }

    /**
     * An error at the end of the file: just after the last non-blank line (the start of the next
     * line when the file ends with a line break).
     */
    private static LitmusException endOfFile(String[] lines, String shown, String message) {
        int last = lines.length - 1;
        while (last > 0 && lines[last].isBlank()) {
            last--;
        }
        return last + 1 < lines.length ? error(shown, last + 1, 1, message) : error(shown, last, lines[last].length() + 1, message);
    }

    private static int indent(String line) {
        int k = 0;
        while (k < line.length() && Character.isWhitespace(line.charAt(k))) {
            k++;
        }
        return k + 1;
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    private static LitmusException error(String file, int lineIndex, int column, String message) {
        return new LitmusException(Diagnostic.error("E-LOG", file, new Position(lineIndex + 1, Math.max(1, column)), message));
    }
}
