package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import remo.core.Interruption;

/**
 * The runs of the {@code remo} server ({@link RemoServer}): each served command line runs on a
 * thread of its own with the client's output connections as its standard output and error, the
 * client's directory ({@link Invocation}) and its own cancellation token
 * ({@link Interruption.Token}), and shares only immutable data with the other runs. It also keeps
 * the {@code check} parsers of finished runs for the next ones.
 */
final class ServedRuns {
    /** Stack of a run's thread (bytes), as {@link Main}'s. */
    private static final long STACK_BYTES = 512L << 20;

    private final int maxRuns;
    private final RunOutputFlusher flusher;
    private final AtomicInteger runNumber = new AtomicInteger();

    /**
     * The {@code check} parsers of finished runs, each used by one run at a time: picocli's
     * reflection over the options costs about as much as checking a small test, and picocli sets
     * every option and parameter back to its initial value when it parses again (new lists, nulls,
     * defaults), so a run sees none of the previous run's values; the command's one other field,
     * its {@link Invocation}, is set by every run.
     */
    private final ConcurrentLinkedDeque<CommandLine> parsers = new ConcurrentLinkedDeque<>();

    /** Makes the first parser while the server starts; a run that finds no parser waits for it. */
    private volatile Thread firstParser;

    /**
     * @param maxRuns the most runs at once (and parsers kept)
     * @param flusher the flusher of the runs' output
     */
    ServedRuns(int maxRuns, RunOutputFlusher flusher) {
        this.maxRuns = maxRuns;
        this.flusher = flusher;
    }

    /** Starts making the first run's parser on a thread of its own (the server is starting meanwhile). */
    void startFirstParser() {
        firstParser = new Thread(() -> parsers.push(RemoCommand.commandLine(new String[] {"check"})), "remo-first-parser");
        firstParser.setDaemon(true);
        firstParser.start();
    }

    /**
     * Runs one command line with the client's streams and directory, its own cancellation token,
     * on a thread of its own, while this thread watches the request connection: a byte or its end
     * (Ctrl-C, or the client gone) cancels the run. Returns when the run is over and its output
     * sent and ended.
     *
     * @param control   the request connection
     * @param outConnection the connection that receives the run's standard output
     * @param errConnection the one that receives its standard error, opened when asked for
     * @param directory the client's working directory
     * @param tty       whether the client's standard error is a terminal
     * @param columns   the client's {@code COLUMNS}, or null if not exported
     * @param args      the command line
     * @return the run's exit status
     * @throws IOException if a connection's stream cannot be had
     */
    int run(Socket control, OutputConnection outConnection, OutputConnection errConnection, Path directory, boolean tty,
            String columns, String[] args) throws IOException {
        RunOutputStream outSink = new RunOutputStream(outConnection);
        RunOutputStream errSink = new RunOutputStream(errConnection);
        RunOutputStream.pair(outSink, errSink);
        flusher.add(outSink, errSink);
        WatchedOutput watched = new WatchedOutput(outSink);
        PrintStream out = new PrintStream(watched, true);
        String errEncoding = System.getProperty("stderr.encoding");
        PrintStream err;
        try {
            err = errEncoding == null ? new PrintStream(errSink, true)
                    : new PrintStream(errSink, true, Charset.forName(errEncoding));
        } catch (RuntimeException e) {
            err = new PrintStream(errSink, true);
        }
        Interruption.Token cancel = new Interruption.Token();
        Invocation invocation = new Invocation(out, err, directory, tty, columns);
        int[] status = {3};
        PrintStream runErr = err;
        Thread worker = new Thread(null, () -> {
            Interruption.bind(cancel);
            CommandLine parser = takeParser();
            status[0] = Main.runCommand(args, invocation, parser, cancel::requested, () -> {
                String why = watched.failureWords();
                return why == null ? "write error" : why;
            });
            if (parsers.size() < maxRuns) {
                parsers.push(parser);
            }
        }, "remo-run-" + runNumber.incrementAndGet(), STACK_BYTES);
        worker.setDaemon(true);
        worker.start();
        // the request connection: a byte or its end (Ctrl-C, or the client gone) cancels the run;
        // the byte 't' is the client's SIGTERM
        control.setSoTimeout(0);
        int[] cancelByte = {-1};
        Thread watcher = new Thread(() -> {
            try {
                cancelByte[0] = control.getInputStream().read();
            } catch (IOException e) {
                // closed: the run is over, or the client is gone
            }
            if (worker.isAlive()) {
                cancel.request("SIGINT or SIGTERM");
            }
        }, "remo-cancel");
        watcher.setDaemon(true);
        watcher.start();
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // a JVM of its own stopped by SIGTERM exits with 143 (128 + 15), by SIGINT with 130; the
        // watcher wrote the byte before its stop request, a volatile write this read of it follows
        if (status[0] == Main.INTERRUPTED && cancel.requested() && cancelByte[0] == 't') {
            status[0] = Main.TERMINATED;
        }
        out.flush();
        runErr.flush();
        flusher.remove(outSink, errSink);
        outSink.finish();
        errSink.finish();
        return status[0];
    }

    /** A finished run's parser, else the first one once it is made, else a new one. */
    private CommandLine takeParser() {
        CommandLine parser = parsers.pollFirst();
        Thread first = firstParser;
        if (parser == null && first != null && first.isAlive()) {
            try {
                first.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            parser = parsers.pollFirst();
        }
        if (parser == null) {
            parser = RemoCommand.commandLine(new String[] {"check"});
        }
        return parser;
    }
}
