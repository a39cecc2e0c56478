package remo.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.nic.Schedule;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Interruption;
import remo.nic.explore.Counterexample;
import remo.nic.explore.ExplorationOptions;
import remo.nic.explore.Explorer;
import remo.nic.explore.Violation;
import remo.verify.Bounds;
import remo.verify.VerifiableObject;
import remo.verify.VerifiableObjects;
import remo.verify.Verification;
import remo.verify.Verifier;

/**
 * {@code remo objects verify}: the model checker on remo's own locks and LOCO objects (nic.md §5.3,
 * locks.md §10.7): every schedule of the object's workload within the bounds, under one model or
 * both, each execution checked. Exit status 0 when no violation exists within the bounds, 1 with a
 * counterexample, 2 on bad input or when a limit stopped a verification before it ran every
 * schedule (then its line says "partial"), 130/143 when interrupted.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Verify a lock or LOCO object of remo's library with the model checker: every schedule of its "
                + "workload within the bounds, under rdma-wait-rmw and rdma-sc-rmw (or --model), each execution checked.")
final class ObjectsVerifyCommand implements Callable<Integer> {
    private static final List<String> MODELS = List.of("rdma-wait-rmw", "rdma-sc-rmw");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OBJECT|all",
            description = "The class to verify (WeakTicketLock, StrongTicketLock, CasSpinLock, KvStore, …) or all.")
    String object;

    @Option(names = "--model", paramLabel = "M",
            description = "rdma-wait-rmw or rdma-sc-rmw (default: both).")
    String model;

    @Option(names = "--threads", paramLabel = "N", description = "Threads (with --nodes and --ops: one bound "
            + "instead of the object's default bounds).")
    Integer threads;

    @Option(names = "--nodes", paramLabel = "K", description = "Client nodes.")
    Integer nodes;

    @Option(names = "--ops", paramLabel = "K", description = "Operations per thread (acquisitions of a lock).")
    Integer ops;

    @Option(names = "--slots", paramLabel = "S", description = "Endpoints per node of a ticket lock (default: as the "
            + "placement needs).")
    Integer slots;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "Time limit of each verification (default ${DEFAULT-VALUE}); a verification it stops is partial.")
    long timeout;

    @Option(names = "--max-executions", paramLabel = "N", defaultValue = "1000000",
            description = "Runs per verification (default ${DEFAULT-VALUE}); a verification it stops is partial.")
    long maxExecutions;

    @Option(names = "--replay", paramLabel = "SCHEDULE",
            description = "Run this schedule (a counterexample's, as printed) of the one verification the other options "
                    + "name, and print its violations.")
    String replay;

    @Option(names = "--graph", paramLabel = "FILE.dot",
            description = "Write the first counterexample's recorded execution graph (Graphviz DOT) to FILE.dot.")
    Path graph;

    @Override
    public Integer call() {
        ArgumentPositions args = ArgumentPositions.of(spec);
        List<VerifiableObject> objects = object.equalsIgnoreCase("all") ? VerifiableObjects.all()
                : VerifiableObjects.named(object);
        String bad = null;
        String why = null;
        if (objects.isEmpty()) {
            bad = "OBJECT";
            why = "no verifiable object '" + object + "'; one of " + String.join(", ", VerifiableObjects.names()) + ", all";
        } else if (model != null && !MODELS.contains(model)) {
            bad = "--model";
            why = "--model must be rdma-wait-rmw or rdma-sc-rmw, not '" + model + "'";
        } else if (timeout < 1 || maxExecutions < 1) {
            bad = timeout < 1 ? "--timeout" : "--max-executions";
            why = bad + " must be at least 1";
        } else if ((threads != null || nodes != null || ops != null || slots != null)
                && (threads == null || nodes == null || ops == null)) {
            bad = threads == null ? "--threads" : nodes == null ? "--nodes" : "--ops";
            why = "--threads, --nodes and --ops go together (one bound); " + bad + " is missing";
        } else if (threads != null && (threads < 1 || nodes < 1 || ops < 1 || (slots != null && slots < 0))) {
            bad = threads < 1 ? "--threads" : nodes < 1 ? "--nodes" : ops < 1 ? "--ops" : "--slots";
            why = bad + " must be at least " + (bad.equals("--slots") ? 0 : 1);
        } else if (threads != null && (threads > MAX_BOUND || ops > MAX_BOUND || (slots != null && slots > 64))) {
            // every schedule is run: far smaller bounds already take minutes, and larger ones would
            // spend the time limit building the cluster before the first run could be stopped
            bad = threads > MAX_BOUND ? "--threads" : ops > MAX_BOUND ? "--ops" : "--slots";
            why = bad + " must be at most " + (bad.equals("--slots") ? 64 : MAX_BOUND)
                    + " (the model checker runs every schedule of the bound)";
        } else if (replay != null && (objects.size() != 1 || threads == null || model == null)) {
            bad = "--replay";
            why = "--replay needs one object, one model (--model) and one bound (--threads, --nodes, --ops)";
        }
        if (bad != null) {
            System.err.println((bad.equals("OBJECT")
                    ? new DiagnosticException(Diagnostic.error("E-USAGE", ModelLibrary.COMMAND_LINE, args.argument(object), why))
                    : ModelOptions.usage(args, bad, why)).diagnostic().format());
            return 2;
        }
        List<String> models = model != null ? List.of(model) : MODELS;
        ModelLibrary library = new ModelLibrary();
        List<CatModel> loaded = new ArrayList<>();
        for (String m : models) {
            try {
                loaded.add(library.load(m));
            } catch (Exception e) {
                System.err.println("remo objects verify: error[E-MODEL]: cannot load " + m + ": " + e.getMessage());
                return 2;
            }
        }
        ExplorationOptions options = ExplorationOptions.defaults().withTimeLimit(Duration.ofSeconds(timeout))
                .withMaxExecutions(maxExecutions).withCancellation(Interruption::requested);
        // (the exploration polls the interruption between runs: Ctrl-C ends the verification at once, partial)
        if (replay != null) {
            return replay(objects.get(0), loaded.get(0));
        }
        int violations = 0;
        int partial = 0;
        int done = 0;
        int planned = 0;
        for (VerifiableObject o : objects) {
            planned += loaded.size() * (threads != null ? 1 : o.defaultBounds().size());
        }
        for (CatModel m : loaded) {
            for (VerifiableObject o : objects) {
                List<Bounds> bounds = threads != null ? List.of(new Bounds(threads, nodes, ops, slots == null ? 0 : slots))
                        : o.defaultBounds();
                for (Bounds b : bounds) {
                    Verification v;
                    try {
                        v = o.at(b, m, m.name().equals("rdma-wait-rmw"));
                    } catch (IllegalArgumentException e) {
                        System.err.println(ModelOptions.usage(args, optionNamedBy(e.getMessage()), o.name() + ": "
                                + e.getMessage()).diagnostic().format());
                        return 2;
                    }
                    Verifier.Result r = Verifier.run(v, m.name(), options);
                    done++;
                    System.out.println(r.summary());
                    System.out.flush();
                    if (!r.exploration().passed()) {
                        violations++;
                        printCounterexample(r.exploration().counterexamples().get(0), o, b, m.name());
                    } else if (!r.exploration().complete()) {
                        partial++;
                        System.err.println("remo objects verify: warning[W-LIMIT]: " + v.description() + " under " + m.name()
                                + " is partial: " + (r.exploration().limit() != null ? r.exploration().limit()
                                : r.exploration().cut() + " runs reached the step bound") + r.exploration().cutDetails());
                    }
                    if (Interruption.requested()) {
                        System.out.println("remo objects verify: " + Interruption.reason() + ": " + done + " of " + planned
                                + " verification" + (planned == 1 ? "" : "s") + " run, " + (planned - done) + " not run");
                        return LivenessCommand.EXIT_INTERRUPTED;
                    }
                }
            }
        }
        System.out.println(done + " verification" + (done == 1 ? "" : "s") + ": "
                + (violations > 0 ? violations + " with a violation" : partial > 0 ? partial + " partial (a limit stopped "
                + (partial == 1 ? "it" : "them") + "), none with a violation" : "no violation within the bounds"));
        return violations > 0 ? 1 : partial > 0 ? 2 : 0;
    }

    private void printCounterexample(Counterexample cx, VerifiableObject o, Bounds b, String m) {
        System.out.println("  " + cx.violation().toString().replace("\n", "\n  "));
        System.out.println("  schedule (shrunk: " + cx.schedule().size() + " actions, " + cx.contextSwitches()
                + " context switches, " + cx.nicDelays() + " NIC delays): " + cx.schedule());
        System.out.println("  replay: remo objects verify " + o.name() + " --model " + m + " --threads " + b.threads()
                + " --nodes " + b.nodes() + " --ops " + b.ops() + (b.slots() > 0 ? " --slots " + b.slots() : "")
                + " --replay '" + cx.schedule() + "'");
        Optional<String> dot = cx.graphDot(o.name());
        if (graph != null && dot.isPresent()) {
            try {
                OutputPath.writeAtomically(graph, dot.get().getBytes(StandardCharsets.UTF_8));
                System.out.println("  graph: " + graph);
            } catch (IOException e) {
                System.err.println("remo objects verify: error[E-IO]: cannot write " + graph + ": " + e.getMessage());
            }
        }
    }

    private int replay(VerifiableObject o, CatModel m) {
        Schedule s;
        try {
            s = Schedule.parse(replay);
        } catch (IllegalArgumentException e) {
            System.err.println(ModelOptions.usage(ArgumentPositions.of(spec), "--replay", e.getMessage()).diagnostic().format());
            return 2;
        }
        Verification v = o.at(new Bounds(threads, nodes, ops, slots == null ? 0 : slots), m, m.name().equals("rdma-wait-rmw"));
        List<Violation> found;
        try {
            found = Explorer.replay(v.target(), s, v.check());
        } catch (IllegalArgumentException e) {
            System.err.println(ModelOptions.usage(ArgumentPositions.of(spec), "--replay", e.getMessage()).diagnostic().format());
            return 2;
        }
        System.out.println(v.description() + " under " + m.name() + ", one schedule of " + s.size() + " actions: "
                + (found.isEmpty() ? "no violation" : found.size() + " violation" + (found.size() == 1 ? "" : "s")));
        for (Violation x : found) {
            System.out.println("  " + x.toString().replace("\n", "\n  "));
        }
        return found.isEmpty() ? 0 : 1;
    }

    /** The largest --threads and --ops accepted. */
    static final int MAX_BOUND = 32;

    /** The bound option a workload's refusal is about, for its column: the first of nodes, slots, ops it names, else threads. */
    private static String optionNamedBy(String message) {
        String m = message == null ? "" : message;
        for (String o : List.of("node", "slot", "op")) {
            if (m.contains(o)) {
                return "--" + o + "s";
            }
        }
        return "--threads";
    }
}
