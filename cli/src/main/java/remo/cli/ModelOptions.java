package remo.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import remo.checker.CheckOptions;
import remo.checker.TestRunner;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.Position;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/** Options shared by the commands that check tests: model, engine, flags, limits. */
final class ModelOptions {

    @Option(names = {"--model", "-model"}, paramLabel = "NAME|FILE.cat",
            description = "Memory model: sc, tso, rdma-tso, rdma-tso-rmw, rdma-wait-rmw, rdma-sc-rmw, or a path to a "
                    + ".cat file. Default: rdma-tso-rmw for RDMA tests, tso for X86 tests.")
    String model;

    @Option(names = "--set", paramLabel = "FLAG=VALUE",
            description = "Set a model flag (models.md §8), overriding the test's flag line; repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "axiomatic", converter = EngineName.Converter.class,
            completionCandidates = EngineName.Candidates.class,
            description = "Engine: axiomatic (candidate executions checked against the cat model) or operational "
                    + "(exhaustive exploration of the abstract machine of operational.md; bundled models only). "
                    + "Default: ${DEFAULT-VALUE}.")
    EngineName engine = EngineName.AXIOMATIC;

    @Option(names = "--max-executions", paramLabel = "N",
            description = "Stop a test after exploring N candidate executions (operational engine: N machine states) "
                    + "and report the states found so far as partial (0 = no limit; default ${DEFAULT-VALUE}).",
            defaultValue = "0")
    long maxExecutions;

    @Option(names = {"--timeout", "-timeout"}, paramLabel = "SECONDS",
            description = "Stop a test after this many seconds and report the states found so far as partial "
                    + "(0 = no limit; default ${DEFAULT-VALUE}).", defaultValue = "0")
    double timeoutSeconds;

    @Option(names = "--max-blocked", paramLabel = "N",
            description = "Once every state is found, count at most N blocked executions; Blocked is then a lower "
                    + "bound and says so (0 = count them all; default ${DEFAULT-VALUE}).",
            defaultValue = "" + CheckOptions.DEFAULT_MAX_BLOCKED)
    long maxBlocked;

    @Option(names = "--force",
            description = "Run a model that declares another architecture than X86 (its first line, as herd7's arm.cat "
                    + "opens with ARM) on X86 and RDMA tests anyway; without it that is error E-ARCH and nothing is checked.")
    boolean force;

    @Option(names = {"--skipcheck", "-skipcheck"}, paramLabel = "NAME",
            description = "Ignore the model check named NAME (its 'as' name), as herd7's -skipcheck; repeatable.")
    List<String> skipChecks = new ArrayList<>();

    /**
     * The {@code --set} flags.
     *
     * @param at where the command line's options are, to report the offending argument
     * @throws DiagnosticException E-FLAG for an unknown flag or value, or a malformed setting, reported
     *                             against {@code <command line>} at the setting's column
     */
    Map<Flag, String> flags(ArgumentPositions at) throws DiagnosticException {
        validateLimits(at);
        return flags(at, "--set", sets);
    }

    /**
     * The flags given as {@code values} of the repeatable {@code option} (as {@code --set}),
     * located at that option's values in messages.
     *
     * @throws DiagnosticException E-FLAG as {@link #flags(ArgumentPositions)}
     */
    static Map<Flag, String> flags(ArgumentPositions at, String option, List<String> values) throws DiagnosticException {
        Map<Flag, String> out = new LinkedHashMap<>();
        for (int n = 0; n < values.size(); n++) {
            String s = values.get(n);
            int col = at.valueOffset(option, n, 0).column();
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw flagError(col, "expected FLAG=VALUE, found '" + s + "'");
            }
            String name = s.substring(0, eq);
            String value = s.substring(eq + 1);
            Flag f = Flag.byName(name).orElse(null);
            if (f == null) {
                throw flagError(col, "unknown flag '" + name + "'");
            }
            if (!f.allowedValues().contains(value)) {
                throw flagError(col + eq + 1, f.unknownValueMessage(value));
            }
            if (out.containsKey(f)) {
                // as in a file's flag line (language.md E-FLAG): one value per flag
                throw flagError(col, "flag " + f.name() + " is set twice");
            }
            out.put(f, value);
        }
        return out;
    }

    /**
     * Validates the options before any test runs: the limits, the {@code --set} flags, and the
     * {@code --model} (loaded once, so that a bad model is reported once, at its argument).
     *
     * @param at where the command line's options are
     * @return the {@code --set} flags
     * @throws DiagnosticException E-USAGE, E-FLAG, E-MODEL or a cat load error; command-line errors
     *                             point at the offending argument
     */
    Map<Flag, String> prepare(ArgumentPositions at) throws DiagnosticException {
        return prepare(at, new ModelLibrary());
    }

    /** As {@link #prepare(ArgumentPositions)}, loading {@code --model} from {@code library} (the cat path). */
    Map<Flag, String> prepare(ArgumentPositions at, ModelLibrary library) throws DiagnosticException {
        Map<Flag, String> f = flags(at);
        if (model != null) {
            CatModel m = load(library, model, at.value("--model"));
            if (m.declaresForeignArchitecture() && !force) {
                throw new DiagnosticException(architectureMismatch(m, at.value("--model")));
            }
        }
        return f;
    }

    /**
     * E-ARCH: the model declares an architecture remo has no tests of, which herd7 refuses too
     * ("Architecture mismatch between test and model"); {@code --force} runs it anyway.
     *
     * @param m  the model
     * @param at where its name is on the command line
     */
    static Diagnostic architectureMismatch(CatModel m, Position at) {
        String arch = m.architecture().orElseThrow();
        return Diagnostic.error("E-ARCH", ModelLibrary.COMMAND_LINE, at, "architecture mismatch between test and model "
                + "(X86 or RDMA vs. " + arch + "): the model " + m.name() + " declares " + arch + " on its first line, "
                + "and remo's tests are X86 or RDMA tests; nothing is checked (--force runs the model anyway)");
    }

    /**
     * Loads a model named on the command line.
     *
     * @param name the option's value ({@code --model}, {@code --weak}, …)
     * @param at   where that value is on the command line
     * @throws DiagnosticException E-MODEL or a cat load error; an error against {@code <command line>}
     *                             is reported at {@code at}
     */
    static CatModel load(ModelLibrary library, String name, Position at) throws DiagnosticException {
        try {
            return library.load(name);
        } catch (DiagnosticException e) {
            Diagnostic d = e.diagnostic();
            if (d.file().equals(ModelLibrary.COMMAND_LINE) && d.position().equals(Position.START)) {
                throw new DiagnosticException(new Diagnostic(d.severity(), d.code(), d.file(), at, d.message()));
            }
            throw e;
        }
    }

    /**
     * A diagnostic the engines or the test runner raise against {@code <command line>:1:1} (they do
     * not see the arguments), reported at the option it is about, which its code names: E-ENGINE is
     * about {@code --engine}, E-MODEL about {@code --model}. Others are unchanged.
     */
    Diagnostic atOption(Diagnostic d, ArgumentPositions at) {
        if (!d.file().equals(ModelLibrary.COMMAND_LINE) || !d.position().equals(Position.START)) {
            return d;
        }
        String option = switch (d.code()) {
            case "E-ENGINE" -> "--engine";
            case "E-MODEL" -> model != null ? "--model" : null;
            case "W-FLAG-IGNORED" -> "--set";
            default -> null;
        };
        return option == null || !at.has(option) ? d
                : new Diagnostic(d.severity(), d.code(), d.file(), at.value(option), d.message());
    }

    /** Where each {@code --skipcheck} name is on the command line (its first occurrence), for W-SKIPCHECK. */
    Map<String, Position> skipCheckPositions(ArgumentPositions at) {
        Map<String, Position> out = new LinkedHashMap<>();
        for (int n = 0; n < skipChecks.size(); n++) {
            out.putIfAbsent(skipChecks.get(n), at.valueOffset("--skipcheck", n, 0));
        }
        return out;
    }

    /**
     * Checks the numeric limits.
     *
     * @throws DiagnosticException E-USAGE for a negative execution limit or a negative or non-finite timeout
     */
    void validateLimits(ArgumentPositions at) throws DiagnosticException {
        if (maxExecutions < 0) {
            throw usage(at, "--max-executions", "--max-executions must be 0 (no limit) or positive, not " + maxExecutions);
        }
        if (maxBlocked < 0) {
            throw usage(at, "--max-blocked", "--max-blocked must be 0 (no limit) or positive, not " + maxBlocked);
        }
        if (!(timeoutSeconds >= 0) || Double.isInfinite(timeoutSeconds)) {
            throw usage(at, "--timeout", "--timeout must be 0 (no limit) or a positive number of seconds, not "
                    + asTyped(timeoutSeconds));
        }
    }

    /**
     * A number of seconds as the user typed it: {@code -1}, not Java's {@code -1.0}; {@code 0.5}
     * as is.
     */
    static String asTyped(double seconds) {
        if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            return String.valueOf(seconds);
        }
        return java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    /** An E-USAGE error located at the value of {@code option} on the command line. */
    static DiagnosticException usage(ArgumentPositions at, String option, String message) {
        return optionError("E-USAGE", at, option, message);
    }

    /**
     * An error with {@code code} located at the value of {@code option} on the command line (its
     * first occurrence; column 1 if the option is not on the command line).
     */
    static DiagnosticException optionError(String code, ArgumentPositions at, String option, String message) {
        return new DiagnosticException(Diagnostic.error(code, ModelLibrary.COMMAND_LINE, at.value(option), message));
    }

    private static DiagnosticException flagError(int col, String message) {
        return new DiagnosticException(Diagnostic.error("E-FLAG", ModelLibrary.COMMAND_LINE, new Position(1, col), message));
    }

    /** The engine chosen with {@code --engine}. */
    TestRunner.Engine engine() {
        return engine.engine();
    }

    /** Limits and skipped checks as engine options. */
    CheckOptions checkOptions() {
        CheckOptions o = CheckOptions.defaults().withMaxExecutions(maxExecutions).withMaxBlocked(maxBlocked)
                .skipping(new java.util.HashSet<>(skipChecks));
        if (timeoutSeconds > 0) {
            o = o.withTimeout(Duration.ofNanos((long) (timeoutSeconds * 1e9)));
        }
        return o;
    }
}
