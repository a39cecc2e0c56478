package remo.symbolic;

import kodkod.engine.satlab.SATAbortedException;
import kodkod.engine.satlab.SATFactory;
import kodkod.engine.satlab.SATSolver;
import org.sat4j.core.VecInt;
import org.sat4j.minisat.SolverFactory;
import org.sat4j.specs.ContradictionException;
import org.sat4j.specs.ISolver;
import org.sat4j.specs.TimeoutException;
import remo.core.Interruption;

/**
 * sat4j's "light" solver (the configuration of Kodkod's {@code LightSat4J}) with a deadline: a
 * solve that is still running at the deadline, or when the user interrupts the run
 * ({@link Interruption}), is aborted (Kodkod then throws {@code AbortedException}). Incremental, as
 * {@code IncrementalSolver} needs.
 *
 * <p>Why this one: on the 7- and 8-event inclusions of issue 16 it needed about half the CPU time
 * of sat4j's default solver (the one {@code SATFactory.get("sat4j")} gives); sat4j's Glucose and
 * MiniSAT-heap configurations were not faster, and Alloy 6.2's other SAT back ends are native
 * libraries.
 */
final class DeadlineSat4j implements SATSolver {
    private final ISolver solver = SolverFactory.newLight();
    private final long deadline;
    private final SolverStop stop;
    private boolean contradiction;
    private Boolean sat;
    private int vars;
    private int clauses;

    /**
     * @param deadline a {@link System#nanoTime()} value, or {@link Long#MAX_VALUE} for none
     * @param stop     aborts the solve when stopped, or {@code null}
     */
    private DeadlineSat4j(long deadline, SolverStop stop) {
        this.deadline = deadline;
        this.stop = stop;
    }

    /**
     * A factory of such solvers, all with the same deadline.
     *
     * @param stop aborts their solves when stopped, or {@code null} for none
     */
    static SATFactory factory(long deadline, SolverStop stop) {
        return new SATFactory() {
            private static final long serialVersionUID = 1L;

            @Override
            public String id() {
                return "sat4j-deadline";
            }

            @Override
            public String type() {
                return "java";
            }

            @Override
            public boolean incremental() {
                return true;
            }

            @Override
            protected SATSolver createSolver() {
                return new DeadlineSat4j(deadline, stop);
            }
        };
    }

    @Override
    public int numberOfVariables() {
        return vars;
    }

    @Override
    public int numberOfClauses() {
        return clauses;
    }

    @Override
    public void addVariables(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("negative variable count " + n);
        }
        vars += n;
        solver.newVar(vars);
    }

    @Override
    public boolean addClause(int[] literals) {
        if (contradiction) {
            return false;
        }
        clauses++;
        try {
            solver.addClause(new VecInt(literals.clone()));
            return true;
        } catch (ContradictionException e) {
            contradiction = true;
            return false;
        }
    }

    @Override
    public boolean solve() throws SATAbortedException {
        if (contradiction) {
            sat = false;
            return false;
        }
        if (deadline != Long.MAX_VALUE) {
            long ms = (deadline - System.nanoTime()) / 1_000_000;
            if (ms <= 0) {
                throw new SATAbortedException("time limit reached");
            }
            solver.setTimeoutMs(ms);
        }
        if (stop != null) {
            stop.started(solver);
        }
        // an interruption (Ctrl-C) aborts the solve as the deadline does; the search then reports it
        try (Interruption.Registration onInterrupt = Interruption.whenRequested(solver::expireTimeout)) {
            // checked after registering: a stop() or an interruption between the check and the
            // solve's start still ends the solve (its answer is then not used)
            abortIfStopped();
            sat = solver.isSatisfiable();
            abortIfStopped();
            return sat;
        } catch (TimeoutException e) {
            abortIfStopped();
            throw new SATAbortedException("time limit reached");
        } catch (NullPointerException e) {
            // sat4j 2.3.1: a solve ended by expireTimeout from another thread fails at its end on
            // the timer that call cleared; that is the stop or interruption, not a bug
            abortIfStopped();
            throw e;
        } finally {
            if (stop != null) {
                stop.finished(solver);
            }
        }
    }

    private void abortIfStopped() throws SATAbortedException {
        if (stop != null && stop.stopped()) {
            throw new SATAbortedException("stopped");
        }
        if (Interruption.requested()) {
            throw new SATAbortedException(Interruption.reason());
        }
    }

    @Override
    public boolean valueOf(int variable) {
        if (!Boolean.TRUE.equals(sat)) {
            throw new IllegalStateException("no model: the last solve was not satisfiable");
        }
        return solver.model(variable);
    }

    @Override
    public void free() {
        // nothing held outside the Java heap
    }
}
