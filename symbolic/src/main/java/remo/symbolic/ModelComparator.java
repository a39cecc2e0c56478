package remo.symbolic;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import kodkod.ast.Formula;
import kodkod.engine.AbortedException;
import kodkod.engine.IncrementalSolver;
import kodkod.engine.Solution;
import kodkod.instance.Bounds;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.core.Interruption;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramValidator;
import remo.models.Builtin;

/**
 * Compares two cat models symbolically (after memalloy, Wickerson et al., POPL 2017): searches,
 * for 1, 2, … events, an execution that one side accepts and the other rejects, turns the first
 * one into a litmus test whose condition singles out its outcome ({@link LitmusConstruction}) and
 * confirms the test with remo's own checker: Allowed under the first side, Forbidden under the
 * second. An execution whose test is not confirmed (another execution with the same outcome is
 * accepted by the second side) is excluded with every execution of the same program and outcome,
 * and the search goes on.
 *
 * <p>An execution "accepted" by a side: no statically blocked poll (models.md §3.1) and every
 * consistency check holds (models.md §7.2). The search ranges over programs both models accept (models.md §7.4),
 * without empty threads and unused locations, within the thread and node bounds.
 *
 * <p>With {@code options.jobs()} above 1, the first query of each thread layout of a size is
 * solved ahead on that many worker threads of a pool that lives as long as one {@link #compare}
 * call; the result is the one the search with one job gives ({@code Search.size}). A comparator
 * holds no state between calls: several threads may call {@link #compare} at once.
 */
public final class ModelComparator {
    private static final EnumSet<InstructionShape> NODE_SHAPES = EnumSet.of(InstructionShape.PUT, InstructionShape.GET,
            InstructionShape.RCAS, InstructionShape.FAILED_RCAS, InstructionShape.RFAA, InstructionShape.POLL,
            InstructionShape.RFENCE);

    /** How often a confirmed distinction is replaced by one with fewer writes, at most. */
    private static final int MAX_SIMPLIFICATIONS = 3;

    private final ComparisonOptions options;

    /** @param options bounds and limits */
    public ModelComparator(ComparisonOptions options) {
        this.options = options;
    }

    /** {@code 1 event}, {@code 2 events}: a count of events as progress lines and notes say it. */
    static String events(int n) {
        return n + (n == 1 ? " event" : " events");
    }

    private void progress(String line) {
        if (options.progress() != null) {
            options.progress().accept(line);
        }
    }

    /**
     * Searches an execution of at most {@code options.maxEvents()} events that {@code allowing}
     * accepts and {@code forbidding} rejects.
     *
     * @return DISTINGUISHED with the smallest such execution whose test the checker confirms;
     *         INCLUDED if there is none; UNCONFIRMED if there are such executions but no test built
     *         from them was confirmed; LIMIT if the time limit or an interruption
     *         ({@link Interruption}) stopped the search
     * @throws UnsupportedOperationException if a model uses a cat form the translator does not
     *                                       support (the message names it)
     */
    public ComparisonResult compare(ModelSide allowing, ModelSide forbidding) {
        long start = System.nanoTime();
        long deadline = options.timeout() == null ? Long.MAX_VALUE : start + options.timeout().toNanos();
        Set<InstructionShape> shapes = shapes(allowing, forbidding);
        int nodes = options.maxNodes();
        String nodesNote = null;
        boolean sameNodeUsed = BuiltinUse.of(allowing.model()).contains(Builtin.SAME_NODE)
                || BuiltinUse.of(forbidding.model()).contains(Builtin.SAME_NODE);
        if (nodes > 1 && !sameNodeUsed && shapes.stream().noneMatch(NODE_SHAPES::contains)) {
            nodes = 1;
            nodesNote = "1 node suffices: the programs both models accept have no NIC operation, poll or rfence, and "
                    + "neither model reads same-node";
        }
        ExecutorService pool = options.jobs() > 1 ? Executors.newFixedThreadPool(options.jobs(), workers()) : null;
        try {
            Search search = new Search(allowing, forbidding, shapes, nodes, nodesNote, start, deadline, pool);
            return search.run();
        } finally {
            if (pool != null) {
                pool.shutdownNow(); // the probes of a search that ended early are aborted, not awaited
            }
        }
    }

    /** Daemon worker threads: a probe still being aborted never keeps the JVM alive. */
    private static java.util.concurrent.ThreadFactory workers() {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "compare-models-layout-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * The instruction shapes of programs both sides accept. When exactly one side has
     * {@code FAILED_RCAS_WRITES=YES}, a failed rcas has its write-back, seen by that side only.
     */
    static Set<InstructionShape> shapes(ModelSide a, ModelSide b) {
        Set<InstructionShape> shapes = ShapeSupport.accepted(a.model(), a.flags());
        Set<InstructionShape> other = ShapeSupport.accepted(b.model(), b.flags());
        boolean differ = !a.flags().get(remo.core.Flag.FAILED_RCAS_WRITES).equals(b.flags().get(remo.core.Flag.FAILED_RCAS_WRITES));
        boolean failedRcas = (shapes.contains(InstructionShape.FAILED_RCAS) || other.contains(InstructionShape.FAILED_RCAS))
                && shapes.contains(InstructionShape.RCAS) && other.contains(InstructionShape.RCAS);
        shapes.retainAll(other);
        if (differ && failedRcas) {
            shapes.add(InstructionShape.FAILED_RCAS_WRITE_BACK);
        }
        return shapes;
    }

    /** What the search of one size has found so far, over its thread layouts. */
    private static final class SizeSearch {
        ComparisonResult best;
        int simplifications;
        int unconfirmed;
    }

    /** One comparison run. */
    private final class Search {
        private final ModelSide allowing;
        private final ModelSide forbidding;
        private final Set<InstructionShape> shapes;
        private final int nodes;
        private final String nodesNote;
        private final long start;
        private final long deadline;
        /** Solves thread layouts ahead, or {@code null} for one job. */
        private final ExecutorService pool;
        private int candidates;
        private CandidateExecution firstUnconfirmed;
        private Program firstUnconfirmedTest;
        private String[] firstUnconfirmedVerdicts;
        private int firstUnconfirmedEvents;

        Search(ModelSide allowing, ModelSide forbidding, Set<InstructionShape> shapes, int nodes, String nodesNote,
               long start, long deadline, ExecutorService pool) {
            this.allowing = allowing;
            this.forbidding = forbidding;
            this.shapes = shapes;
            this.nodes = nodes;
            this.nodesNote = nodesNote;
            this.start = start;
            this.deadline = deadline;
            this.pool = pool;
        }

        private double elapsed() {
            return (System.nanoTime() - start) / 1e9;
        }

        private ComparisonResult result(ComparisonResult.Outcome outcome, int events, CandidateExecution x, Program test,
                                        String[] verdicts, String note) {
            return new ComparisonResult(outcome, allowing.label(), forbidding.label(), events, options.maxThreads(), nodes,
                    x, test, verdicts == null ? null : verdicts[0], verdicts == null ? null : verdicts[1], candidates,
                    elapsed(), note, nodesNote);
        }

        ComparisonResult run() {
            int done = 0;
            for (int n = 1; n <= options.maxEvents(); n++) {
                if (System.nanoTime() > deadline || Interruption.requested()) {
                    return limit(done);
                }
                progress(String.format(java.util.Locale.ROOT, "compare-models: %s ... (%.1f s)", events(n), elapsed()));
                try {
                    ComparisonResult r = size(n);
                    if (r != null) {
                        return r;
                    }
                } catch (AbortedException e) {
                    return limit(done);
                }
                done = n;
                progress(String.format(java.util.Locale.ROOT, "compare-models: %s: none (%.1f s)", events(n), elapsed()));
            }
            if (firstUnconfirmed != null) {
                return result(ComparisonResult.Outcome.UNCONFIRMED, firstUnconfirmedEvents, firstUnconfirmed,
                        firstUnconfirmedTest, firstUnconfirmedVerdicts, "the checker found the outcome under "
                                + forbidding.label() + " too");
            }
            return result(ComparisonResult.Outcome.INCLUDED, options.maxEvents(), null, null, null, null);
        }

        /** The search stopped by the time limit or an interruption while searching size {@code done + 1}. */
        private ComparisonResult limit(int done) {
            String why = Interruption.requested() || options.timeout() == null ? Interruption.reason()
                    : "time limit of " + CheckOptions.seconds(options.timeout().toNanos() / 1e9) + " s reached";
            return result(ComparisonResult.Outcome.LIMIT, done, null, null, null, why + " while searching " + events(done + 1));
        }

        /**
         * Searches executions of exactly {@code n} events, one thread layout after the other (every
         * program of {@code n} events has a renaming with one of them); a confirmed distinction
         * (the one with fewest writes found), or {@code null}.
         */
        private ComparisonResult size(int n) {
            SizeSearch state = new SizeSearch();
            List<ThreadLayout> layouts = ThreadLayout.all(n, options.maxThreads());
            if (pool == null || layouts.size() == 1) {
                for (ThreadLayout layout : layouts) {
                    if (layout(n, layout, state, null)) {
                        break;
                    }
                }
                return state.best;
            }
            // With several jobs, each layout's first query (problem.formula) is solved ahead on the
            // pool, and the layouts are still visited in order, so that the search does what it does
            // with one job: an unsatisfiable first query ends a layout's search with no effect (one
            // job would solve the same query, or the stronger one with fewer writes, and find it
            // unsatisfiable too); a satisfiable one is searched on from the probe's solver when the
            // one-job search would have solved the same query (no distinction found yet), and from
            // the start otherwise; an aborted one is handled as layout() handles an abort.
            try (LayoutProbes probes = new LayoutProbes(pool, layouts, this::probe)) {
                for (int i = 0; i < layouts.size(); i++) {
                    LayoutProbes.Probe p = probes.take(i);
                    if (p.aborted() != null) {
                        if (state.best != null) {
                            break;
                        }
                        throw p.aborted();
                    }
                    if (p.unsatisfiable()) {
                        continue;
                    }
                    boolean sameQuery = state.best == null;
                    if (!sameQuery) {
                        p.solver().free();
                    }
                    if (layout(n, layouts.get(i), state, sameQuery ? p : null)) {
                        break;
                    }
                }
            }
            return state.best;
        }

        /** The problem of {@code n} events with the threads of {@code layout}. */
        private ComparisonProblem problem(int n, ThreadLayout layout) {
            return new ComparisonProblem(SkeletonScope.exact(n, layout.threads(), nodes), layout, allowing, forbidding, shapes);
        }

        /**
         * Makes and solves the first query of {@code layout} (on a worker thread): what
         * {@link #layout} does first when no distinction of the size is found yet. Touches no
         * state of the search.
         */
        private LayoutProbes.Probe probe(ThreadLayout layout, SolverStop stop) {
            ComparisonProblem problem = problem(layout.events(), layout);
            IncrementalSolver solver = IncrementalSolver.solver(SolverOptions.plain(deadline, stop));
            try {
                Solution s = solver.solve(problem.formula, problem.bounds);
                if (!s.sat()) {
                    solver.free();
                    return new LayoutProbes.Probe(problem, null, s, null);
                }
                return new LayoutProbes.Probe(problem, solver, s, null);
            } catch (AbortedException e) {
                solver.free();
                return new LayoutProbes.Probe(problem, null, null, e);
            } catch (RuntimeException | Error e) {
                solver.free();
                throw e;
            }
        }

        /**
         * Searches executions of {@code n} events with the threads of {@code layout}; true when the
         * search of this size is over (no further layout needs to be searched).
         *
         * @param probe the layout's first query solved already (satisfiable, with no distinction of
         *              this size found yet), or {@code null} to make and solve it here
         */
        private boolean layout(int n, ThreadLayout layout, SizeSearch state, LayoutProbes.Probe probe) {
            ComparisonProblem problem = probe != null ? probe.problem() : problem(n, layout);
            IncrementalSolver solver = probe != null ? probe.solver() : IncrementalSolver.solver(SolverOptions.plain(deadline));
            try {
                Solution s;
                if (probe != null) {
                    s = probe.solution();
                } else {
                    Formula query = problem.formula;
                    if (state.best != null) {
                        // only a test with fewer writes than the one found can replace it
                        query = query.and(fewerWrites(problem, state.best.execution().writeCount()));
                    }
                    s = solver.solve(query, problem.bounds);
                }
                while (s.sat()) {
                    candidates++;
                    Bounds extra = new Bounds(problem.u.universe);
                    if (problem.secondWitnessesVary()) {
                        ComparisonProblem.SecondWitness w = problem.acceptingWitness(s.instance());
                        if (w != null) {
                            progress("compare-models: " + events(n) + ", threads " + layout + ": candidate " + candidates
                                    + " accepted by " + forbidding.label() + " with other witnesses; excluded");
                            s = solver.solve(problem.refute(w, extra), extra);
                            continue;
                        }
                    }
                    CandidateExecution x = CandidateExecution.read(problem, s.instance());
                    Program test = LitmusConstruction.build(x, testName(n), "consistent under " + allowing.label()
                            + ", not under " + forbidding.label() + " (remo compare-models)");
                    String[] verdicts = confirm(test);
                    if (verdicts[0].equals("Allowed") && verdicts[1].equals("Forbidden")) {
                        state.best = result(ComparisonResult.Outcome.DISTINGUISHED, n, x, test, verdicts, null);
                        int writes = x.writeCount();
                        if (writes == 0 || state.simplifications++ >= MAX_SIMPLIFICATIONS) {
                            return true;
                        }
                        // prefer a test with fewer writes (store buffering rather than R for tso/sc)
                        s = solver.solve(fewerWrites(problem, writes), extra);
                        continue;
                    }
                    progress("compare-models: " + events(n) + ": candidate " + candidates + " not confirmed (checker: "
                            + verdicts[0] + " under " + allowing.label() + ", " + verdicts[1] + " under " + forbidding.label() + ")");
                    if (firstUnconfirmed == null) {
                        firstUnconfirmed = x;
                        firstUnconfirmedTest = test;
                        firstUnconfirmedVerdicts = verdicts;
                        firstUnconfirmedEvents = n;
                    }
                    if (++state.unconfirmed >= options.maxCandidates()) {
                        return true;
                    }
                    s = solver.solve(problem.block(s.instance(), extra), extra);
                }
                return false;
            } catch (AbortedException e) {
                if (state.best != null) {
                    return true;
                }
                throw e;
            } finally {
                solver.free();
            }
        }

        private Formula fewerWrites(ComparisonProblem problem, int writes) {
            return problem.program.realWrites.count().lt(kodkod.ast.IntConstant.constant(writes));
        }

        private String testName(int n) {
            return name(allowing.label()) + "-not-" + name(forbidding.label()) + "-" + n;
        }

        private String name(String label) {
            return label.replace("[", ".").replace("]", "").replace("=", ".").replace(",", "+").replaceAll("[^A-Za-z0-9_.+\\-]", "_");
        }

        /** The checker's verdicts of {@code test} under both sides. */
        private String[] confirm(Program test) {
            try {
                ProgramValidator.validate(test);
                return new String[] {verdict(test, allowing), verdict(test, forbidding)};
            } catch (LitmusException e) {
                throw new IllegalStateException("the test built from an execution is invalid: " + e.getMessage()
                        + "\n" + remo.litmus.ProgramPrinter.print(test), e);
            }
        }

        private String verdict(Program test, ModelSide side) throws LitmusException {
            CheckOptions o = CheckOptions.defaults().skipping(side.skippedChecks());
            if (deadline != Long.MAX_VALUE) {
                o = o.withTimeout(java.time.Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            }
            CheckResult r = AxiomaticChecker.check(test, side.model(), side.flags(), o);
            return r.verdictWord();
        }
    }
}
