package remo.cli;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * on the calling thread). The N threads are the calling thread, which prints, and N - 1 workers:
 * while the next outcome to print is not ready, the calling thread checks a test itself, so that
 * N jobs are N busy threads, not N workers and a printer competing for N processors. Which test a
 * thread takes next is the {@link Schedule}'s: half of the threads (the calling thread among them)
 * take the tests in input order, the others from the end of the batch, within bounds on what
 * finished, unprinted outcomes may hold. What is printed of an outcome can be made by the
 * worker that checked it ({@link #outcomes(List, TestRunner, Function)}), so that the thread that
 * prints only writes: on a warm server formatting a batch's 11 000 result lines was a tenth of
 * its time, all on the printing thread.
 */
final class ParallelRuns implements AutoCloseable {
    /** Stack of a worker thread (bytes), as {@code Main}'s: deep inputs fail with an error message, not a crash. */
    private static final long STACK_BYTES = 512L << 20;

    /** The most states and kept executions that finished, unprinted outcomes may hold before the workers wait. */
    static final long HELD_LIMIT = 200_000;

    /** The same, for taking tests from the end of the batch (those wait longest to be printed). */
    static final long BACK_LIMIT = 20_000;

    private final int jobs;
    private final ExecutorService pool;

    /** @param jobs number of threads, at least 1 */
    ParallelRuns(int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1");
        }
        this.jobs = jobs;
        AtomicInteger n = new AtomicInteger();
        this.pool = jobs == 1 ? null : Executors.newFixedThreadPool(jobs - 1, r -> {
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
     * A checked test: its outcome, with the runner's once-per-run warnings, and what the worker
     * that checked it rendered of it.
     *
     * @param outcome  the outcome
     * @param rendered what the {@code render} function of {@link #outcomes(List, TestRunner, Function)} made of it
     * @param <T>      what is rendered
     */
    record Finished<T>(TestOutcome outcome, T rendered) {
    }

    /**
     * The outcomes of {@code files} in input order, each with the runner's once-per-run warnings
     * ({@link TestRunner#withRunWarnings}) as a sequential run has them. The iterator computes ahead.
     * After an {@link Interruption} request a test that had not started yet is not started: its
     * element is {@code null}; a test that was running has its partial outcome, so that every
     * running test's partial result is printed (docs/cli.md, "Interrupt").
     */
    java.util.Iterator<TestOutcome> outcomes(List<Inputs.Input> files, TestRunner runner) {
        java.util.Iterator<Finished<Object>> finished = outcomes(files, runner, o -> null);
        return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
                return finished.hasNext();
            }

            @Override
            public TestOutcome next() {
                Finished<Object> f = finished.next();
                return f == null ? null : f.outcome();
            }
        };
    }

    /**
     * As {@link #outcomes(List, TestRunner)}, each outcome with what {@code render} made of it on
     * the thread that checked it (the output of the outcome is the same whichever thread renders
     * it: {@code render} must depend on the outcome's result and program only, not on its
     * once-per-run warnings, which are added in input order afterwards).
     *
     * @param render what to make of an outcome on a worker, e.g. its printed text; called once per
     *               checked test, from several threads at once
     * @param <T>    what is rendered
     */
    <T> java.util.Iterator<Finished<T>> outcomes(List<Inputs.Input> files, TestRunner runner, Function<TestOutcome, T> render) {
        Function<Inputs.Input, Finished<T>> task = in -> {
            if (Interruption.requested()) {
                return null;
            }
            TestOutcome o = check(runner, in);
            return new Finished<>(o, render.apply(o));
        };
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
                public Finished<T> next() {
                    return withRunWarnings(runner, task.apply(inputs.next()));
                }
            };
        }
        Schedule<T> schedule = new Schedule<>(files.size());
        // the calling thread is the first thread, in input order (Schedule#takeChecking); no more
        // workers than tests: a thread without a test would only cost its start and its stack
        int threads = Math.min(jobs, files.size());
        for (int w = 1; w < threads; w++) {
            boolean fromBack = w % 2 == 1;
            pool.execute(() -> work(schedule, files, task, fromBack));
        }
        return new java.util.Iterator<>() {
            private int printed;

            @Override
            public boolean hasNext() {
                return printed < files.size();
            }

            @Override
            public Finished<T> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                Finished<T> f;
                try {
                    f = schedule.takeChecking(printed++, files, task);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while checking", e);
                }
                return withRunWarnings(runner, f);
            }
        };
    }

    /** {@code f} with the once-per-run warnings added to its outcome (in input order), or null for null. */
    private static <T> Finished<T> withRunWarnings(TestRunner runner, Finished<T> f) {
        if (f == null) {
            return null;
        }
        TestOutcome o = runner.withRunWarnings(f.outcome());
        return o == f.outcome() ? f : new Finished<>(o, f.rendered());
    }

    /** A worker: checks the tests it claims until none is left (or the pool is shut down). */
    private static <T> void work(Schedule<T> schedule, List<Inputs.Input> files, Function<Inputs.Input, Finished<T>> task,
                                 boolean fromBack) {
        while (true) {
            int i;
            try {
                i = schedule.claim(fromBack);
            } catch (InterruptedException e) {
                return; // closed
            }
            if (i < 0) {
                return;
            }
            try {
                schedule.finish(i, task.apply(files.get(i)), null);
            } catch (RuntimeException | Error e) {
                schedule.finish(i, null, e);
            }
        }
    }

    /**
     * Which test each thread checks next, and the finished outcomes until they are printed. The
     * calling thread (thread 0) and the even-numbered workers take the tests in input order, the
     * odd-numbered workers from the end of the batch backwards, so that a long test anywhere in the batch is started early: a batch of
     * small tests is usually led by a few long ones (two of the 487 Dartagnan X86 tests take two
     * thirds of the batch's time, one of them the second-to-last), and taken in input order the
     * other workers had nothing to do beside the last long one. The printing goes in input order.
     *
     * <p>What is held: in input order, at least {@code 2 N} tests ahead of the printing, and up
     * to {@code 256 N} while the finished, unprinted outcomes hold fewer than {@link #HELD_LIMIT}
     * states and executions; from the end, only while they hold fewer than {@link #BACK_LIMIT}
     * (a worker that may not take from the end takes in input order).
     */
    private final class Schedule<T> {
        private final Object[] outcomes;
        private final Throwable[] failures;
        private final boolean[] finished;
        private int front;
        private int back;
        private int printed;
        private long held;

        Schedule(int size) {
            outcomes = new Object[size];
            failures = new Throwable[size];
            finished = new boolean[size];
            back = size - 1;
        }

        /** The index of the next test to check, or -1 when every test is claimed. */
        synchronized int claim(boolean fromBack) throws InterruptedException {
            while (true) {
                if (front > back) {
                    return -1;
                }
                int i = claimNow(fromBack);
                if (i >= 0) {
                    return i;
                }
                wait();
            }
        }

        /** The index of the next test to check if the bounds let a thread take one now, else -1. */
        private int claimNow(boolean fromBack) {
            if (front > back) {
                return -1;
            }
            if (fromBack && held < BACK_LIMIT) {
                return back--;
            }
            int ahead = front - printed;
            if (ahead < 2 * jobs || ahead < 256 * jobs && held < HELD_LIMIT) {
                return front++;
            }
            return -1;
        }

        synchronized void finish(int i, Finished<T> o, Throwable failure) {
            outcomes[i] = o;
            failures[i] = failure;
            finished[i] = true;
            held += weight(o == null ? null : o.outcome());
            notifyAll();
        }

        /**
         * The outcome of test {@code i}, once it is checked (the tests are taken in input order), for
         * the calling thread: until it is, the calling thread checks the next test in input order
         * itself, when the bounds let a thread take one, else waits.
         */
        Finished<T> takeChecking(int i, List<Inputs.Input> files, Function<Inputs.Input, Finished<T>> task)
                throws InterruptedException {
            while (true) {
                int claimed;
                synchronized (this) {
                    while (true) {
                        if (finished[i]) {
                            return take(i);
                        }
                        claimed = claimNow(false);
                        if (claimed >= 0) {
                            break;
                        }
                        wait();
                    }
                }
                try {
                    finish(claimed, task.apply(files.get(claimed)), null);
                } catch (RuntimeException | Error e) {
                    finish(claimed, null, e);
                }
            }
        }

        /** The outcome of test {@code i}, which is checked. */
        private Finished<T> take(int i) {
            printed = i + 1;
            @SuppressWarnings("unchecked")
            Finished<T> o = (Finished<T>) outcomes[i];
            Throwable failure = failures[i];
            outcomes[i] = null;
            held -= weight(o == null ? null : o.outcome());
            notifyAll();
            if (failure instanceof RuntimeException r) {
                throw r;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            return o;
        }
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
