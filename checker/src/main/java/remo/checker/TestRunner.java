package remo.checker;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.core.InputLimits;
import remo.core.Position;
import remo.core.UserPath;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.models.cat.CatException;

/**
 * Runs litmus files end to end: read, parse, validate, choose the model (language.md §9: the
 * command line's, else {@code rdma-tso-rmw} for RDMA files and {@code tso} for X86 files), merge
 * the flags (default, then the file's flag line, then the command line) and check. Bad input never
 * throws: it becomes a {@link TestOutcome} with an error diagnostic.
 */
public final class TestRunner {
    private final ModelLibrary library;
    private final String modelArg;
    private final Map<Flag, String> commandLineFlags;
    private final CheckOptions options;
    private final Engine engine;
    private final Map<String, Position> skipCheckPositions;
    private final Map<String, CatModel> models = new HashMap<>();
    private int unroll = LitmusParser.DEFAULT_UNROLL;
    private final java.util.Set<String> warnedModels = new java.util.HashSet<>();
    /** Models whose load-time warnings were reported (by source), so each is reported once. */
    private final java.util.Set<String> loadWarned = new java.util.HashSet<>();
    private boolean flagsWarned;

    /** A checking engine: the axiomatic checker or the operational explorer. */
    @FunctionalInterface
    public interface Engine {
        /**
         * Checks a validated program.
         *
         * @throws LitmusException E-UNSUPPORTED
         */
        CheckResult check(Program program, CatModel model, FlagValues flags, CheckOptions options) throws LitmusException;
    }

    /**
     * @param library          where models come from
     * @param modelArg         the {@code --model} argument, or {@code null} for the per-dialect default
     * @param commandLineFlags flags given with {@code --set}, overriding the files' flag lines
     * @param options          limits and collection choices
     * @param engine           the engine (e.g. {@code AxiomaticChecker::check})
     */
    public TestRunner(ModelLibrary library, String modelArg, Map<Flag, String> commandLineFlags, CheckOptions options,
                      Engine engine) {
        this(library, modelArg, commandLineFlags, options, engine, Map.of());
    }

    /**
     * A runner that reports W-SKIPCHECK at the command-line position of each skipped check's name.
     *
     * @param skipCheckPositions where each {@code --skipcheck} name is on the command line (names
     *                           missing here are reported at {@code <command line>:1:1})
     */
    public TestRunner(ModelLibrary library, String modelArg, Map<Flag, String> commandLineFlags, CheckOptions options,
                      Engine engine, Map<String, Position> skipCheckPositions) {
        this.skipCheckPositions = Map.copyOf(skipCheckPositions);
        this.library = library;
        this.modelArg = modelArg;
        this.commandLineFlags = Map.copyOf(commandLineFlags);
        this.options = options;
        this.engine = engine;
    }

    /**
     * Sets how often an x86 path may take each backward jump when files are read (herd7's
     * {@code -unroll}; default {@link LitmusParser#DEFAULT_UNROLL}).
     *
     * @return this runner
     */
    public TestRunner unrolling(int bound) {
        this.unroll = bound;
        return this;
    }

    /**
     * Makes {@code model} the model this runner uses under the name {@code name} (its
     * {@code modelArg}): a model loaded from text rather than from a file or the bundled library
     * (the playground's pasted {@code .cat}, docs/playground.md).
     *
     * @return this runner
     */
    public synchronized TestRunner preloaded(String name, CatModel model) {
        models.put(name, model);
        return this;
    }

    /** The default model of a program's dialect (language.md §9). */
    public static String defaultModel(Program program) {
        return program.dialect().isX86() ? "tso" : "rdma-tso-rmw";
    }

    /**
     * Loads (once) the model to use for {@code program}.
     *
     * @throws CatException E-MODEL or a cat load error
     */
    public synchronized CatModel modelFor(Program program) throws CatException {
        String name = modelArg != null ? modelArg : defaultModel(program);
        CatModel m = models.get(name);
        if (m == null) {
            m = library.load(name);
            models.put(name, m);
        }
        return m;
    }

    /**
     * {@code o} with the warnings due once per run placed first, if no earlier outcome of this
     * runner had them: the model's load warnings, the {@code --skipcheck} names it does not have,
     * and W-FLAG-IGNORED for {@code --set} on an X86 test under a bundled model.
     */
    public synchronized TestOutcome withRunWarnings(TestOutcome o) {
        if (o.result() == null) {
            return o;
        }
        CatModel model = o.result().model();
        Program program = o.program();
        List<Diagnostic> warnings = new java.util.ArrayList<>();
        if (loadWarned.add(model.source())) {
            warnings.addAll(model.warnings());
        }
        warnings.addAll(skipWarnings(model));
        if (program.dialect().isX86() && !commandLineFlags.isEmpty() && model.isBundled() && !flagsWarned) {
            flagsWarned = true;
            warnings.add(Diagnostic.warning("W-FLAG-IGNORED", ModelLibrary.COMMAND_LINE, Position.START, "--set "
                    + String.join(", ", commandLineFlags.keySet().stream().map(Enum::name).sorted().toList())
                    + " has no effect on " + program.dialect().keyword() + " tests under " + model.name()
                    + ": the flags of models.md §8 are about RDMA operations"));
        }
        if (warnings.isEmpty()) {
            return o;
        }
        warnings.addAll(o.warnings());
        return new TestOutcome(o.file(), o.program(), o.result(), o.error(), warnings);
    }

    /**
     * Warnings for {@code --skipcheck} names the model does not have (once per model and runner):
     * a misspelt name would otherwise silently skip nothing.
     */
    private List<Diagnostic> skipWarnings(CatModel model) {
        if (options.skippedChecks().isEmpty() || !warnedModels.add(model.name())) {
            return List.of();
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (remo.models.CatCheck c : model.checks()) {
            names.add(c.name());
        }
        List<Diagnostic> out = new java.util.ArrayList<>();
        for (String s : new java.util.TreeSet<>(options.skippedChecks())) {
            if (!names.contains(s)) {
                out.add(Diagnostic.warning("W-SKIPCHECK", ModelLibrary.COMMAND_LINE,
                        skipCheckPositions.getOrDefault(s, Position.START), "model " + model.name()
                        + " has no check named '" + s + "' (its checks: " + String.join(", ", new java.util.TreeSet<>(names)) + ")"));
            }
        }
        return out;
    }

    /** The flags of a run on {@code program}: defaults, the file's flag line, then the command line. */
    public FlagValues flagsFor(Program program) {
        return FlagValues.defaults().withAll(program.flags()).withAll(commandLineFlags);
    }

    /**
     * Runs one file.
     *
     * @param file        the file
     * @param displayName the name used in messages (the path as given)
     * @return the outcome; never throws for bad input or limits
     */
    public TestOutcome run(Path file, String displayName) {
        return withRunWarnings(runAlone(file, displayName));
    }

    /**
     * {@link #run(Path, String)} without the warnings given once per run ({@code --skipcheck}
     * names the model lacks); safe to call from several threads at once. Add those warnings with
     * {@link #withRunWarnings}, in input order, to get exactly the outcome of {@code run}.
     */
    public TestOutcome runAlone(Path file, String displayName) {
        return parseAndRun(() -> LitmusParser.read(file, displayName, unroll), displayName);
    }

    /**
     * Runs a test given as text (the playground of docs/playground.md, which reads no file): the
     * same parse, limits and check as {@link #run(Path, String)} on a file holding {@code text}.
     *
     * @param text        the litmus test
     * @param displayName the name used in messages, as a file name would be
     * @return the outcome, with the once-per-run warnings; never throws for bad input or limits
     */
    public TestOutcome runText(String text, String displayName) {
        return withRunWarnings(parseAndRun(() -> LitmusParser.parseAndValidate(displayName, text, unroll), displayName));
    }

    /** Reads a program. */
    @FunctionalInterface
    private interface ProgramSource {
        Program read() throws LitmusException, IOException;
    }

    /** Parses (against the time limit: a huge input is stopped with E-LIMIT where it got to) and checks. */
    private TestOutcome parseAndRun(ProgramSource source, String displayName) {
        Program program;
        long limit = options.timeout() == null ? Long.MAX_VALUE : options.deadline(0);
        long start = System.nanoTime();
        long[] previous = InputLimits.setDeadline(options.deadline(start), limit);
        Long previousStart = RunClock.set(start);
        try {
            program = source.read();
        } catch (LitmusException e) {
            return new TestOutcome(displayName, null, null, e.diagnostic(), List.of());
        } catch (IOException | RuntimeException e) {
            return new TestOutcome(displayName, null, null, Diagnostic.error("E-IO", displayName, Position.START,
                    "cannot read file: " + UserPath.describe(e)), List.of());
        } catch (OutOfMemoryError e) {
            return new TestOutcome(displayName, null, null, Diagnostic.error("E-LIMIT", displayName, Position.START,
                    "out of memory while reading the file; it is too large for the heap (-Xmx)"), List.of());
        } finally {
            InputLimits.restoreDeadline(previous);
            RunClock.restore(previousStart);
        }
        // the check's time limit counts from the start of parsing: one --timeout for the whole run
        previousStart = RunClock.set(start);
        try {
            return runAlone(program, displayName);
        } finally {
            RunClock.restore(previousStart);
        }
    }

    /** Runs an already parsed and validated program. */
    public TestOutcome run(Program program, String displayName) {
        return withRunWarnings(runAlone(program, displayName));
    }

    /** {@link #run(Program, String)} without the once-per-run warnings (see {@link #runAlone(Path, String)}). */
    public TestOutcome runAlone(Program program, String displayName) {
        try {
            CatModel model = modelFor(program);
            FlagValues flags = flagsFor(program);
            CheckResult result = engine.check(program, model, flags, options);
            return new TestOutcome(displayName, program, result, null, result.warnings());
        } catch (DiagnosticException e) {
            return new TestOutcome(displayName, program, null, e.diagnostic(), List.of());
        } catch (StackOverflowError e) {
            return new TestOutcome(displayName, program, null, Diagnostic.error("E-LIMIT", displayName, Position.START,
                    "program too large to check (stack exhausted); run with a larger stack (-Xss) or split the test"), List.of());
        } catch (OutOfMemoryError e) {
            return new TestOutcome(displayName, program, null, Diagnostic.error("E-LIMIT", displayName, Position.START,
                    "out of memory while checking; try --max-executions or a larger heap (-Xmx)"), List.of());
        }
    }
}
