package remo.locks.liveness;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one TLC run reported, read from its {@code -tool} messages.
 *
 * @param verdict        how the run ended
 * @param invariant      the violated invariant's name, for {@link Verdict#INVARIANT_VIOLATED}; else null
 * @param counterexample the trace TLC printed with a violation; else null
 * @param statistics     TLC's numbers
 * @param warnings       TLC's warnings, one line each
 */
public record TlcReport(Verdict verdict, String invariant, TlcCounterexample counterexample, TlcStatistics statistics,
                        List<String> warnings) {

    /** How a TLC run ended. */
    public enum Verdict {
        /** "Model checking completed. No error has been found." */
        NO_ERROR,
        /** An invariant is false in a reachable state. */
        INVARIANT_VIOLATED,
        /** A reachable state has no successor. */
        DEADLOCK,
        /** A temporal property is violated (a lasso). */
        TEMPORAL_VIOLATED,
        /**
         * A trace without saying what it violates: TLC 2.18's distributed server prints "The behavior
         * up to this point is:" and a trace, but neither "Invariant X is violated" nor "Deadlock
         * reached"; the caller knows from what it asked the run to check.
         */
        UNNAMED_VIOLATION
    }

    public TlcReport {
        warnings = List.copyOf(warnings);
    }

    /**
     * Collects the messages of one run and turns them into a report. Not thread-safe: feed it from
     * one reader thread.
     */
    static final class Builder {
        private static final Pattern STATE_HEAD = Pattern.compile("^(\\d+): (?:<([A-Za-z_0-9]+)(?:[ (][^\\n]*)?>|(Stuttering)|Back to state[^\\n]*)");
        private static final Pattern INVARIANT = Pattern.compile("Invariant (\\S+) is violated");
        private static final Pattern STATS = Pattern.compile("([\\d,]+) states generated, ([\\d,]+) distinct states found");
        private static final Pattern DEPTH = Pattern.compile("search is (\\d+)");
        private static final Pattern PROGRESS = Pattern.compile("([\\d,]+) distinct states found[^,]*, ([\\d,]+) states left");
        /** Codes of severity "error" that belong to a verdict and its trace, not to a failure. */
        private static final Set<Integer> VERDICT_CODES = Set.of(ToolMessage.INVARIANT_VIOLATED,
                ToolMessage.INVARIANT_VIOLATED_INITIAL, ToolMessage.DEADLOCK, ToolMessage.TEMPORAL_VIOLATED,
                ToolMessage.BEHAVIOR_UP_TO_HERE, ToolMessage.COUNTER_EXAMPLE);

        private final TlcListener listener;
        private Verdict verdict;
        private String invariant;
        private final List<TlaState> states = new ArrayList<>();
        private int loopStart;
        private boolean stuttering;
        private long generated = -1;
        private long distinct = -1;
        private long progressDistinct = -1;
        private long depth = -1;
        private boolean finished;
        private boolean behavior;
        private String version;
        private final List<String> warnings = new ArrayList<>();
        private final List<String> errors = new ArrayList<>();

        Builder(TlcListener listener) {
            this.listener = listener;
        }

        /**
         * What TLC has reported so far, for a run stopped before its end: the distinct states of its
         * last statistics or progress line (-1 if none), never complete.
         *
         * @param millis the run's wall-clock time until it was stopped (ms)
         */
        /** Notes a count of distinct states found so far (TLC's progress lines, remo's child's progress reports). */
        synchronized void progress(long found) {
            progressDistinct = Math.max(progressDistinct, found);
        }

        synchronized TlcStatistics sofar(long millis) {
            return new TlcStatistics(generated, Math.max(distinct, progressDistinct), depth, millis, false);
        }

        void accept(ToolMessage m) {
            switch (m.code()) {
                case ToolMessage.VERSION -> version = m.text();
                case ToolMessage.SUCCESS -> verdict = Verdict.NO_ERROR;
                case ToolMessage.INVARIANT_VIOLATED, ToolMessage.INVARIANT_VIOLATED_INITIAL -> {
                    verdict = Verdict.INVARIANT_VIOLATED;
                    Matcher im = INVARIANT.matcher(m.text());
                    invariant = im.find() ? im.group(1) : "?";
                }
                case ToolMessage.DEADLOCK -> verdict = Verdict.DEADLOCK;
                case ToolMessage.TEMPORAL_VIOLATED -> verdict = Verdict.TEMPORAL_VIOLATED;
                case ToolMessage.BEHAVIOR_UP_TO_HERE -> behavior = true;
                case ToolMessage.STATE, ToolMessage.STUTTERING, ToolMessage.BACK_TO_STATE -> state(m);
                case ToolMessage.STATS -> {
                    Matcher sm = STATS.matcher(m.text());
                    if (sm.find()) {
                        generated = number(sm.group(1));
                        distinct = number(sm.group(2));
                    }
                }
                case ToolMessage.SEARCH_DEPTH -> {
                    Matcher dm = DEPTH.matcher(m.text());
                    if (dm.find()) {
                        depth = Long.parseLong(dm.group(1));
                    }
                }
                case ToolMessage.PROGRESS -> {
                    Matcher pm = PROGRESS.matcher(m.text());
                    if (pm.find()) {
                        progress(number(pm.group(1)));
                        listener.progress(number(pm.group(1)), number(pm.group(2)));
                    }
                }
                case ToolMessage.CHECKING_TEMPORAL, ToolMessage.SERVER_RUNNING, ToolMessage.WORKER_REGISTERED ->
                        listener.phase(m.text().lines().findFirst().orElse(""));
                case ToolMessage.FINISHED -> finished = true;
                default -> {
                    if (m.isError() && !VERDICT_CODES.contains(m.code())) {
                        errors.add(m.text());
                    } else if (m.severity() == 3) {
                        warnings.add(m.text().replace('\n', ' '));
                    }
                }
            }
        }

        private void state(ToolMessage m) {
            Matcher h = STATE_HEAD.matcher(m.text());
            if (!h.find()) {
                errors.add("unreadable trace state from TLC: " + m.text().lines().findFirst().orElse(""));
                return;
            }
            int number = Integer.parseInt(h.group(1));
            if (m.code() == ToolMessage.BACK_TO_STATE) {
                loopStart = number;
            } else if (m.code() == ToolMessage.STUTTERING) {
                stuttering = true;
            } else {
                String body = m.text().substring(h.end());
                String action = h.group(2) != null ? h.group(2) : "Initial predicate";
                if (m.text().startsWith(number + ": <Initial predicate>")) {
                    action = "Initial predicate";
                }
                try {
                    states.add(new TlaState(number, action, TlaValueParser.variables(body)));
                } catch (IllegalArgumentException e) {
                    errors.add("unreadable trace state " + number + " from TLC: " + e.getMessage());
                }
            }
        }

        private static long number(String digits) {
            return Long.parseLong(digits.replace(",", ""));
        }

        String version() {
            return version;
        }

        boolean finished() {
            return finished;
        }

        List<String> errors() {
            return errors;
        }

        Verdict verdict() {
            return verdict == null && behavior && !states.isEmpty() ? Verdict.UNNAMED_VIOLATION : verdict;
        }

        /**
         * The report.
         *
         * @param millis   the run's wall-clock time (ms)
         * @param unnamed  the kind to give a counterexample of {@link Verdict#UNNAMED_VIOLATION}
         * @param complete whether the printed trace starts at an initial state (false for TLC's
         *                 distributed server, which prints only the last steps)
         */
        TlcReport build(long millis, CounterexampleKind unnamed, boolean complete) {
            Verdict verdict = verdict();
            TlcCounterexample cx = null;
            if (verdict != null && verdict != Verdict.NO_ERROR && !states.isEmpty()) {
                CounterexampleKind kind = switch (verdict) {
                    case INVARIANT_VIOLATED -> CounterexampleKind.INVARIANT;
                    case DEADLOCK -> CounterexampleKind.DEADLOCK;
                    case UNNAMED_VIOLATION -> unnamed;
                    default -> CounterexampleKind.LASSO;
                };
                cx = new TlcCounterexample(kind, states, loopStart, stuttering, complete);
            }
            boolean explored = verdict == Verdict.NO_ERROR || verdict == Verdict.TEMPORAL_VIOLATED;
            return new TlcReport(verdict, invariant, cx, new TlcStatistics(generated, distinct, depth, millis, explored),
                    warnings);
        }
    }
}
