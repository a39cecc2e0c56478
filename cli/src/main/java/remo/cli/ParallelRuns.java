package remo.cli;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import remo.checker.TestOutcome;
import remo.checker.TestRunner;
import remo.core.Diagnostic;
import remo.core.Interruption;
import remo.core.Position;

/**
 * Checks the tests of a batch on {@code --jobs N} threads and hands the outcomes back in input
 * order, so that everything printed from them is what one thread prints ({@code --jobs 1} checks
 * on the calling thread).
 *
 * <p>How far the workers run ahead of the printing: at least {@code 2 N} tests, and up to
 * {@code 256 N} while the outcomes finished and not yet printed hold fewer than
 * {@value #HELD_LIMIT} states and executions in all. A batch of small tests is usually led by a
 * few long ones (two of the 487 Dartagnan X86 tests take two thirds of the batch's time): with
 * only {@code 2 N} tests ahead the other workers soon wait for the long one to be printed, and two
 * jobs were no faster than one. The bound on what is held keeps a batch of large results from
 * piling up behind a slow test.
 */
final class ParallelRuns implements AutoCloseable {
    /** Stack of a worker thread (bytes), as {@code Main}'s: deep inputs fail with an error message, not a crash. */
    private static final long STACK_BYTES = 512L << 20;

    /** The most states and kept executions that finished, unprinted outcomes may hold before the workers wait. */
    static final long HELD_LIMIT = 200_000;

    private final int jobs;
    private final ExecutorService pool;

    /** @param jobs number of threads, at least 1 */
    ParallelRuns(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1");
        }
        this.jobs = jobs;
        AtomicInteger n = new AtomicInteger();
        this.pool = jobs == 1 ? null : Executors.newFixedThreadPool(jobs, r -> {
            Thread t = new Thread(null, r, "remo-check-" + n.incrementAndGet(), STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }

    /** The outcome of an input: an E-IO error for a missing one, else {@link TestRunner#runAlone}. */
    static TestOutcome check(TestRunner runner, Inputs.Input in) {
        if (in.missing()) {
            return new TestOutcome(in.shown(), null, null, in.problemDiagnostic(), List.of());
        }
        return runner.runAlone(in.path(), in.shown());
    }

    /**
     * The outcomes of {@code files} in input order, each with the runner's once-per-run warnings
     * ({@link TestRunner#withRunWarnings}) as a sequential run has them. The iterator computes ahead.
     * After an {@link Interruption} request a test that had not started yet is not started: its
     * element is {@code null}; a test that was running has its partial outcome, so that every
     * running test's partial result is printed (README.md, "Interrupt").
     */
    java.util.Iterator<TestOutcome> outcomes(List<Inputs.Input> files, TestRunner runner) {
        Function<Inputs.Input, TestOutcome> task = in -> Interruption.requested() ? null : check(runner, in);
        if (pool == null || files.size() == 1) {
            // a plain iterator, not a stream's: the stream's iterator is built on lambdas of the JDK
            // that the launcher's archive cannot hold, generated anew in every one-test run
            java.util.Iterator<Inputs.Input> inputs = files.iterator();
            return new java.util.Iterator<>() {
                @Override
                public boolean hasNext() {
                    return inputs.hasNext();
                }

                @Override
                public TestOutcome next() {
                    TestOutcome o = task.apply(inputs.next());
                    return o == null ? null : runner.withRunWarnings(o);
                }
            };
        }
        Deque<Future<TestOutcome>> ahead = new ArrayDeque<>();
        int[] submitted = {0};
        java.util.concurrent.atomic.AtomicLong held = new java.util.concurrent.atomic.AtomicLong();
        return new java.util.Iterator<>() {
            private void fill() {
                while (submitted[0] < files.size()
                        && (ahead.size() < 2 * jobs || ahead.size() < 256 * jobs && held.get() < HELD_LIMIT)) {
                    Inputs.Input in = files.get(submitted[0]++);
                    ahead.add(pool.submit(() -> {
                        TestOutcome o = task.apply(in);
                        held.addAndGet(weight(o));
                        return o;
                    }));
                }
            }

            @Override
            public boolean hasNext() {
                fill();
                return !ahead.isEmpty();
            }

            @Override
            public TestOutcome next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Future<TestOutcome> f = ahead.poll();
                try {
                    TestOutcome o = f.get();
                    held.addAndGet(-weight(o));
                    fill();
                    return o == null ? null : runner.withRunWarnings(o);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while checking", e);
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException r) {
                        throw r;
                    }
                    if (c instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(c);
                }
            }
        };
    }

    /** What an outcome holds, counted for {@link #HELD_LIMIT}: its states and kept executions, at least 1. */
    static long weight(TestOutcome o) {
        if (o == null || o.result() == null) {
            return 1;
        }
        return 1L + o.result().states().size() + o.result().fullStates().size() + o.result().executions().size();
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
