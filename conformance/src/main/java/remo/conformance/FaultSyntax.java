package remo.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import remo.nic.FaultPlan;
import remo.nic.QpSelector;
import remo.nic.ThreadSelector;

/**
 * The text form of a fault plan (nic.md §7) on the command line ({@code remo simulate --faults},
 * docs/cli.md): rules separated by {@code ;}, blanks anywhere between tokens.
 *
 * <pre>
 * qp-error(P0, 2, op=1)          QP (P0, node 2) enters ERROR when its request 1 would take its first step
 * qp-error(P0, 2, step=30)       ... at scheduler step 30 (deterministic mode)
 * crash(2, step=40)              node 2 crashes at scheduler step 40 (deterministic mode)
 * delay-nic(P0, 2, p=0.5, mean=20)   extra holds on the NIC steps of QP (P0, node 2); delay-nic(*, ...) every QP
 * delay-drain(P0, p=0.5, mean=20)    extra holds on P0's store-buffer drains; delay-drain(*, ...) every thread
 * </pre>
 *
 * {@link #format} prints a parsed plan back in this form, one canonical spelling per rule.
 */
public final class FaultSyntax {

    /** A rule that does not parse: {@code offset} characters into the text (0-based), what was expected. */
    public static final class BadFaults extends Exception {
        private static final long serialVersionUID = 1L;
        private final int offset;

        BadFaults(int offset, String message) {
            super(message);
            this.offset = offset;
        }

        /** Where the problem is, in characters from the start of the text (0-based). */
        public int offset() {
            return offset;
        }
    }

    /** The QP selector of a parsed {@code delay-nic}: one QP, or every QP when {@code thread} is null. */
    public record QpChoice(String thread, int target) implements QpSelector {
        @Override
        public boolean test(String t, int n) {
            return thread == null || (thread.equals(t) && target == n);
        }

        @Override
        public String toString() {
            return thread == null ? "*" : thread + ", " + target;
        }
    }

    /** The thread selector of a parsed {@code delay-drain}: one thread, or every thread when {@code thread} is null. */
    public record ThreadChoice(String thread) implements ThreadSelector {
        @Override
        public boolean test(String t) {
            return thread == null || thread.equals(t);
        }

        @Override
        public String toString() {
            return thread == null ? "*" : thread;
        }
    }

    private final String text;
    private int at;

    private FaultSyntax(String text) {
        this.text = text;
    }

    /**
     * Parses {@code text} (the rules of one {@code --faults} option).
     *
     * @param text the rules, separated by {@code ;}
     * @return the plan, with {@code expectUnreported} set (unreported flushed requests are counted)
     * @throws BadFaults at the first token that does not fit the grammar above, or a number out of range
     */
    public static FaultPlan parse(String text) throws BadFaults {
        return parseInto(FaultPlan.builder().expectUnreported(), text).build();
    }

    /**
     * Parses {@code text} and adds its rules to {@code builder}.
     *
     * @throws BadFaults as {@link #parse}
     */
    public static FaultPlan.Builder parseInto(FaultPlan.Builder builder, String text) throws BadFaults {
        FaultSyntax p = new FaultSyntax(text);
        p.skipBlanks();
        if (p.at == text.length()) {
            throw new BadFaults(0, "no fault rule; expected qp-error(...), crash(...), delay-nic(...) or delay-drain(...)");
        }
        while (true) {
            p.rule(builder);
            p.skipBlanks();
            if (p.at == text.length()) {
                return builder;
            }
            p.expect(";");
        }
    }

    /** The rules of {@code plan} in the text form above, separated by {@code "; "}. */
    public static String format(FaultPlan plan) {
        List<String> out = new ArrayList<>();
        for (FaultPlan.Rule r : plan.rules()) {
            out.add(format(r));
        }
        return String.join("; ", out);
    }

    /** One rule in the text form above. */
    public static String format(FaultPlan.Rule r) {
        if (r instanceof FaultPlan.QpError q) {
            return "qp-error(" + q.thread() + ", " + q.target() + ", op=" + q.afterOps() + ")";
        } else if (r instanceof FaultPlan.QpErrorAtStep q) {
            return "qp-error(" + q.thread() + ", " + q.target() + ", step=" + q.step() + ")";
        } else if (r instanceof FaultPlan.Crash c) {
            return "crash(" + c.node() + ", step=" + c.atStep() + ")";
        } else if (r instanceof FaultPlan.DelayNic d) {
            return "delay-nic(" + d.selector() + ", p=" + number(d.probability()) + ", mean=" + d.meanSteps() + ")";
        } else if (r instanceof FaultPlan.DelayDrain d) {
            return "delay-drain(" + d.selector() + ", p=" + number(d.probability()) + ", mean=" + d.meanSteps() + ")";
        }
        return r.toString();
    }

    private static String number(double p) {
        return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
    }

    private void rule(FaultPlan.Builder b) throws BadFaults {
        skipBlanks();
        int start = at;
        String kind = word();
        switch (kind) {
            case "qp-error" -> {
                expect("(");
                String thread = thread();
                expect(",");
                int target = node();
                expect(",");
                skipBlanks();
                int keyAt = at;
                String key = word();
                expect("=");
                int valueAt = at;
                long n = natural();
                if (key.equals("op")) {
                    if (n < 1) {
                        throw new BadFaults(valueAt, "requests are numbered from 1 in posting order; op=0 names none");
                    }
                    b.qpError(thread, target, n);
                } else if (key.equals("step")) {
                    b.qpErrorAtStep(thread, target, n);
                } else {
                    throw new BadFaults(keyAt, "expected op=N (the QP's N-th request) or step=N (a scheduler step), found '"
                            + key + "'");
                }
                expect(")");
            }
            case "crash" -> {
                expect("(");
                int node = node();
                expect(",");
                keyword("step");
                expect("=");
                long step = natural();
                expect(")");
                b.crash(node, step);
            }
            case "delay-nic" -> {
                expect("(");
                QpChoice qp;
                if (peek('*')) {
                    at++;
                    qp = new QpChoice(null, 0);
                } else {
                    String thread = thread();
                    expect(",");
                    qp = new QpChoice(thread, node());
                }
                expect(",");
                double p = probability();
                expect(",");
                int mean = mean();
                expect(")");
                b.delayNic(qp, p, mean);
            }
            case "delay-drain" -> {
                expect("(");
                ThreadChoice t;
                if (peek('*')) {
                    at++;
                    t = new ThreadChoice(null);
                } else {
                    t = new ThreadChoice(thread());
                }
                expect(",");
                double p = probability();
                expect(",");
                int mean = mean();
                expect(")");
                b.delayDrain(t, p, mean);
            }
            default -> throw new BadFaults(start, "unknown fault rule '" + kind
                    + "'; expected qp-error, crash, delay-nic or delay-drain");
        }
    }

    private double probability() throws BadFaults {
        keyword("p");
        expect("=");
        skipBlanks();
        int start = at;
        while (at < text.length() && (Character.isDigit(text.charAt(at)) || text.charAt(at) == '.')) {
            at++;
        }
        String s = text.substring(start, at);
        try {
            double p = Double.parseDouble(s);
            if (p >= 0 && p <= 1 && !s.isEmpty()) {
                return p;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadFaults(start, "expected a probability between 0 and 1, found " + found(start));
    }

    private int mean() throws BadFaults {
        keyword("mean");
        expect("=");
        skipBlanks();
        int start = at;
        long n = natural();
        if (n > Integer.MAX_VALUE) {
            throw new BadFaults(start, "mean of at most " + Integer.MAX_VALUE + " steps");
        }
        return (int) n;
    }

    private String thread() throws BadFaults {
        skipBlanks();
        int start = at;
        String w = word();
        if (!w.matches("P[0-9]+")) {
            throw new BadFaults(start, "expected a thread (P0, P1, ...), found " + (w.isEmpty() ? found(start) : "'" + w + "'"));
        }
        return w;
    }

    private int node() throws BadFaults {
        skipBlanks();
        int start = at;
        long n = natural();
        if (n < 1 || n > 64) {
            throw new BadFaults(start, "expected a node number from 1 to 64, found " + n);
        }
        return (int) n;
    }

    private long natural() throws BadFaults {
        skipBlanks();
        int start = at;
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
            at++;
        }
        if (start == at) {
            throw new BadFaults(start, "expected a whole number, found " + found(start));
        }
        try {
            return Long.parseLong(text.substring(start, at));
        } catch (NumberFormatException e) {
            throw new BadFaults(start, "number out of range: at most " + Long.MAX_VALUE);
        }
    }

    private void keyword(String k) throws BadFaults {
        skipBlanks();
        int start = at;
        String w = word();
        if (!w.equals(k)) {
            throw new BadFaults(start, "expected '" + k + "=', found " + (w.isEmpty() ? found(start) : "'" + w + "'"));
        }
    }

    /** A run of letters, digits and '-' (lower-cased for rule names and keys); empty if none. */
    private String word() {
        skipBlanks();
        int start = at;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '-')) {
            at++;
        }
        String w = text.substring(start, at);
        return w.matches("P[0-9]+") ? w : w.toLowerCase(Locale.ROOT);
    }

    private void expect(String token) throws BadFaults {
        skipBlanks();
        if (!text.startsWith(token, at)) {
            throw new BadFaults(at, "expected '" + token + "', found " + found(at));
        }
        at += token.length();
    }

    private boolean peek(char c) {
        skipBlanks();
        return at < text.length() && text.charAt(at) == c;
    }

    private String found(int offset) {
        return offset >= text.length() ? "end of the rules" : "'" + text.charAt(offset) + "'";
    }

    private void skipBlanks() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
