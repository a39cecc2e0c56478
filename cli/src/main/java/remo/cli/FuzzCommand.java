package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import remo.checker.fuzz.DifferentialFuzzer;
import remo.checker.fuzz.FuzzReport;
import remo.checker.fuzz.Mismatch;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.litmus.ProgramPrinter;
import remo.models.ModelLibrary;

/**
 * {@code remo fuzz}: differential testing of the cat models against the abstract machines on
 * generated programs (operational.md §8). Exit status 0 when they agree, 1 on a mismatch, 2 on a
 * usage error.
 */
@Command(name = "fuzz", mixinStandardHelpOptions = true,
        description = "Generate programs and check that the axiomatic engine (cat models) and the operational explorer "
                + "(abstract machines) agree: equal outcome sets, every machine graph consistent, every allowed state "
                + "reached. Mismatches are shrunk and printed.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:no mismatch", "1:the engines disagree on some program (printed, shrunk)", "2:usage error"})
final class FuzzCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--programs", paramLabel = "N", defaultValue = "1000", description = "Programs to generate (default ${DEFAULT-VALUE}).")
    long programs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--from", paramLabel = "I", defaultValue = "0", description = "Index of the first program (default ${DEFAULT-VALUE}).")
    long from;

    @Option(names = "--models", paramLabel = "M,...", split = ",",
            description = "Bundled models to compare (default: rdma-tso-rmw, rdma-sc-rmw, rdma-wait-rmw, rdma-tso, tso, sc).")
    List<String> models = new ArrayList<>(DifferentialFuzzer.DEFAULT_MODELS);

    @Option(names = "--max-candidates", paramLabel = "C", defaultValue = "20000",
            description = "Skip programs whose axiomatic enumeration exceeds C candidates (default ${DEFAULT-VALUE}).")
    long maxCandidates;

    @Option(names = "--only-with", paramLabel = "FORM,...", split = ",",
            description = "Compare only the programs with a put of one of these forms: inline (put.inline), unsignaled "
                    + "(put.unsignaled); the others are generated and counted as left out.")
    List<String> onlyWith = List.of();

    @Option(names = "--out", paramLabel = "DIR", description = "Write each shrunk mismatch as a litmus file into DIR.")
    Path out;

    @picocli.CommandLine.Mixin
    JobsOption jobsOption;

    @Override
    public Integer call() {
        PrintStream o = System.out;
        ArgumentPositions args = ArgumentPositions.of(spec);
        List<DiagnosticException> usage = new ArrayList<>();
        models.removeIf(String::isBlank);
        if (models.isEmpty()) {
            usage.add(ModelOptions.usage(args, "--models", "--models names no model; give bundled model names separated by commas"));
        }
        if (programs < 1) {
            usage.add(ModelOptions.usage(args, "--programs", "--programs must be at least 1, not " + programs));
        }
        if (maxCandidates < 1) {
            usage.add(ModelOptions.usage(args, "--max-candidates", "--max-candidates must be at least 1, not " + maxCandidates));
        }
        if (from < 0) {
            usage.add(ModelOptions.usage(args, "--from", "--from must be 0 or more, not " + from));
        } else if (programs >= 1 && from > Long.MAX_VALUE - programs) {
            usage.add(ModelOptions.usage(args, "--from", "--from " + from + " with --programs " + programs
                    + " goes beyond 64 bits (--from + --programs must be at most " + Long.MAX_VALUE + ")"));
        }
        for (String f : onlyWith) {
            if (!f.equals("inline") && !f.equals("unsignaled")) {
                usage.add(ModelOptions.usage(args, "--only-with", "--only-with takes inline and unsignaled, not '" + f + "'"));
            }
        }
        int jobs = 1;
        try {
            jobs = jobsOption.jobs(args);
        } catch (DiagnosticException e) {
            usage.add(e);
        }
        if (!usage.isEmpty()) {
            // one diagnostic per bad option, in command-line order
            usage.sort(java.util.Comparator.comparing(e -> e.diagnostic().position()));
            for (DiagnosticException e : usage) {
                System.err.println(e.diagnostic().format());
            }
            return 2;
        }
        try {
            OutputPath.requireNonEmpty(args, "--out", out);
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        }
        if (out != null) {
            try {
                java.nio.file.Files.createDirectories(out);
                if (!java.nio.file.Files.isWritable(out)) {
                    throw new java.nio.file.AccessDeniedException(out.toString());
                }
            } catch (IOException e) {
                System.err.println(Diagnostic.error("E-IO", out.toString(), Position.START,
                        OutputPath.describeWriteFailure(e) + " (--out: the directory for mismatches)").format());
                return 2;
            }
        }
        DifferentialFuzzer fuzzer;
        try {
            fuzzer = new DifferentialFuzzer(seed, models, maxCandidates);
        } catch (DiagnosticException e) {
            remo.core.Diagnostic d = e.diagnostic();
            if (d.file().equals(ModelLibrary.COMMAND_LINE)) {
                d = ModelOptions.optionError("E-MODEL", args, "--models", d.message()).diagnostic();
            }
            System.err.println(d.format());
            return 2;
        }
        if (!onlyWith.isEmpty()) {
            fuzzer.select(p -> onlyWith.stream().anyMatch(f -> DifferentialFuzzer.hasPutOption(p, f.equals("inline"))));
        }
        o.printf(Locale.ROOT, "fuzz: seed %d, models %s, programs %d..%d%s%n", seed, String.join(",", models), from,
                from + programs - 1, onlyWith.isEmpty() ? "" : ", only those with a put." + String.join(" or put.", onlyWith));
        long step = Math.max(1, programs / 10);
        long t0 = System.nanoTime();
        // progress as check and report show it: on standard error, and only when it is a terminal
        PrintStream progress = remo.cli.report.Terminal.stderrIsTerminal() ? System.err : null;
        FuzzReport r = fuzzer.run(from, programs, jobs, done -> {
            if (progress != null && done % step == 0 && done < programs) {
                progress.printf(Locale.ROOT, "  %d/%d programs, %.1f s%n", done, programs, (System.nanoTime() - t0) / 1e9);
            }
        });
        for (Mismatch m : r.mismatches()) {
            o.println();
            o.println("MISMATCH " + m.kind() + ": program " + m.index() + " of seed " + m.seed() + " under " + m.model()
                    + " with " + m.flags());
            o.println("  " + m.detail());
            o.println("  shrunk program:");
            for (String line : ProgramPrinter.print(m.shrunk()).split("\n")) {
                o.println("    " + line);
            }
            if (out != null) {
                try {
                    Files.createDirectories(out);
                    Path f = out.resolve("mismatch-" + m.seed() + "-" + m.index() + ".litmus");
                    OutputPath.writeAtomically(f, "(* remo fuzz --seed " + m.seed() + " --from " + m.index() + " --programs 1: "
                            + m.kind() + " under " + m.model() + " with " + m.flags() + "\n   " + m.detail().replace("*)", "* )")
                            + " *)\n" + ProgramPrinter.print(m.shrunk()));
                    o.println("  written to " + f);
                } catch (IOException e) {
                    System.err.println(Diagnostic.error("E-IO", out.toString(), Position.START,
                            OutputPath.describeWriteFailure(e)).format());
                }
            }
        }
        o.printf(Locale.ROOT, "Fuzz: %d programs, %d comparisons, %d skipped (%.1f%%, over %d candidates), "
                        + "%d machine graphs checked, %d flag combinations, %d axiomatic candidates, %d machine states, "
                        + "%d mismatches, %.1f s%n",
                r.programs(), r.comparisons(), r.skipped(), 100.0 * r.skipped() / Math.max(1, r.programs()), maxCandidates,
                r.graphsChecked(), r.flagSettings(), r.axiomaticCandidates(), r.machineStates(), r.mismatches().size(),
                r.seconds());
        if (!onlyWith.isEmpty()) {
            o.printf(Locale.ROOT, "Left out: %d programs without a put.%s%n", r.leftOut(), String.join(" or put.", onlyWith));
        }
        if (r.interrupted() != null) {
            o.printf(Locale.ROOT, "Partial: %s after %d of %d programs; the figures above are those of the %d checked%n",
                    r.interrupted(), r.programs(), programs, r.programs());
        }
        return r.mismatches().isEmpty() ? 0 : 1;
    }
}
