package remo.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import remo.checker.CheckOptions;
import remo.checker.TestRunner;
import remo.litmus.Diagnostic;
import remo.litmus.Flag;
import remo.litmus.LitmusException;
import remo.litmus.Position;
import remo.models.ModelLibrary;

/** Options shared by the commands that check tests: model, engine, flags, limits. */
final class ModelOptions {

    @Option(names = "--model", paramLabel = "NAME|FILE.cat",
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

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Stop a test after this many seconds and report the states found so far as partial "
                    + "(0 = no limit; default ${DEFAULT-VALUE}).", defaultValue = "0")
    double timeoutSeconds;

    @Option(names = "--skipcheck", paramLabel = "NAME",
            description = "Ignore the model check named NAME (its 'as' name), as herd7's -skipcheck; repeatable.")
    List<String> skipChecks = new ArrayList<>();

    /**
     * The {@code --set} flags.
     *
     * @param originalArgs the command line, to locate the offending argument in messages
     * @throws LitmusException E-FLAG for an unknown flag or value, or a malformed setting, reported
     *                         against {@code <command line>} with the argument's column
     */
    Map<Flag, String> flags(List<String> originalArgs) throws LitmusException {
        validateLimits(originalArgs);
        return flags(originalArgs, "--set", sets);
    }

    /**
     * The flags given as {@code values} of the repeatable {@code option} (as {@code --set}),
     * located at that option's values in messages.
     *
     * @throws LitmusException E-FLAG as {@link #flags(List)}
     */
    static Map<Flag, String> flags(List<String> originalArgs, String option, List<String> values) throws LitmusException {
        Map<Flag, String> out = new LinkedHashMap<>();
        List<Position> at = valuePositions(originalArgs, option);
        for (int n = 0; n < values.size(); n++) {
            String s = values.get(n);
            int col = n < at.size() ? at.get(n).column() : column(originalArgs, s);
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
     * @param originalArgs the command line
     * @return the {@code --set} flags
     * @throws LitmusException E-USAGE, E-FLAG, E-MODEL or a cat load error; command-line errors
     *                         point at the offending argument
     */
    Map<Flag, String> prepare(List<String> originalArgs) throws LitmusException {
        Map<Flag, String> f = flags(originalArgs);
        if (model != null) {
            load(new ModelLibrary(), model, originalArgs);
        }
        return f;
    }

    /**
     * Loads a model named on the command line.
     *
     * @param name the option's value ({@code --model}, {@code --weak}, …)
     * @throws LitmusException E-MODEL or a cat load error; an error against {@code <command line>}
     *                         points at the value's column
     */
    static remo.models.CatModel load(ModelLibrary library, String name, List<String> args) throws LitmusException {
        try {
            return library.load(name);
        } catch (LitmusException e) {
            Diagnostic d = e.diagnostic();
            if (d.file().equals(ModelLibrary.COMMAND_LINE) && d.position().equals(Position.START)) {
                d = new Diagnostic(d.severity(), d.code(), d.file(), new Position(1, column(args, name)), d.message());
            }
            throw new LitmusException(d);
        }
    }

    /**
     * Points a diagnostic reported against {@code <command line>:1:1} (by the engines or the test
     * runner, which do not see the arguments) at the argument it is about: the first argument the
     * message quotes, else the {@code --engine} or {@code --model} value.
     */
    Diagnostic locate(Diagnostic d, List<String> args) {
        if (!d.file().equals(ModelLibrary.COMMAND_LINE) || !d.position().equals(Position.START)) {
            return d;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']+)'").matcher(d.message());
        String arg = null;
        while (m.find() && arg == null) {
            if (args.contains(m.group(1))) {
                arg = m.group(1);
            }
        }
        if (arg == null && d.code().equals("E-ENGINE")) {
            int i = args.indexOf("--engine");
            arg = i >= 0 && i + 1 < args.size() ? args.get(i + 1) : null;
        }
        if (arg == null && model != null && d.code().equals("E-MODEL")) {
            arg = model;
        }
        return arg == null ? d : new Diagnostic(d.severity(), d.code(), d.file(), new Position(1, column(args, arg)), d.message());
    }

    /**
     * Checks the numeric limits.
     *
     * @throws LitmusException E-USAGE for a negative execution limit or a negative or non-finite timeout
     */
    void validateLimits(List<String> originalArgs) throws LitmusException {
        if (maxExecutions < 0) {
            throw usage(originalArgs, "--max-executions", "--max-executions must be 0 (no limit) or positive, not " + maxExecutions);
        }
        if (!(timeoutSeconds >= 0) || Double.isInfinite(timeoutSeconds)) {
            throw usage(originalArgs, "--timeout", "--timeout must be 0 (no limit) or a positive number of seconds, not "
                    + timeoutSeconds);
        }
    }

    /** An E-USAGE error located at the value of {@code option} on the command line. */
    static LitmusException usage(List<String> args, String option, String message) {
        return optionError("E-USAGE", args, option, message);
    }

    /**
     * An error with {@code code} located at the value of {@code option} on the command line (its
     * first occurrence; column 1 if the option is not on the command line).
     */
    static LitmusException optionError(String code, List<String> args, String option, String message) {
        return new LitmusException(Diagnostic.error(code, ModelLibrary.COMMAND_LINE, valuePosition(args, option), message));
    }

    /**
     * The position of the value of {@code option} on the command line ({@code --opt VALUE} or
     * {@code --opt=VALUE}); {@code 1:1} if the option is absent.
     */
    static Position valuePosition(List<String> args, String option) {
        List<Position> all = valuePositions(args, option);
        return all.isEmpty() ? Position.START : all.get(0);
    }

    /** The positions of every value of a repeatable {@code option}, in command-line order. */
    static List<Position> valuePositions(List<String> args, String option) {
        List<Position> out = new ArrayList<>();
        int running = 1;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(option) && i + 1 < args.size()) {
                out.add(new Position(1, running + a.length() + 1));
            } else if (a.startsWith(option + "=")) {
                out.add(new Position(1, running + option.length() + 1));
            }
            running += a.length() + 1;
        }
        return out;
    }

    private static LitmusException flagError(int col, String message) {
        return new LitmusException(Diagnostic.error("E-FLAG", ModelLibrary.COMMAND_LINE, new Position(1, col), message));
    }

    /** 1-based column of {@code arg} in the command line joined by single spaces (1 if not found). */
    static int column(List<String> args, String arg) {
        int col = 1;
        for (String a : args) {
            if (a.equals(arg) || a.endsWith("=" + arg)) {
                return a.equals(arg) ? col : col + a.length() - arg.length();
            }
            col += a.length() + 1;
        }
        // an element of a comma-separated list argument, e.g. 'hb' in --show forbidden,hb
        col = 1;
        for (String a : args) {
            int at = 0;
            for (String part : a.split(",", -1)) {
                if (part.equals(arg) && a.contains(",")) {
                    return col + at;
                }
                at += part.length() + 1;
            }
            col += a.length() + 1;
        }
        return 1;
    }

    /** The engine chosen with {@code --engine}. */
    TestRunner.Engine engine() {
        return engine.engine();
    }

    /** Limits and skipped checks as engine options. */
    CheckOptions checkOptions() {
        CheckOptions o = CheckOptions.defaults().withMaxExecutions(maxExecutions).skipping(new java.util.HashSet<>(skipChecks));
        if (timeoutSeconds > 0) {
            o = o.withTimeout(Duration.ofNanos((long) (timeoutSeconds * 1e9)));
        }
        return o;
    }
}
