package remo.testing;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The figures of one property run, printed as one line when JUnit closes the property's context
 * (after its last try), in the manner of QuickCheck's {@code +++ OK, passed 100 tests}: tries passed,
 * discarded (by filters, assumptions, limits), distinct inputs, time. Kept in the property's
 * {@code ExtensionContext.Store}, which closes it. Thread-safe.
 */
final class PropertyStatistics implements AutoCloseable {
    private final String property;
    private final long seed;
    private final String inputs;
    private final PrintStream out;
    private final long start = System.nanoTime();
    private final Set<Object> distinct = new HashSet<>();
    private long tries;
    private long passed;
    private long filtered;
    private long emptyDraws;
    private long assumptions;
    private long limits;
    private String failure;

    /**
     * @param property the property's name
     * @param seed     its seed
     * @param inputs   what a try's input is called, plural ({@code programs}, {@code schedules})
     */
    PropertyStatistics(String property, long seed, String inputs, PrintStream out) {
        this.property = property;
        this.seed = seed;
        this.inputs = inputs;
        this.out = out;
    }

    /** A try starts on {@code input} (compared by {@code equals} for the distinct count; may be null). */
    synchronized void started(Object input, int filteredOnTheWay) {
        tries++;
        filtered += filteredOnTheWay;
        if (input != null) {
            distinct.add(input);
        }
    }

    /** A try's input became known after it started (a simulation's schedule). */
    synchronized void saw(Object input) {
        distinct.add(input);
    }

    synchronized void passed() {
        passed++;
    }

    /** A try whose filter rejected every attempt. */
    synchronized void emptyDraw() {
        emptyDraws++;
    }

    /** A try aborted by an assumption ({@code limit == false}) or by a check limit. */
    synchronized void aborted(boolean limit) {
        if (limit) {
            limits++;
        } else {
            assumptions++;
        }
    }

    /** The property is falsified; {@code summary} says where (e.g. {@code try 3, shrunk in 9 steps}). */
    synchronized void failed(String summary) {
        failure = summary;
    }

    synchronized boolean hasFailed() {
        return failure != null;
    }

    /** The statistics line. */
    synchronized String line() {
        List<String> discards = new ArrayList<>();
        if (assumptions > 0) {
            discards.add(assumptions + " by assumptions");
        }
        if (limits > 0) {
            discards.add(limits + " by limits");
        }
        if (emptyDraws > 0) {
            discards.add(emptyDraws + " by filters");
        }
        long discarded = assumptions + limits + emptyDraws;
        String verdict = failure != null ? "FALSIFIED at " + failure + "; " + passed + " passed"
                : "OK, passed " + passed + " of " + tries + " " + plural(tries, "try", "tries");
        return String.format(Locale.ROOT, "[remo] %s (seed %d): %s; %d discarded%s%s; %d distinct %s; %.2f s",
                property, seed, verdict, discarded, discards.isEmpty() ? "" : " (" + String.join(", ", discards) + ")",
                filtered == 0 ? "" : "; " + filtered + " " + inputs + " rejected by filters on the way",
                distinct.size(), distinct.size() == 1 ? inputs.substring(0, inputs.length() - 1) : inputs,
                (System.nanoTime() - start) / 1e9);
    }

    private static String plural(long n, String one, String many) {
        return n == 1 ? one : many;
    }

    @Override
    public void close() {
        out.println(line());
        out.flush();
    }
}
