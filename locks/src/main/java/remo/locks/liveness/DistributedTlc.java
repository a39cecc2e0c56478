package remo.locks.liveness;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * TLC's own distributed mode: a {@code tlc2.tool.distributed.TLCServer} child JVM holds the state
 * queue and the fingerprint set, and {@code tlc2.tool.distributed.TLCWorker} child JVMs (one
 * thread each here) compute successors, talking RMI. remo starts the server and
 * {@link TlcOptions#workers()} local workers on loopback; workers on other machines may join the
 * same server (docs/liveness.md, "Distributed mode").
 *
 * <p>What TLC 2.18's distributed mode checks: invariants and deadlock; it ignores the PROPERTY
 * section (a spec with a violated temporal property reports "No error has been found"), so
 * {@link LivenessChecker} never gives it temporal properties. When it finds a violation it prints
 * only "The behavior up to this point is:" and the last one or two states (not the path from an
 * initial state, and not which invariant or that it is a deadlock), so each server run checks one
 * thing and {@code unnamed} says what a trace then is.
 */
final class DistributedTlc {
    static final String SERVER = "tlc2.tool.distributed.TLCServer";
    static final String WORKER = "tlc2.tool.distributed.TLCWorker";
    private static final String PORT_PROPERTY = "tlc2.tool.distributed.TLCServer.port";
    private static final int WORKER_HEAP_MB = 512;

    private DistributedTlc() {
    }

    /**
     * Runs the server on {@code cfgFile} in {@code dir} with local workers.
     *
     * @param unnamed  the kind of a counterexample the server prints without naming it
     * @return the server's report (same messages as {@code tlc2.TLC -tool})
     * @throws LivenessException as {@link TlcRun#run}; E-LIMIT if the deadline passes (for example
     *                           because no worker joined)
     */
    static TlcReport run(TlcJar tlc, Path dir, String cfgFile, String cfgName, boolean checkDeadlock, TlcOptions options,
                         Deadline deadline, String what, CounterexampleKind unnamed) throws InterruptedException {
        int port = options.port() != 0 ? options.port() : freePort();
        List<String> properties = List.of("java.rmi.server.hostname=" + options.rmiHost(), PORT_PROPERTY + "=" + port);
        List<String> args = new ArrayList<>(List.of("-tool", "-metadir", dir.resolve("states").toString()));
        if (!checkDeadlock) {
            args.add("-deadlock"); // TLC's flag: do not check for deadlock
        }
        args.addAll(List.of("-config", cfgFile, LivenessModel.MODULE));
        List<TlcProcess> workers = new ArrayList<>();
        try {
            options.listener().phase("TLC server on " + options.rmiHost() + ":" + port + " with " + options.workers()
                    + " local worker" + (options.workers() == 1 ? "" : "s"));
            return TlcRun.collect(tlc, dir, options.heapMb(), properties, SERVER, args, cfgName, deadline,
                    what + " (distributed)", options.listener(), () -> {
                        for (int i = 0; i < options.workers(); i++) {
                            workers.add(worker(tlc, dir, i, options.rmiHost(), port));
                        }
                    }, unnamed, false);
        } finally {
            workers.forEach(TlcProcess::close);
        }
    }

    private static TlcProcess worker(TlcJar tlc, Path dir, int index, String host, int port) {
        Path wdir = dir.resolve("worker-" + index);
        try {
            Files.createDirectories(wdir);
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, wdir.toString(), 0, 0, "cannot create a worker directory: " + e.getMessage());
        }
        List<String> properties = List.of("java.rmi.server.hostname=127.0.0.1", PORT_PROPERTY + "=" + port,
                "tlc2.tool.distributed.TLCWorker.threadCount=1");
        return TlcProcess.start(tlc, wdir, WORKER_HEAP_MB, properties, WORKER, List.of(host), line -> {
        }, TlcListener.NONE);
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, "tlc", 0, 0, "no free port for the TLC server: " + e.getMessage());
        }
    }
}
