package remo.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import remo.core.Position;

/**
 * Where each option of a parsed command line sits, as data: picocli's model of the command says
 * which argument is an option (under any of its names) and whether it takes a value; the column of
 * an argument is computed from the argument vector joined by single spaces (language.md §6.1's
 * {@code <command line>:1:COLUMN}). Diagnostics about an option or its value are reported at these
 * positions, never found by searching for a value's text.
 */
final class ArgumentPositions {
    private static final ArgumentPositions NONE = new ArgumentPositions(Map.of(), Map.of(), List.of());

    /** Per option (its longest name): the position of the option token at each occurrence. */
    private final Map<String, List<Position>> options;
    /** Per option (its longest name): the position of its value at each occurrence. */
    private final Map<String, List<Position>> values;
    /** The positional arguments, in order: each token and its position. */
    private final List<Map.Entry<String, Position>> positionals;

    private ArgumentPositions(Map<String, List<Position>> options, Map<String, List<Position>> values,
                              List<Map.Entry<String, Position>> positionals) {
        this.options = options;
        this.values = values;
        this.positionals = positionals;
    }

    /** The positions of a parsed subcommand's options in the command line it was parsed from. */
    static ArgumentPositions of(CommandSpec spec) {
        return of(spec, spec.commandLine().getParseResult().originalArgs());
    }

    /**
     * The positions of a subcommand's options in the command line.
     *
     * @param spec the subcommand
     * @param args the whole command line as given (the subcommand's name first, then its arguments)
     */
    static ArgumentPositions of(CommandSpec spec, List<String> args) {
        Map<String, List<Position>> options = new HashMap<>();
        Map<String, List<Position>> values = new HashMap<>();
        List<Map.Entry<String, Position>> positionals = new ArrayList<>();
        int[] columns = new int[args.size() + 1];
        columns[0] = 1;
        for (int i = 0; i < args.size(); i++) {
            columns[i + 1] = columns[i] + args.get(i).length() + 1;
        }
        int start = Math.max(0, args.indexOf(spec.name()) + 1);
        for (int i = start; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--")) {
                for (int k = i + 1; k < args.size(); k++) {
                    positionals.add(Map.entry(args.get(k), new Position(1, columns[k])));
                }
                break; // only positional parameters follow
            }
            int eq = a.indexOf('=');
            String name = a.startsWith("-") && eq > 0 ? a.substring(0, eq) : a;
            OptionSpec o = a.startsWith("-") ? spec.findOption(name) : null;
            if (o == null) {
                if (!a.startsWith("-")) {
                    positionals.add(Map.entry(a, new Position(1, columns[i])));
                }
                continue;
            }
            String key = o.longestName();
            options.computeIfAbsent(key, k -> new ArrayList<>()).add(new Position(1, columns[i]));
            if (o.arity().max() == 0) {
                continue;
            }
            if (eq > 0) {
                values.computeIfAbsent(key, k -> new ArrayList<>()).add(new Position(1, columns[i] + eq + 1));
            } else if (i + 1 < args.size()) {
                values.computeIfAbsent(key, k -> new ArrayList<>()).add(new Position(1, columns[i + 1]));
                i++;
            }
        }
        return new ArgumentPositions(options, values, positionals);
    }

    /** No positions: every lookup gives {@link Position#START} (a command line that is not at hand). */
    static ArgumentPositions none() {
        return NONE;
    }

    /** Where option {@code name} (any of its names) first occurs; {@code 1:1} if it does not. */
    Position option(String name) {
        List<Position> at = options.get(key(name));
        return at == null || at.isEmpty() ? Position.START : at.get(0);
    }

    /** Where the value of option {@code name} first occurs; {@code 1:1} if the option does not. */
    Position value(String name) {
        List<Position> at = values(name);
        return at.isEmpty() ? Position.START : at.get(0);
    }

    /** Where the value of each occurrence of a repeatable option {@code name} is, in command-line order. */
    List<Position> values(String name) {
        return values.getOrDefault(key(name), List.of());
    }

    /** Where the first positional argument {@code token} is; {@code 1:1} if there is none. */
    Position argument(String token) {
        for (Map.Entry<String, Position> e : positionals) {
            if (e.getKey().equals(token)) {
                return e.getValue();
            }
        }
        return Position.START;
    }

    /** Whether option {@code name} is on the command line. */
    boolean has(String name) {
        return options.containsKey(key(name));
    }

    /** Position {@code offset} columns into the value of occurrence {@code occurrence} of option {@code name}. */
    Position valueOffset(String name, int occurrence, int offset) {
        List<Position> at = values(name);
        if (occurrence >= at.size()) {
            return Position.START;
        }
        Position p = at.get(occurrence);
        return new Position(p.line(), p.column() + offset);
    }

    /** Options are kept under their longest name ({@code --model}, not an alias), which callers give. */
    private static String key(String name) {
        return name;
    }
}
