package remo.cli;

import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code remo} command and its subcommands. */
@Command(name = "remo", mixinStandardHelpOptions = true, version = RemoCommand.VERSION,
        description = "REmote Memory Ordering: check litmus tests under RDMA and x86 memory models.",
        subcommands = {CheckCommand.class, RobustCommand.class, BenchCommand.class, GenCommand.class, GenCCommand.class, FuzzCommand.class,
                ReportCommand.class, CompareLogsCommand.class, SimulateCommand.class, BenchNicCommand.class, BenchLocksCommand.class,
                BenchLengthCommand.class,
                CompareModelsCommand.class,
                LivenessCommand.class,
                ObjectsCommand.class,
                ServeCommand.class,
                CommandLine.HelpCommand.class})
final class RemoCommand implements Runnable {
    /** What {@code --version} prints, for {@code remo} and every subcommand. */
    static final String VERSION = "remo 0.1.0";

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command (for example 'remo check FILE')");
    }

    /**
     * Parses and runs a command line.
     *
     * @return the exit status: 0 success, 1 expectation mismatch, 2 usage or input error, 3 internal error
     */
    static int execute(String[] args) {
        return execute(args, null);
    }

    /**
     * Parses and runs a command line with the given streams and directory (a run of the
     * {@code remo} server, docs/daemon.md); {@code null} for the process's. Only {@code check}
     * reads a run's directory: the server hands it no other command.
     *
     * @return the exit status, as {@link #execute(String[])}
     */
    static int execute(String[] args, Invocation invocation) {
        return execute(args, invocation, null);
    }

    /**
     * As {@link #execute(String[], Invocation)}, with a parser made beforehand for this command
     * line ({@link #commandLine}; null to make one): the server reuses the parsers of its finished
     * runs, one run at a time each, since picocli's reflection over the options costs about as
     * much as checking a small test (picocli sets every option back to its initial value when it
     * parses again).
     */
    static int execute(String[] args, Invocation invocation, CommandLine prepared) {
        CommandLine cl = prepared != null ? prepared : commandLine(args);
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().version(VERSION);
            if (invocation != null && sub.getCommand() instanceof CheckCommand check) {
                check.invocation = invocation;
            }
        }
        if (invocation != null) {
            // help, version and usage errors of this run go to its streams (picocli's writers, as it makes them)
            java.nio.charset.Charset charset = java.nio.charset.Charset.defaultCharset();
            cl.setOut(new PrintWriter(new java.io.OutputStreamWriter(invocation.out(), charset), true));
            cl.setErr(new PrintWriter(new java.io.OutputStreamWriter(invocation.err(), charset), true));
        }
        // an argument such as @all is remo's (and herd7's) index file, read by Inputs with each entry
        // located at its line; picocli's own @-file expansion would splice its words in as arguments
        cl.setExpandAtFiles(false);
        cl.setExecutionExceptionHandler(new InternalErrorReport());
        cl.setParameterExceptionHandler(new UsageErrorReport());
        return cl.execute(args);
    }


    /*
     * The two handlers are classes, not lambdas: a lambda implementing a picocli interface (class-file
     * version 49) cannot be kept in the launcher's class-data-sharing archive, and was generated
     * anew on every run.
     */

    /** A command's uncaught exception: a bug in remo, reported with its stack (exit status 3). */
    private static final class InternalErrorReport implements CommandLine.IExecutionExceptionHandler {
        @Override
        public int handleExecutionException(Exception ex, CommandLine commandLine, CommandLine.ParseResult parseResult) {
            PrintWriter err = commandLine.getErr();
            err.println("remo: internal error: " + remo.core.SourceText.printable(String.valueOf(ex)));
            for (StackTraceElement e : ex.getStackTrace()) {
                err.println("    at " + e);
            }
            err.println("This is a bug in remo; please report it with the command line and input files.");
            err.flush();
            return 3;
        }
    }

    /** A command-line error: a diagnostic against the command line and a hint (exit status 2). */
    private static final class UsageErrorReport implements CommandLine.IParameterExceptionHandler {
        @Override
        public int handleParseException(CommandLine.ParameterException ex, String[] arguments) {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println(usageDiagnostic(ex, arguments).format());
            String name = ex.getCommandLine().getCommandSpec().qualifiedName();
            boolean topLevel = ex.getCommandLine().getParent() == null;
            err.println("Try '" + name + " --help' for the " + (topLevel ? "commands" : "options") + ".");
            err.flush();
            return 2;
        }
    }

    /**
     * The parser for {@code args}: when the first argument names a subcommand, a root that knows
     * only that one (picocli builds every registered subcommand's options by reflection, which
     * costs about as much as checking a small test); otherwise the full command with all of them
     * (for {@code help}, {@code --help}, {@code --version} and unknown commands).
     */
    static CommandLine commandLine(String[] args) {
        if (args.length > 0) {
            for (Class<?> c : RemoCommand.class.getAnnotation(Command.class).subcommands()) {
                Command sub = c.getAnnotation(Command.class);
                if (c != CommandLine.HelpCommand.class && sub != null && sub.name().equals(args[0])) {
                    CommandLine.Model.CommandSpec root = CommandLine.Model.CommandSpec.wrapWithoutInspection(new RemoCommand());
                    root.name("remo").version(VERSION).mixinStandardHelpOptions(true);
                    CommandLine cl = new CommandLine(root);
                    cl.addSubcommand(sub.name(), new CommandLine(c));
                    return cl;
                }
            }
        }
        return new CommandLine(new RemoCommand());
    }

    /** Picocli's type-conversion messages, Java type names, as what the option expects. */
    private static final java.util.regex.Pattern INVALID_VALUE = java.util.regex.Pattern.compile(
            "Invalid value for (?:option |positional parameter at index \\d+ \\()?'([^']*)'\\)?: '(.*)' is not an? (int|long|short|byte|double|float)");

    /**
     * A picocli parse message in remo's words, for every command (the one place they are
     * translated): {@code --jobs expects a whole number, found 'x'} for picocli's
     * {@code Invalid value for option '--jobs': 'x' is not an int} (a whole number beyond the
     * type's range gets its bound on that side: {@code --jobs expects a whole number of at most
     * 2147483647, found '99999999999'}); missing values and arguments likewise. Other messages
     * are already readable and pass unchanged.
     */
    static String inRemoWords(String message) {
        if (message.startsWith("Error: ")) {
            message = message.substring("Error: ".length()); // the diagnostic already says error
        }
        java.util.regex.Matcher m = INVALID_VALUE.matcher(message);
        if (m.find()) {
            String kind = switch (m.group(3)) {
                case "double", "float" -> "a number";
                default -> "a whole number";
            };
            String found = m.group(2);
            if (found.matches("[+-]?\\d+")) {
                // a whole number all the same, but beyond the option's Java type on its side (the
                // option's own lower bound, e.g. --jobs at least 1, is said by the option's check)
                boolean negative = found.startsWith("-");
                kind += switch (m.group(3)) {
                    case "long" -> negative ? " of at least " + Long.MIN_VALUE : " of at most " + Long.MAX_VALUE;
                    case "short" -> negative ? " of at least " + Short.MIN_VALUE : " of at most " + Short.MAX_VALUE;
                    case "byte" -> negative ? " of at least " + Byte.MIN_VALUE : " of at most " + Byte.MAX_VALUE;
                    default -> negative ? " of at least " + Integer.MIN_VALUE : " of at most " + Integer.MAX_VALUE;
                };
            }
            return m.group(1) + " expects " + kind + ", found '" + found + "'";
        }
        m = java.util.regex.Pattern.compile("^Missing required parameter for option '([^']*)' \\((.*)\\)$").matcher(message);
        if (m.find()) {
            return m.group(1) + " expects a value " + m.group(2) + ", found none";
        }
        m = java.util.regex.Pattern.compile("^(?:Error: )?Missing required arguments? \\(specify one of these\\): (.*)$")
                .matcher(message);
        if (m.find()) {
            // an exclusive group of options (gen's modes)
            return "missing option: give one of " + m.group(1).replace("'", "");
        }
        m = java.util.regex.Pattern.compile("^(?:Error: )?Missing required (?:parameter|argument)s?(?:\\(s\\))?: (.*)$")
                .matcher(message);
        if (m.find()) {
            String missing = m.group(1).replace("'", "");
            return (missing.contains(", ") ? "missing arguments " : "missing argument ") + missing;
        }
        m = java.util.regex.Pattern.compile("^(?:Error: )?Missing required options?:? (.*)$").matcher(message);
        if (m.find()) {
            return "missing option " + m.group(1).replace("'", "");
        }
        return message;
    }

    /**
     * A picocli parse error as a diagnostic against the command line, pointing at the offending
     * argument: the unmatched one, or the one quoted in the message (an invalid value), or the
     * option named in it.
     */
    static remo.core.Diagnostic usageDiagnostic(CommandLine.ParameterException ex, String[] arguments) {
        java.util.List<String> args = java.util.Arrays.asList(arguments);
        String culprit = null;
        int culpritIndex = -1;
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            culprit = u.getUnmatched().get(0);
            // picocli says where: "Unmatched argument at index 3" (the extra one of 'A A A', not the first 'A')
            java.util.regex.Matcher at = java.util.regex.Pattern.compile("(?:at|from) index (\\d+)").matcher(String.valueOf(ex.getMessage()));
            if (at.find() && at.group(1).length() < 10 && Integer.parseInt(at.group(1)) < args.size()
                    && args.get(Integer.parseInt(at.group(1))).equals(culprit)) {
                culpritIndex = Integer.parseInt(at.group(1));
            }
        } else {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'").matcher(String.valueOf(ex.getMessage()));
            java.util.List<String> quoted = new java.util.ArrayList<>();
            while (m.find()) {
                quoted.add(m.group(1));
            }
            for (int i = quoted.size() - 1; i >= 0 && culprit == null; i--) {
                if (args.contains(quoted.get(i))) {
                    culprit = quoted.get(i);
                }
            }
        }
        int col = 1;
        if (culprit != null) {
            int running = 1;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                if (culpritIndex >= 0 ? i == culpritIndex : a.equals(culprit)) {
                    col = running;
                    break;
                }
                running += a.length() + 1;
            }
        }
        String message = inRemoWords(String.valueOf(ex.getMessage()).replace("\n", " ").trim());
        if (ex instanceof CommandLine.UnmatchedArgumentException u && ex.getCommandLine().getParent() == null
                && culprit != null && !culprit.startsWith("-") && args.indexOf(culprit) == 0) {
            message = "unknown command '" + culprit + "' (commands: "
                    + String.join(", ", ex.getCommandLine().getSubcommands().keySet()) + ")";
        }
        String hint = optionHint(ex.getCommandLine().getCommandName(), ex instanceof CommandLine.UnmatchedArgumentException
                ? culprit : null);
        if (hint != null) {
            message += "; " + hint;
        }
        return remo.core.Diagnostic.error("E-USAGE", remo.models.ModelLibrary.COMMAND_LINE,
                new remo.core.Position(1, col), message);
    }

    /**
     * What a user of herd7, or of another remo command, meant by an option this command does not
     * have, or null: {@code robust --model} (robust takes two models) and herd7's {@code -o DIR}.
     */
    static String optionHint(String command, String option) {
        if (option == null) {
            return null;
        }
        int eq = option.indexOf('=');
        String name = eq < 0 ? option : option.substring(0, eq);
        return switch (command + " " + name) {
            case "robust --model", "robust -model" ->
                    "robust compares two models: --weak MODEL and --strong MODEL (docs/robustness.md)";
            case "check -o", "report -o" -> "herd7's -o DIR is --graph DIR here (docs/herd7.md)";
            default -> null;
        };
    }
}
