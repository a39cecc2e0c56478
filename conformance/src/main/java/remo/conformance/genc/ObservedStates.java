package remo.conformance.genc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import remo.checker.FinalState;
import remo.litmus.Program;

/**
 * The histogram a generated program prints (docs/hardware.md), read back and compared with a
 * model's allowed full final states (models.md §9.1):
 *
 * <pre>
 * Test L05
 * Histogram (2 states)
 * 1999    :&gt;1:r0=0; 1:r1=0; d=1; f=1; one=1;
 * 1       :&gt;1:r0=0; 1:r1=1; d=1; f=1; one=1;
 * Iterations 2000
 * </pre>
 *
 * @param test   the name on the {@code Test} line
 * @param counts each observed state, as printed, and how often it was observed
 */
public record ObservedStates(String test, Map<String, Long> counts) {
    private static final Pattern STATE = Pattern.compile("\\s*(\\d+)\\s*[:*]>\\s*(.*?)\\s*");

    public ObservedStates {
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    /** A histogram that does not read: {@code file:line:column: what was expected}. */
    public static final class MalformedException extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedException(String source, int line, int column, String message) {
            super(source + ":" + line + ":" + column + ": error[E-OBSERVED]: " + message);
        }
    }

    /**
     * Reads a histogram; lines before its {@code Test} line and after its {@code Iterations} line
     * (such as a shell's or the coordinator's messages) are ignored.
     *
     * @param source the file name, for messages
     * @param text   the program's output
     * @throws MalformedException if there is no {@code Test} line, a line between it and {@code Iterations}
     *                            is not {@code Histogram (K states)} or {@code COUNT :>STATE}, or K differs
     *                            from the number of state lines
     */
    public static ObservedStates parse(String source, String text) throws MalformedException {
        String[] lines = text.split("\r?\n", -1);
        int i = 0;
        while (i < lines.length && !lines[i].startsWith("Test ")) {
            i++;
        }
        if (i == lines.length) {
            throw new MalformedException(source, lines.length, 1, "expected a line 'Test NAME' (the histogram of a program "
                    + "written by remo gen-c)");
        }
        String test = lines[i].substring(5).trim();
        Map<String, Long> counts = new LinkedHashMap<>();
        int declared = -1;
        for (i++; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("Iterations")) {
                if (declared >= 0 && declared != counts.size()) {
                    throw new MalformedException(source, i + 1, 1, "the Histogram line announces " + declared
                            + " states, " + counts.size() + " follow");
                }
                return new ObservedStates(test, counts);
            }
            Matcher h = Pattern.compile("Histogram \\((\\d+) states?\\)\\s*").matcher(line);
            Matcher s = STATE.matcher(line);
            if (h.matches()) {
                declared = Integer.parseInt(h.group(1));
            } else if (s.matches()) {
                counts.merge(normalise(s.group(2)), Long.parseLong(s.group(1)), Long::sum);
            } else {
                throw new MalformedException(source, i + 1, 1, "expected 'Histogram (K states)', 'COUNT :>STATE' or "
                        + "'Iterations N', found '" + line + "'");
            }
        }
        throw new MalformedException(source, lines.length, 1, "the histogram of " + test + " ends before its 'Iterations' line");
    }

    /** A state line with single blanks between its items. */
    static String normalise(String state) {
        return state.trim().replaceAll("\\s+", " ").replace(" ;", ";");
    }

    /**
     * The states observed but not allowed, and the allowed states never observed.
     *
     * @param forbidden     observed states outside the allowed set (a model bug or a NIC bug, or a bug of the program)
     * @param neverObserved allowed states no iteration ended in
     */
    public record Comparison(List<String> forbidden, List<String> neverObserved) {
    }

    /**
     * Compares with {@code allowed}, the full final states of {@code program} under some model.
     *
     * @param program the test the histogram is of
     * @param allowed the model's full final states ({@code CheckResult.fullStates()})
     */
    public Comparison compare(Program program, Set<FinalState> allowed) {
        Set<String> allowedText = new TreeSet<>();
        for (FinalState s : allowed) {
            allowedText.add(normalise(s.format(program)));
        }
        List<String> forbidden = new ArrayList<>();
        for (String s : new TreeSet<>(counts.keySet())) {
            if (!allowedText.contains(s)) {
                forbidden.add(s);
            }
        }
        List<String> never = new ArrayList<>();
        for (String s : allowedText) {
            if (!counts.containsKey(s)) {
                never.add(s);
            }
        }
        return new Comparison(forbidden, never);
    }
}
