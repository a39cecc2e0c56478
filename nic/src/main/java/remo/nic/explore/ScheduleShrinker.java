package remo.nic.explore;

import java.util.ArrayList;
import java.util.List;
import remo.nic.Schedule;
import remo.nic.det.Action;
import remo.nic.det.ActionController;
import remo.nic.det.DetEngine;

/**
 * Makes a counterexample's schedule easier to read (as Lincheck and CHESS do): it looks for a
 * schedule with fewer context switches, then fewer NIC delays, then fewer actions, that still fails
 * with the same kind of violation. Each candidate follows a prefix of the best schedule so far and
 * then the plain policy — the thread that ran last goes on while it can, and otherwise the NIC
 * takes its steps at once — so a shorter prefix means fewer deliberate choices. Deterministic.
 */
final class ScheduleShrinker {
    /** At most this many candidate runs per counterexample. */
    static final int MAX_RUNS = 2000;

    private ScheduleShrinker() {
    }

    /** A run's schedule, cost and first violation of the wanted kind (or null). */
    private record Candidate(Schedule schedule, int[] cost, Violation violation, Explorer.RunRecord run) {
    }

    /**
     * The shrunk counterexample of {@code found}: the cheapest failing schedule reached, which is
     * {@code found} itself if no candidate beats it.
     */
    static Counterexample shrink(ExplorationTarget target, ExecutionCheck check, long maxSteps, Counterexample found) {
        Violation.Kind kind = found.violation().kind();
        Schedule best = found.schedule();
        int[] bestCost = {found.contextSwitches(), found.nicDelays(), best.size()};
        Counterexample result = found;
        int runs = 0;
        boolean improved = true;
        while (improved && runs < MAX_RUNS) {
            improved = false;
            for (int k = 0; k <= best.size() && runs < MAX_RUNS; k++) {
                runs++;
                Candidate c = attempt(target, check, maxSteps, best, k, kind);
                if (c != null && cheaper(c.cost(), bestCost)) {
                    best = c.schedule();
                    bestCost = c.cost();
                    result = new Counterexample(c.violation(), best, c.run().result(), c.cost()[0], c.cost()[1]);
                    improved = true;
                    break;
                }
            }
        }
        return result;
    }

    private static boolean cheaper(int[] a, int[] b) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return a[i] < b[i];
            }
        }
        return false;
    }

    private static Candidate attempt(ExplorationTarget target, ExecutionCheck check, long maxSteps, Schedule best, int k,
                                     Violation.Kind kind) {
        Guided g = new Guided(best, k);
        Explorer.RunRecord run;
        try {
            run = Explorer.runOnce(target, g, maxSteps, check, true);
        } catch (IllegalArgumentException | NondeterministicProgramException e) {
            return null;
        }
        for (Violation v : run.violations()) {
            if (v.kind() == kind) {
                int[] cost = g.cost();
                return new Candidate(run.result().map(remo.nic.RunResult::schedule).orElse(Schedule.empty()),
                        new int[] {cost[0], cost[1], g.steps()}, v, run);
            }
        }
        return null;
    }

    /** Follows {@code prefix} for {@code k} steps, then the plain policy; records the costs. */
    private static final class Guided implements ActionController {
        private final Schedule prefix;
        private final int k;
        private final List<long[]> enabled = new ArrayList<>();
        private final List<Long> chosen = new ArrayList<>();
        private int lastThread = -1;

        Guided(Schedule prefix, int k) {
            this.prefix = prefix;
            this.k = Math.min(k, prefix.size());
        }

        @Override
        public int choose(List<Action> actions, DetEngine engine) {
            int step = chosen.size();
            long[] codes = new long[actions.size()];
            for (int i = 0; i < codes.length; i++) {
                codes[i] = actions.get(i).code();
            }
            int pick = -1;
            if (step < k) {
                long want = prefix.action(step);
                for (int i = 0; i < codes.length; i++) {
                    if (codes[i] == want) {
                        pick = i;
                    }
                }
                if (pick < 0) {
                    throw new IllegalArgumentException("prefix does not replay");
                }
            } else {
                pick = plain(codes);
            }
            if (Schedule.kind(codes[pick]) == Schedule.CPU) {
                lastThread = ScheduleCost.thread(codes[pick]);
            }
            enabled.add(codes);
            chosen.add(codes[pick]);
            return pick;
        }

        /** The last thread's CPU call, else a NIC step, else a drain, else the first enabled action. */
        private int plain(long[] codes) {
            for (int i = 0; i < codes.length; i++) {
                if (Schedule.kind(codes[i]) == Schedule.CPU && ScheduleCost.thread(codes[i]) == lastThread) {
                    return i;
                }
            }
            for (int kind : new int[] {Schedule.NIC, Schedule.DRAIN}) {
                for (int i = 0; i < codes.length; i++) {
                    if (Schedule.kind(codes[i]) == kind) {
                        return i;
                    }
                }
            }
            return 0;
        }

        int steps() {
            return chosen.size();
        }

        int[] cost() {
            long[] c = new long[chosen.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = chosen.get(i);
            }
            return ScheduleCost.of(enabled, c);
        }
    }
}
