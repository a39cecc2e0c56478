package remo.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Output options of {@code remo check}: execution graphs, JSON, progress. */
final class ReportOptions {

    @Option(names = "--graph", paramLabel = "DIR",
            description = "Write execution graphs (Graphviz DOT, one file per execution: NAME-K.dot) into DIR.")
    Path graphDir;

    @Option(names = {"--show", "-show"}, paramLabel = "WHAT",
            description = "Which executions to draw or list: witness (default), allowed, forbidden (rejected candidates, "
                    + "those reaching the condition first) or all; other words name relations of the model to draw as "
                    + "well (e.g. --show ppo,hb). Comma-separated or repeated.")
    List<String> show = new ArrayList<>();

    @Option(names = "--max-graphs", paramLabel = "N", defaultValue = "10",
            description = "Draw or list at most N executions per test (default ${DEFAULT-VALUE}).")
    int maxGraphs;

    @Option(names = "--format", paramLabel = "dot|svg|png", defaultValue = "dot",
            description = "Also render each graph with Graphviz's dot (when installed): svg or png (default ${DEFAULT-VALUE}: "
                    + "DOT files only).")
    String format;

    @Option(names = "--json", description = "Print one JSON document (schema remo-result/1, docs/json-output.md) instead "
            + "of the text blocks.")
    boolean json;

    @Option(names = "--json-executions", description = "With --json, list the executions chosen by --show (events, rf, co, "
            + "rao, failing check).")
    boolean jsonExecutions;

    @Option(names = {"-q", "--quiet"}, description = "No progress display and no notes on standard error.")
    boolean quiet;

    /** Whether executions must be collected. */
    boolean collectsExecutions() {
        return graphDir != null || (json && jsonExecutions);
    }
}
