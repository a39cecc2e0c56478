package remo.locks.liveness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Checks the properties a configuration lists with as few TLC runs as it can, one result per
 * property (locks.md §8.5).
 *
 * <p>TLC stops at the first violation and does not say which temporal property a lasso violates,
 * so: every run checks all properties still open; a violated invariant is recorded and the next
 * run goes on without it; a violation of a temporal property in a run with several makes every
 * later run check one temporal property at a time, and once all but one of that group hold, the
 * group's counterexample is the last one's (it violates their conjunction). TLC checks the temporal properties only after
 * the whole state space is explored ({@code -lncheck final}), so a temporal violation also proves
 * every invariant of that run. A deadlock (CHECK_DEADLOCK) in a run with one temporal property is
 * that property's counterexample: the deadlocked state stutters forever with no action enabled, so
 * fairness holds on it — as locks.md §8.5 allows for NAIVE_SERVING. A deadlock in a run without temporal
 * properties is kept as {@link LivenessResult#deadlock()} and later such runs do not check for it.
 *
 * <p>In distributed mode ({@link TlcOptions#distributed()}) TLC's server checks invariants and
 * deadlock only (TLC 2.18's TLCServer ignores PROPERTY): temporal properties are
 * {@link PropertyResult.Outcome#NOT_CHECKED}; each invariant gets its own server run, and the
 * deadlock check one more, because the server's traces do not name what they violate.
 */
public final class LivenessChecker {
    private final TlcJar tlc;
    private final TlcOptions options;

    /**
     * @param tlc     where TLC is
     * @param options how to run it
     */
    public LivenessChecker(TlcJar tlc, TlcOptions options) {
        this.tlc = tlc;
        this.options = options;
    }

    /**
     * Checks one configuration of a model.
     *
     * @param model  the model (its spec text)
     * @param config the configuration, already checked against the model
     * @param name   what to call it in progress and messages (for example "wlock C1")
     * @return one result per listed property; undecided ones if the time limit was reached or remo
     *         was interrupted (Ctrl-C), with the runs and states until then
     * @throws LivenessException (E-TLC, E-CFG, E-TLC-MISSING) if TLC reports an error or stops
     *                           without a result
     * @throws InterruptedException if interrupted while TLC runs (TLC is then stopped)
     */
    public LivenessResult check(LivenessModel model, TlcConfig config, String name) throws InterruptedException {
        Path dir = workDir();
        try {
            Files.writeString(dir.resolve(LivenessModel.MODULE + ".tla"), model.spec(), StandardCharsets.UTF_8);
            return options.distributed() ? new Plan(dir, config, name).distributed() : new Plan(dir, config, name).local();
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, dir.toString(), 0, 0, "cannot write TLC's files: " + e.getMessage());
        } finally {
            delete(dir);
        }
    }

    /** Checks a bundled row of locks.md §8.5. */
    public LivenessResult check(LivenessTable.Row row) throws InterruptedException {
        LivenessModel model = LivenessModel.bundled();
        return check(model, model.config(row), row.name());
    }

    private final class Plan {
        private final Path dir;
        private final TlcConfig config;
        private final String name;
        private final Deadline deadline = Deadline.after(options.timeout());
        private final Map<String, PropertyResult> results = new LinkedHashMap<>();
        private final List<LivenessResult.Run> runs = new ArrayList<>();
        private final List<String> invariants;
        private final List<String> properties;
        private TlcCounterexample deadlock;
        private boolean deadlockSeen;

        Plan(Path dir, TlcConfig config, String name) {
            this.dir = dir;
            this.config = config;
            this.name = name;
            this.invariants = new ArrayList<>(config.invariants());
            this.properties = new ArrayList<>(config.properties());
        }

        LivenessResult local() throws InterruptedException {
            boolean oneAtATime = false;
            List<String> group = List.of();
            TlcCounterexample groupCounterexample = null;
            try {
                while (!invariants.isEmpty() || !properties.isEmpty() || (runs.isEmpty() && config.checkDeadlock())) {
                    List<String> open = group.stream().filter(properties::contains).toList();
                    boolean othersHold = group.stream().filter(p -> !open.contains(p))
                            .allMatch(p -> results.get(p).outcome() == PropertyResult.Outcome.HOLDS);
                    if (open.size() == 1 && group.size() > 1 && othersHold) {
                        // every other property of the group that failed together holds: the group's
                        // counterexample violates the conjunction, so it violates this one
                        record(open.get(0), true, PropertyResult.Outcome.VIOLATED, groupCounterexample);
                        properties.remove(open.get(0));
                        group = List.of();
                        continue;
                    }
                    List<String> temporal = oneAtATime && !properties.isEmpty() ? List.of(properties.get(0)) : List.copyOf(properties);
                    boolean checkDeadlock = config.checkDeadlock() && (!deadlockSeen || !temporal.isEmpty());
                    TlcReport r = run(List.copyOf(invariants), temporal, checkDeadlock);
                    switch (r.verdict()) {
                        case NO_ERROR -> {
                            invariants.forEach(i -> record(i, false, PropertyResult.Outcome.HOLDS, null));
                            temporal.forEach(p -> record(p, true, PropertyResult.Outcome.HOLDS, null));
                            invariants.clear();
                            properties.removeAll(temporal);
                        }
                        case INVARIANT_VIOLATED -> violatedInvariant(r);
                        case UNNAMED_VIOLATION -> throw unexpected(r);
                        case DEADLOCK -> {
                            deadlockSeen = true;
                            if (temporal.size() == 1) {
                                record(temporal.get(0), true, PropertyResult.Outcome.VIOLATED, r.counterexample());
                                properties.remove(temporal.get(0));
                            } else if (temporal.isEmpty()) {
                                deadlock = r.counterexample();
                            } else {
                                oneAtATime = true;
                                group = temporal;
                                groupCounterexample = r.counterexample();
                            }
                        }
                        case TEMPORAL_VIOLATED -> {
                            invariants.forEach(i -> record(i, false, PropertyResult.Outcome.HOLDS, null));
                            invariants.clear();
                            if (temporal.size() == 1) {
                                record(temporal.get(0), true, PropertyResult.Outcome.VIOLATED, r.counterexample());
                                properties.remove(temporal.get(0));
                            } else {
                                oneAtATime = true;
                                group = temporal;
                                groupCounterexample = r.counterexample();
                            }
                        }
                    }
                }
                return result(null, false);
            } catch (RunStoppedException e) {
                return result(e.getMessage(), e.interrupted());
            }
        }

        LivenessResult distributed() throws InterruptedException {
            properties.forEach(p -> record(p, true, PropertyResult.Outcome.NOT_CHECKED, null));
            properties.clear();
            try {
                // one check per server run: the server's traces do not say what they violate
                for (String invariant : List.copyOf(invariants)) {
                    TlcReport r = run(List.of(invariant), List.of(), false);
                    switch (r.verdict()) {
                        case NO_ERROR -> record(invariant, false, PropertyResult.Outcome.HOLDS, null);
                        case INVARIANT_VIOLATED, UNNAMED_VIOLATION ->
                                record(invariant, false, PropertyResult.Outcome.VIOLATED, r.counterexample());
                        default -> throw unexpected(r);
                    }
                    invariants.remove(invariant);
                }
                if (config.checkDeadlock()) {
                    TlcReport r = run(List.of(), List.of(), true);
                    switch (r.verdict()) {
                        case NO_ERROR -> deadlock = null;
                        case DEADLOCK, UNNAMED_VIOLATION -> deadlock = r.counterexample();
                        default -> throw unexpected(r);
                    }
                }
                return result(null, false);
            } catch (RunStoppedException e) {
                return result(e.getMessage(), e.interrupted());
            }
        }

        private LivenessException unexpected(TlcReport r) {
            return new LivenessException(LivenessException.TLC, config.name(), 0, 0,
                    "TLC ended a run of " + name + " with an unexpected verdict: " + r.verdict());
        }

        private void violatedInvariant(TlcReport r) {
            if (!invariants.remove(r.invariant())) {
                throw new LivenessException(LivenessException.TLC, config.name(), 0, 0,
                        "TLC reports invariant " + r.invariant() + " violated, which this run did not check");
            }
            record(r.invariant(), false, PropertyResult.Outcome.VIOLATED, r.counterexample());
        }

        private TlcReport run(List<String> invs, List<String> temporal, boolean checkDeadlock) throws InterruptedException {
            int n = runs.size() + 1;
            String cfgFile = "run-" + n + ".cfg";
            Path runDir = dir.resolve("run-" + n);
            try {
                Files.createDirectories(runDir);
                Files.copy(dir.resolve(LivenessModel.MODULE + ".tla"), runDir.resolve(LivenessModel.MODULE + ".tla"));
                Files.writeString(runDir.resolve(cfgFile), config.withChecks(invs, temporal, checkDeadlock), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> checks = new ArrayList<>(invs);
            checks.addAll(temporal);
            String what = name + ": " + (checks.isEmpty() ? "deadlock" : String.join(" ", checks))
                    + (checkDeadlock && !checks.isEmpty() ? " (and deadlock)" : "");
            TlcReport r;
            try {
                r = options.distributed()
                        ? DistributedTlc.run(tlc, runDir, cfgFile, config.name(), checkDeadlock, options, deadline, what,
                        invs.isEmpty() ? CounterexampleKind.DEADLOCK : CounterexampleKind.INVARIANT)
                        : TlcRun.run(tlc, runDir, LivenessModel.MODULE, cfgFile, config.name(), options.workers(),
                        options.heapMb(), deadline, what, options.listener());
            } catch (RunStoppedException e) {
                // the stopped run counts: its states and time are part of what the check did
                runs.add(new LivenessResult.Run(invs, temporal, checkDeadlock, null, e.statistics()));
                delete(runDir);
                throw e;
            }
            runs.add(new LivenessResult.Run(invs, temporal, checkDeadlock, r.verdict(), r.statistics()));
            delete(runDir);
            return r;
        }

        private void record(String property, boolean temporal, PropertyResult.Outcome outcome, TlcCounterexample cx) {
            results.put(property, new PropertyResult(property, temporal, outcome, cx));
        }

        private LivenessResult result(String limit, boolean interrupted) {
            List<PropertyResult> ordered = new ArrayList<>();
            for (String i : config.invariants()) {
                ordered.add(results.getOrDefault(i, new PropertyResult(i, false, PropertyResult.Outcome.UNDECIDED, null)));
            }
            for (String p : config.properties()) {
                ordered.add(results.getOrDefault(p, new PropertyResult(p, true, PropertyResult.Outcome.UNDECIDED, null)));
            }
            return new LivenessResult(name, ordered, runs, deadlock, limit, interrupted);
        }
    }

    private static Path workDir() {
        try {
            return WorkDirectories.create(Path.of(System.getProperty("java.io.tmpdir")), "remo-tlc-");
        } catch (IOException e) {
            throw new LivenessException(LivenessException.TLC, System.getProperty("java.io.tmpdir"), 0, 0,
                    "cannot create a directory for TLC: " + e.getMessage());
        }
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
