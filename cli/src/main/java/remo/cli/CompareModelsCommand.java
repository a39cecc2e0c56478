package remo.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.core.DiagnosticException;
import remo.core.Position;
import remo.litmus.ProgramPrinter;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.symbolic.ComparisonOptions;
import remo.symbolic.ComparisonResult;
import remo.symbolic.LitmusConstruction;
import remo.symbolic.ModelComparator;
import remo.symbolic.ModelSide;

/**
 * {@code remo compare-models M1 M2}: the smallest execution that M1 accepts and M2 rejects, as a
 * litmus test confirmed by the checker, or inclusion of M1 in M2 up to a number of events
 * ({@code remo.symbolic}, docs/compare-models.md).
 */
@Command(name = "compare-models", mixinStandardHelpOptions = true,
        description = "Find the smallest litmus test that model M1 allows and M2 forbids (searching every execution of "
                + "up to --events events with the Kodkod relational engine), or report that there is none up to that bound.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the comparison ran (distinguished, included, unconfirmed, or stopped by --timeout)",
            "2:usage error or bad model", "3:internal error",
            "130:interrupted (Ctrl-C): the sizes searched until then are reported, as for --timeout"})
final class CompareModelsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "M1", description = "The model that should allow the test: a bundled name or a .cat file.")
    String first;

    @Parameters(index = "1", paramLabel = "M2", description = "The model that should forbid it.")
    String second;

    @Option(names = "--set", paramLabel = "FLAG=VALUE", description = "A flag of M1 (models.md §8); repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--set2", paramLabel = "FLAG=VALUE", description = "A flag of M2; repeatable.")
    List<String> sets2 = new ArrayList<>();

    @Option(names = "--events", paramLabel = "N", defaultValue = "8",
            description = "Largest number of events searched, initial writes not counted (default ${DEFAULT-VALUE}).")
    int events;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "4", description = "Most threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--nodes", paramLabel = "K", defaultValue = "2", description = "Most nodes (default ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--both", description = "Compare in both directions (equivalence up to the bound).")
    boolean both;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the NAME.litmus test (default: the current directory).")
    Path out;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "0",
            description = "Stop each direction after this many seconds and report the bound reached (0 = no limit).")
    double timeoutSeconds;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on standard error.")
    boolean quiet;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Solve the thread layouts of one size N at a time on N threads (default: the number of "
                    + "processors); the result is the same as with --jobs 1.")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Override
    public Integer call() {
        PrintStream stdout = System.out;
        PrintStream err = System.err;
        ArgumentPositions args = ArgumentPositions.of(spec);
        ModelSide m1;
        ModelSide m2;
        try {
            requirePositive(args, "--events", events);
            requirePositive(args, "--threads", threads);
            requirePositive(args, "--nodes", nodes);
            JobsOption.checked(args, jobs);
            if (!(timeoutSeconds >= 0) || Double.isInfinite(timeoutSeconds)) {
                throw ModelOptions.usage(args, "--timeout", "--timeout must be 0 (no limit) or a positive number of seconds");
            }
            OutputPath.requireNonEmpty(args, "--out", out);
            if (out != null && !Files.isDirectory(out)) {
                throw new DiagnosticException(Diagnostic.error("E-IO", out.toString(), Position.START, Files.exists(out)
                        ? out + " is not a directory" : "directory " + out + " does not exist"));
            }
            // before a search of possibly minutes: a directory that takes no file was reported only
            // when a test was found
            OutputPath.requireWritableDirectory(out == null ? Path.of("") : out, "a test");
            ModelLibrary library = new ModelLibrary();
            List<Position> models = modelPositions(spec.commandLine().getParseResult().originalArgs());
            CatModel a = ModelOptions.load(library, first, models.get(0));
            CatModel b = ModelOptions.load(library, second, models.get(1));
            // as check does: an empty model (no checks) allows everything, which is rarely meant
            java.util.Set<String> warnings = new java.util.LinkedHashSet<>();
            for (Diagnostic w : a.warnings()) {
                warnings.add(w.format());
            }
            for (Diagnostic w : b.warnings()) {
                warnings.add(w.format()); // once when both sides are the same file
            }
            warnings.forEach(err::println);
            m1 = new ModelSide(a, FlagValues.defaults().withAll(ModelOptions.flags(args, "--set", sets)));
            m2 = new ModelSide(b, FlagValues.defaults().withAll(ModelOptions.flags(args, "--set2", sets2)));
        } catch (DiagnosticException e) {
            err.println(e.diagnostic().format());
            return 2;
        }
        ComparisonOptions options = ComparisonOptions.upTo(events).withShape(threads, nodes).withJobs(jobs)
                .withProgress(quiet ? null : err::println);
        if (timeoutSeconds > 0) {
            options = options.withTimeout(Duration.ofNanos((long) Math.min(timeoutSeconds * 1e9, Long.MAX_VALUE / 2)));
        }
        ModelComparator comparator = new ModelComparator(options);
        try {
            ComparisonResult r = comparator.compare(m1, m2);
            print(stdout, err, r);
            if (both && remo.core.Interruption.requested()) {
                // the first direction was interrupted: the second is not searched (not "0 events")
                stdout.println();
                stdout.println("Not searched: executions consistent under " + m2.label() + " and not under " + m1.label()
                        + "; " + remo.core.Interruption.reason());
            } else if (both) {
                stdout.println();
                ComparisonResult back = comparator.compare(m2, m1);
                print(stdout, err, back);
                if (r.outcome() == ComparisonResult.Outcome.INCLUDED && back.outcome() == ComparisonResult.Outcome.INCLUDED) {
                    stdout.println();
                    stdout.println("Equivalent: " + m1.label() + " and " + m2.label() + " accept the same executions of at most "
                            + events + (events == 1 ? " event" : " events"));
                }
            }
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            err.println(Diagnostic.error("E-CAT-UNSUPPORTED", ModelLibrary.COMMAND_LINE, Position.START,
                    "cannot compare symbolically: " + e.getMessage()).format());
            return 2;
        } catch (IOException e) {
            String where = e instanceof remo.core.OutputFile.WriteFailure w ? w.file().toString() : out == null ? "." : out.toString();
            err.println(Diagnostic.error("E-IO", where, Position.START, OutputPath.describeWriteFailure(e)).format());
            return 2;
        }
        return 0;
    }

    /**
     * Where M1 and M2 are on the command line: the first two arguments after the subcommand that
     * are neither options nor option values ({@code 1:1} for one not found).
     */
    private List<Position> modelPositions(List<String> args) {
        List<Position> out = new ArrayList<>();
        int column = 1;
        boolean seenName = false;
        boolean skipValue = false;
        for (String a : args) {
            if (!seenName) {
                seenName = a.equals(spec.name());
            } else if (skipValue) {
                skipValue = false;
            } else if (a.startsWith("-") && a.length() > 1) {
                var option = spec.findOption(a.contains("=") ? a.substring(0, a.indexOf('=')) : a);
                skipValue = option != null && option.arity().max() > 0 && !a.contains("=");
            } else {
                out.add(new Position(1, column));
            }
            column += a.length() + 1;
        }
        while (out.size() < 2) {
            out.add(Position.START);
        }
        return out;
    }

    private static void requirePositive(ArgumentPositions args, String option, int value) throws DiagnosticException {
        if (value < 1) {
            throw ModelOptions.usage(args, option, option + " must be at least 1, not " + value);
        }
    }

    private void print(PrintStream stdout, PrintStream err, ComparisonResult r) throws IOException {
        stdout.println(r.summary());
        if (r.nodesNote() != null) {
            stdout.println("Note: " + r.nodesNote());
        }
        if (r.execution() != null) {
            stdout.println("Execution (" + r.execution().size() + (r.execution().size() == 1 ? " event):" : " events):"));
            stdout.print(r.execution().describe(LitmusConstruction.locationNames(r.execution().locationCount())));
        }
        if (r.test() != null) {
            String text = ProgramPrinter.print(r.test());
            Path file = (out == null ? Path.of("") : out).resolve(r.test().name() + ".litmus");
            OutputPath.writeAtomically(file, text);
            stdout.println("Test " + r.test().name() + " written to " + file + ":");
            stdout.print(text);
            stdout.println("Checker: " + r.verdictAllowing() + " under " + r.allowing() + ", " + r.verdictForbidding()
                    + " under " + r.forbidding());
        }
        if (r.outcome() == ComparisonResult.Outcome.LIMIT) {
            err.println(Diagnostic.warning("W-LIMIT", ModelLibrary.COMMAND_LINE, Position.START, r.note()).format());
        }
    }
}
