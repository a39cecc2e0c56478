package remo.conformance;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.litmus.Program;

/**
 * The outcome of simulating a litmus program many times: the histogram of observed final states
 * (projected on the printed items, like litmus7) next to the model's allowed set (like herd7),
 * coverage, states outside the allowed set, and trace conformance. Immutable.
 *
 * @param program          the program
 * @param mode             {@code deterministic} or {@code concurrent}
 * @param policy           the scheduler policy (deterministic mode)
 * @param firstSeed        the seed of the first run (run {@code i} uses {@code firstSeed + i})
 * @param runs             number of runs
 * @param allowed          the checker's result under the allowed-set model
 * @param observed         projected observed states of completed runs with their counts
 * @param observedFull     full observed states of completed runs with their counts
 * @param completed        runs that reached a final state
 * @param discarded        runs discarded by a false {@code assume}
 * @param stuck            runs that could never finish (blocked {@code await}, statically blocked {@code poll})
 * @param failed           runs in which a thread threw
 * @param conditionHolds   completed runs (after the filter) whose state satisfies the condition's proposition
 * @param conditionFails   completed runs (after the filter) whose state does not
 * @param faults           the fault plan and what it did (nic.md §7), or {@code null} for runs without faults
 * @param conformanceModel the model recorded graphs were checked against, or {@code null} if not checked
 * @param tracesChecked    recorded graphs checked
 * @param distinctGraphs   distinct graphs among them
 * @param violations       every problem: observed states outside the allowed set, inconsistent graphs, failed runs
 * @param seconds          wall-clock time of the simulation
 * @param lastMetrics      the metrics of the last run (nic.md §9), or {@code null}
 * @param cut              the runs a bound stopped, or {@code null} when none was
 */
public record SimulationReport(Program program, String mode, String policy, long firstSeed, int runs, CheckResult allowed,
                               Map<FinalState, Long> observed, Map<FinalState, Long> observedFull, long completed,
                               long discarded, long stuck, long failed, long conditionHolds, long conditionFails,
                               Faults faults, String conformanceModel, long tracesChecked, long distinctGraphs, List<Violation> violations,
                               double seconds, remo.nic.MetricsSnapshot lastMetrics, Cut cut) {

    /**
     * The runs a bound stopped (nic.md §5.1): no final state, not checked; the first one is shown.
     *
     * @param runs         how many runs were cut
     * @param budget       the step budget of one run
     * @param firstSeed    the seed of the first cut run
     * @param firstMessage its diagnosis (each thread's pending call) and its last steps ({@code trace cut: …})
     */
    public record Cut(long runs, long budget, long firstSeed, String firstMessage) {
    }

    /**
     * A problem found in one run.
     *
     * @param seed     the run's seed (replay it with {@code --seed SEED --runs 1})
     * @param kind     {@code state} (outside the allowed set), {@code trace} (inconsistent graph) or {@code failure}
     * @param message  what is wrong: the state; or the violated axiom and cycle; or the exception
     * @param schedule the run's schedule length and first actions (deterministic mode), or empty
     */
    public record Violation(long seed, String kind, String message, String schedule) {
    }

    /**
     * The faults of a simulation (nic.md §7).
     *
     * @param plan      the fault plan of every run
     * @param counts    where the runs' requests went, added up over the runs
     * @param faultFree projected states observed in runs in which no fault fired (a state outside the
     *                  allowed set is a violation only if it is among them)
     */
    public record Faults(remo.nic.FaultPlan plan, FaultCounts counts, Set<FinalState> faultFree) {
        public Faults {
            faultFree = Set.copyOf(faultFree);
        }
    }

    public SimulationReport {
        observed = Collections.unmodifiableMap(new TreeMap<>(observed));
        observedFull = Collections.unmodifiableMap(new TreeMap<>(observedFull));
        violations = List.copyOf(violations);
    }

    /** Projected states the model allows (herd7's state lines). */
    public Set<FinalState> allowedStates() {
        return allowed.states().keySet();
    }

    /** Projected allowed states that were observed. */
    public int coveredStates() {
        int n = 0;
        for (FinalState s : allowedStates()) {
            if (observed.containsKey(s)) {
                n++;
            }
        }
        return n;
    }

    /** Full allowed states ({@code FS_M(P)}) that were observed. */
    public int coveredFullStates() {
        int n = 0;
        for (FinalState s : allowed.fullStates()) {
            if (observedFull.containsKey(s)) {
                n++;
            }
        }
        return n;
    }

    /** Observed full states outside {@code FS_M(P)}, with their counts. */
    public Map<FinalState, Long> disallowed() {
        Map<FinalState, Long> out = new TreeMap<>();
        observedFull.forEach((s, c) -> {
            if (!allowed.fullStates().contains(s)) {
                out.put(s, c);
            }
        });
        return out;
    }

    /** Whether nothing went wrong: every observed state allowed, every checked graph consistent, no thread failed. */
    public boolean ok() {
        return violations.isEmpty() && (faults == null || faults.counts().lost() == 0);
    }

    /** {@code 1 run}, {@code 2 runs}. */
    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The report as text: histogram beside the allowed set, coverage, run counts, conformance, violations. */
    public String format() {
        StringBuilder sb = new StringBuilder();
        Program p = program;
        sb.append(String.format(Locale.ROOT, "Simulation %s: %s, %s mode%s, seeds %d..%d%n", p.name(), count(runs, "run"), mode,
                policy == null ? "" : " (" + policy + ")", firstSeed, firstSeed + runs - 1));
        if (faults != null) {
            sb.append("Fault plan: ").append(FaultSyntax.format(faults.plan())).append('\n');
        }
        Set<FinalState> rows = new TreeSet<>(allowedStates());
        rows.addAll(observed.keySet());
        sb.append(String.format(Locale.ROOT, "Histogram (%s observed) beside %s's allowed set (%s)%n",
                count(observed.size(), "state"), allowed.model().name(), count(allowedStates().size(), "state")));
        if (remo.core.Interruption.requested()) {
            sb.append("Warning: " + remo.core.Interruption.reason() + ": the simulation stopped after "
                    + count(runs, "run") + "; the figures below are partial\n");
        }
        if (allowed.partial()) {
            sb.append("Warning: the allowed set is partial (" + allowed.partialReason()
                    + "); states outside it are not reported as violations\n");
        }
        sb.append(String.format(Locale.ROOT, "%10s  %-11s %s%n", "observed", "model", "state"));
        for (FinalState s : rows) {
            long c = observed.getOrDefault(s, 0L);
            boolean ok = allowedStates().contains(s);
            boolean holds = p.condition().eval(s::get);
            // a state outside the model seen only in runs a fault hit is the fault's effect, not a violation
            String mark = ok ? "allowed" : faults != null && !faults.faultFree().contains(s) ? "after fault"
                    : allowed.partial() ? "unknown" : "FORBIDDEN";
            sb.append(String.format(Locale.ROOT, "%10d  %-11s %s%s%n", c, mark, holds ? "*> " : ":> ",
                    s.format(p)));
        }
        sb.append(String.format(Locale.ROOT, "Condition %s (%s): observed in %d of %d runs; model verdict %s%n",
                p.quantifier().keyword(), remo.litmus.ProgramPrinter.printProp(p.condition(), p.dialect()),
                conditionHolds, conditionHolds + conditionFails, allowed.verdictWord() + (allowed.partial() ? " (partial)" : "")));
        int all = allowedStates().size();
        if (all == 0 && allowed.partial()) {
            sb.append(String.format(Locale.ROOT, "Coverage %s: unknown (the partial allowed set has no state yet)%n",
                    p.name()));
        } else if (all == 0) {
            sb.append(String.format(Locale.ROOT, "Coverage %s: the model allows no final state (every execution blocks)%n",
                    p.name()));
        } else {
            sb.append(String.format(Locale.ROOT, "Coverage %s: %d/%d allowed states observed (%.1f%%); full states %d/%d%s%n",
                    p.name(), coveredStates(), all, 100.0 * coveredStates() / all, coveredFullStates(),
                    allowed.fullStates().size(), allowed.partial()
                            ? " (partial: the allowed set is incomplete, the model may allow more states)" : ""));
        }
        if (faults == null) {
            sb.append(String.format(Locale.ROOT, "Runs: %d completed, %d discarded (assume), %d stuck, %d failed%n", completed,
                    discarded, stuck, failed));
        } else {
            sb.append(String.format(Locale.ROOT, "Runs: %d completed, %d discarded (assume), %d stuck, %d crashed, %d failed%n",
                    completed, discarded, stuck, faults.counts().crashedRuns(), failed));
            for (String line : faults.counts().format()) {
                sb.append(line).append('\n');
            }
        }
        if (cut != null) {
            sb.append(String.format(Locale.ROOT, "Cut: %s stopped at the step budget of %d scheduler steps (no final state;"
                    + " not checked: trace cut); the first, seed %d:%n", count(cut.runs(), "run"), cut.budget(),
                    cut.firstSeed()));
            cut.firstMessage().lines().forEach(l -> sb.append("  ").append(l).append('\n'));
        }
        if (conformanceModel != null) {
            long bad = violations.stream().filter(v -> v.kind().equals("trace")).count();
            sb.append(String.format(Locale.ROOT, "Traces: %d checked against %s (%s), %d inconsistent%s%s%n",
                    tracesChecked, conformanceModel, count(distinctGraphs, "distinct graph"), bad,
                    faults == null ? "" : "; runs a fault hit are not checked (the models have no failed requests)",
                    cut == null ? "" : "; " + count(cut.runs(), "cut run") + " not checked: trace cut"));
        }
        Map<String, List<Violation>> byKind = new LinkedHashMap<>();
        for (Violation v : violations) {
            byKind.computeIfAbsent(v.kind(), k -> new ArrayList<>()).add(v);
        }
        for (Map.Entry<String, List<Violation>> e : byKind.entrySet()) {
            List<Violation> vs = e.getValue();
            sb.append(String.format(Locale.ROOT, "VIOLATION (%s) in %d runs; first ones:%n", e.getKey(), vs.size()));
            for (Violation v : vs.subList(0, Math.min(5, vs.size()))) {
                sb.append("  seed ").append(v.seed()).append(": ").append(v.message()).append('\n');
                if (!v.schedule().isEmpty()) {
                    sb.append("    schedule: ").append(v.schedule()).append('\n');
                }
            }
        }
        sb.append(String.format(Locale.ROOT, "Result %s %s%s%n", p.name(), ok() ? "Ok" : "VIOLATIONS",
                cut == null ? "" : " (partial: " + count(cut.runs(), "run") + " cut at the step budget)"));
        sb.append(String.format(Locale.ROOT, "Time %s %.2f%n", p.name(), seconds));
        return sb.toString();
    }
}
