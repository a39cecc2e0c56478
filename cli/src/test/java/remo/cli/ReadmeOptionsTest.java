package remo.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** README.md's section of a command documents every option its {@code --help} lists. */
class ReadmeOptionsTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"robust", "simulate", "bench-locks", "liveness", "compare-models"})
    void everyOptionOfTheCommandIsInItsReadmeSection(String command) throws Exception {
        String readme = Files.readString(TestData.root().resolve("README.md"));
        int start = readme.indexOf("### `remo " + command + " ");
        assertTrue(start >= 0, "README has a section for remo " + command);
        int end = readme.indexOf("\n### ", start + 1);
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        CommandLine.Model.CommandSpec spec = new CommandLine(new RemoCommand()).getSubcommands().get(command).getCommandSpec();
        List<String> missing = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            if (!section.contains("`" + o.longestName())) {
                missing.add(o.longestName());
            }
        }
        assertTrue(missing.isEmpty(), "README's remo " + command + " section does not document " + missing);
    }
}
