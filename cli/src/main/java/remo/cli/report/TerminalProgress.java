package remo.cli.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;
import remo.checker.CheckOptions;

/**
 * A progress line on a terminal, drawn by the {@code me.tongfei:progressbar} library on its own
 * thread: {@code Checking 45% [=====>    ] 73/161 (0:00:03 / 0:00:04) SB · 12.3k explored · 4.1k/s}.
 * Output written through {@link #guard} first erases the line; the library redraws it at its next
 * tick (every {@value #UPDATE_MILLIS} ms).
 */
final class TerminalProgress implements Progress {
    static final int UPDATE_MILLIS = 250;

    private final Object lock = new Object();
    private final PrintStream err;
    private final ProgressBar bar;
    private final long start = System.nanoTime();
    private final AtomicLong finishedExplored = new AtomicLong();
    private final AtomicLong currentExplored = new AtomicLong();
    private volatile String current = "";
    private volatile boolean closed;
    private boolean lineShown;

    TerminalProgress(int totalTests, PrintStream err, int width) {
        this.err = err;
        this.bar = new ProgressBarBuilder().setTaskName("Checking").setInitialMax(totalTests)
                .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(UPDATE_MILLIS).setUnit(" tests", 1)
                .continuousUpdate().clearDisplayOnFinish().hideEta().setConsumer(new LineConsumer(width)).build();
    }

    /** The terminal width from {@code COLUMNS}, else 100. */
    static int terminalWidth() {
        return terminalWidth(System.getenv("COLUMNS"));
    }

    /** The terminal width from {@code c} (a {@code COLUMNS} value, or null), else 100. */
    static int terminalWidth(String c) {
        try {
            return c == null ? 100 : Math.max(40, Integer.parseInt(c.trim()));
        } catch (NumberFormatException e) {
            return 100;
        }
    }

    @Override
    public void testStarted(String name) {
        current = shortName(name);
        currentExplored.set(0);
        updateMessage();
    }

    @Override
    public void testFinished() {
        finishedExplored.addAndGet(currentExplored.getAndSet(0));
        bar.step();
        updateMessage();
    }

    @Override
    public CheckOptions.ProgressListener listener() {
        return (explored, consistent) -> {
            currentExplored.set(explored);
            updateMessage();
        };
    }

    private void updateMessage() {
        long explored = finishedExplored.get() + currentExplored.get();
        double seconds = Math.max(1e-3, (System.nanoTime() - start) / 1e9);
        bar.setExtraMessage(message(current, explored, seconds));
    }

    /**
     * A test's name as the progress line shows it: the file name without directories and
     * {@code .litmus}, at most 20 characters (the bar needs the rest of an 80–100 column line).
     */
    static String shortName(String shown) {
        String n = shown.substring(Math.max(shown.lastIndexOf('/'), shown.lastIndexOf('\\')) + 1).replaceFirst("\\.litmus$", "");
        return n.length() <= 20 ? n : n.substring(0, 19) + "…";
    }

    /** The text after the bar: current test, candidates explored, rate. */
    static String message(String test, long explored, double seconds) {
        return test + " · " + human(explored) + " explored · " + human((long) (explored / seconds)) + "/s";
    }

    /** 12345 → {@code 12.3k}. */
    static String human(long n) {
        if (n < 1000) {
            return Long.toString(n);
        }
        if (n < 1_000_000) {
            return String.format(Locale.ROOT, "%.1fk", n / 1e3);
        }
        return String.format(Locale.ROOT, "%.1fM", n / 1e6);
    }

    @Override
    public PrintStream guard(OutputStream target) {
        return new PrintStream(new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                synchronized (lock) {
                    erase();
                    target.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                synchronized (lock) {
                    erase();
                    target.write(b, off, len);
                }
            }

            @Override
            public void flush() throws IOException {
                target.flush();
            }
        }, true);
    }

    private void erase() {
        if (lineShown) {
            err.print("\r\033[K");
            err.flush();
            lineShown = false;
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            bar.close();
            synchronized (lock) {
                erase();
            }
        }
    }

    /** Draws the library's line in place on {@code err}. */
    private final class LineConsumer implements ProgressBarConsumer {
        private final int width;

        LineConsumer(int width) {
            this.width = width;
        }

        @Override
        public int getMaxRenderedLength() {
            return width;
        }

        @Override
        public void accept(String line) {
            synchronized (lock) {
                if (closed && !lineShown) {
                    return;
                }
                err.print("\r" + line + "\033[K");
                err.flush();
                lineShown = true;
            }
        }

        @Override
        public void clear() {
            synchronized (lock) {
                erase();
            }
        }

        @Override
        public void close() {
            clear();
        }
    }
}
