package remo.symbolic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import kodkod.engine.AbortedException;
import kodkod.engine.IncrementalSolver;
import kodkod.engine.Solution;

/**
 * The first query of each thread layout of one size, solved ahead on a thread pool while the
 * search takes the answers one layout after the other, in the layouts' order.
 *
 * <p>The queries start in the order first, last, second, second to last, …: the layouts with most
 * threads come last in the search's order and their refutations take longest (on the 8-event
 * inclusion {@code rdma-tso} ⊆ {@code rdma-tso-rmw}, {@code [2, 2, 2, 2]} alone takes about 40 %
 * of the CPU time of the size), so starting them early keeps all workers busy to the end, while
 * the layouts the search takes first are still solved first. A satisfiable query keeps its solver
 * until it is taken or the probes are closed.
 *
 * <p>Each query has its own problem, Kodkod solver and sat4j solver, made and solved on the
 * worker thread; nothing of one is shared with another (the parsed models and flag values that
 * every problem reads are immutable). The thread that {@link #take}s a probe may go on using its
 * problem and solver: the pool's hand-over through {@link Future#get()} orders the worker's
 * writes before that thread's reads. Kodkod's one static mutable field on this path, the
 * constant-only circuit factory that {@code BooleanFactory} makes once for evaluating bounds and
 * instances, is never changed after it is made (with no variables it builds no gates, so its gate
 * caches stay empty); sat4j's light solver keeps no static state. Not thread-safe itself: one
 * search thread takes and closes.
 */
final class LayoutProbes implements AutoCloseable {

    /**
     * The first query of one layout: its problem, and either its first solution (with the solver
     * that found it, still usable, when it is satisfiable; {@code null} otherwise) or the abort
     * that stopped the solve (time limit).
     */
    record Probe(ComparisonProblem problem, IncrementalSolver solver, Solution solution, AbortedException aborted) {

        /** Whether the query is known to have no solution. */
        boolean unsatisfiable() {
            return aborted == null && !solution.sat();
        }
    }

    /** Makes and solves the first query of a layout; its solves are aborted when {@code stop} is stopped. */
    interface Query {
        Probe solve(ThreadLayout layout, SolverStop stop);
    }

    private final List<ThreadLayout> layouts;
    private final SolverStop stop = new SolverStop();
    private final Map<Integer, Future<Probe>> pending = new HashMap<>();

    /**
     * Starts every layout's query.
     *
     * @param pool    the worker threads
     * @param layouts the layouts of one size, in the search's order
     * @param query   makes and solves a layout's first query
     */
    LayoutProbes(ExecutorService pool, List<ThreadLayout> layouts, Query query) {
        this.layouts = List.copyOf(layouts);
        for (int front = 0, back = this.layouts.size() - 1; front <= back; front++, back--) {
            submit(pool, query, front);
            if (back != front) {
                submit(pool, query, back);
            }
        }
    }

    private void submit(ExecutorService pool, Query query, int i) {
        ThreadLayout layout = layouts.get(i);
        pending.put(i, pool.submit(() -> query.solve(layout, stop)));
    }

    /**
     * The probe of layout {@code i}, waiting for it if it is still being solved.
     *
     * @throws IllegalArgumentException if {@code i} was taken already or is out of range
     * @throws RuntimeException         what making or solving the query threw (e.g.
     *                                  {@code UnsupportedOperationException} for a cat form the
     *                                  translator does not handle)
     */
    Probe take(int i) {
        Future<Probe> f = pending.remove(i);
        if (f == null) {
            throw new IllegalArgumentException("no probe " + i + " to take");
        }
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException("the query of threads " + layouts.get(i) + " failed", cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the query of threads " + layouts.get(i), e);
        }
    }

    /**
     * Stops the queries not taken: running solves are aborted, queued ones are not started, and
     * the solvers of finished ones are freed. Does not wait for the workers.
     */
    @Override
    public void close() {
        stop.stop();
        for (Future<Probe> f : pending.values()) {
            if (!f.cancel(false) && f.isDone() && !f.isCancelled()) {
                try {
                    Probe p = f.get();
                    if (p.solver() != null) {
                        p.solver().free();
                    }
                } catch (ExecutionException | InterruptedException e) {
                    // an answer that is not needed: its failure does not matter
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }
        pending.clear();
    }
}
