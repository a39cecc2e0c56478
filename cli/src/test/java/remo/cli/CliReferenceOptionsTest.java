package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command reference {@code docs/cli.md} has a section {@code ## remo COMMAND} for every command
 * and subcommand of {@code remo --help}, and each section documents every option the command's
 * {@code --help} lists (as {@code `--option}).
 */
class CliReferenceOptionsTest {

    @Test
    void everyCommandHasASectionThatDocumentsEveryOption() throws Exception {
        String reference = Files.readString(TestData.root().resolve("docs/cli.md"));
        List<String> commands = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        collect("remo", new CommandLine(new RemoCommand()), commands, reference, problems);
        assertTrue(commands.size() >= 14, "found only " + commands);
        assertEquals(List.of(), problems, "docs/cli.md");
    }

    private static void collect(String path, CommandLine command, List<String> commands, String reference, List<String> problems) {
        Map<String, CommandLine> subcommands = command.getSubcommands();
        if (!path.equals("remo") && (subcommands.isEmpty() || subcommands.keySet().equals(java.util.Set.of("help")))) {
            commands.add(path);
            check(path, command.getCommandSpec(), reference, problems);
        }
        for (Map.Entry<String, CommandLine> e : subcommands.entrySet()) {
            if (!e.getKey().equals("help")) {
                collect(path + " " + e.getKey(), e.getValue(), commands, reference, problems);
            }
        }
    }

    private static void check(String path, CommandLine.Model.CommandSpec spec, String reference, List<String> problems) {
        String heading = "\n## " + path + "\n";
        int start = reference.indexOf(heading);
        if (start < 0) {
            problems.add("no section '## " + path + "'");
            return;
        }
        int end = reference.indexOf("\n## ", start + 1);
        String section = reference.substring(start, end < 0 ? reference.length() : end);
        List<String> missing = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            if (!section.contains("`" + o.longestName())) {
                missing.add(o.longestName());
            }
        }
        if (!missing.isEmpty()) {
            problems.add("section '## " + path + "' does not document " + missing);
        }
    }
}
