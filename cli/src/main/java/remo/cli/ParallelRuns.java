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
 * on the calling thread). At most {@code 2 N} outcomes are held at once.
 */
final class ParallelRuns implements AutoCloseable {
    /** Stack of a worker thread (bytes), as {@code Main}'s: deep inputs fail with an error message, not a crash. */
    private static final long STACK_BYTES = 512L << 20;

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
     * running test's partial result is printed (docs/cli.md, "Interrupt").
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
        return new java.util.Iterator<>() {
            private void fill() {
                while (submitted[0] < files.size() && ahead.size() < 2 * jobs) {
                    Inputs.Input in = files.get(submitted[0]++);
                    ahead.add(pool.submit(() -> task.apply(in)));
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

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
