package remo.cli.playground;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;
import remo.cli.report.ResultDocument;

/**
 * The JSON messages of the playground's API (docs/playground.md), schema {@value #SCHEMA}: the
 * requests the page and scripts send and the answers around the {@code remo-result/1} documents of
 * {@code remo check --json}. Plain records read and written by Jackson; a request with a field not
 * listed here is refused (a misspelt option is not silently ignored).
 */
final class ApiMessages {
    /** The schema of every answer. */
    static final String SCHEMA = "remo-playground/1";

    private ApiMessages() {
    }

    /**
     * A check ({@code POST /api/check}), or the first model of a comparison.
     *
     * @param test          the litmus test's text (required)
     * @param name          the file name its messages use (default {@code playground.litmus})
     * @param model         a bundled model's name, or null for the dialect's default (language.md §9)
     * @param cat           a model's cat text, used instead of {@code model}
     * @param catName       the file name the cat text's messages use (default {@code model.cat})
     * @param engine        {@code axiomatic} (default) or {@code operational}
     * @param set           model flags (models.md §8), as {@code --set}
     * @param show          which executions to list and draw: {@code witness}, {@code allowed} (default),
     *                      {@code forbidden} or {@code all}, as {@code --show}
     * @param relations     model relations to draw as well, as {@code --show NAME}
     * @param maxGraphs     the most executions listed (default 50, at most the server's limit)
     * @param timeout       seconds (default and most: the server's time limit)
     * @param maxExecutions the most candidates explored (default and most: the server's limit)
     * @param skipcheck     checks to ignore, as {@code --skipcheck}
     * @param model2        {@code POST /api/compare}: the second model's name
     * @param cat2          {@code POST /api/compare}: the second model's cat text
     * @param catName2      {@code POST /api/compare}: its file name (default {@code model2.cat})
     */
    record CheckRequest(String test, String name, String model, String cat, String catName, String engine,
                        Map<String, String> set, String show, List<String> relations, Integer maxGraphs, Double timeout,
                        Long maxExecutions, List<String> skipcheck, String model2, String cat2, String catName2) {
    }

    /**
     * A robustness analysis ({@code POST /api/robust}), as {@code remo robust [--repair]}.
     *
     * @param test    the litmus test's text
     * @param name    its file name in messages
     * @param weak    the weak model (default as {@code robust})
     * @param strong  the strong model (default: the weak model's counterpart)
     * @param repair  whether to search a fence repair (default true)
     * @param notion  {@code state}, {@code trace} or {@code both} (default)
     * @param bound   the most insertions (default 3, at most 3)
     * @param set     model flags
     * @param timeout seconds, for the analysis and the repair search together
     */
    record RobustRequest(String test, String name, String weak, String strong, Boolean repair, String notion, Integer bound,
                         Map<String, String> set, Double timeout) {
    }

    /**
     * A simulation ({@code POST /api/simulate}), as {@code remo simulate} in deterministic mode.
     *
     * @param test    the litmus test's text
     * @param name    its file name in messages
     * @param model   the model of the allowed set (default as {@code simulate})
     * @param runs    number of runs (default 200, at most the server's limit)
     * @param seed    seed of the first run (default 0)
     * @param policy  {@code SWARM} (default), {@code ADVERSARIAL} or {@code UNIFORM}
     * @param set     model flags (which also configure the NIC)
     * @param timeout seconds
     */
    record SimulateRequest(String test, String name, String model, Integer runs, Long seed, String policy,
                           Map<String, String> set, Double timeout) {
    }

    /**
     * The answer to a check: the {@code remo-result/1} document of {@code remo check --json
     * --json-executions} on the same test, and a drawing of each listed execution.
     *
     * @param schema  {@value #SCHEMA}
     * @param result  the document (one test, or none and the run's error, as for a bad model)
     * @param graphs  one per listed execution, in the document's order, but for the last {@code undrawn}
     * @param undrawn listed executions left undrawn because the request was stopped (time limit,
     *                memory budget, cancel) while drawing
     * @param seconds the request's time on the server
     */
    @JsonPropertyOrder({"schema", "result", "graphs", "undrawn", "seconds"})
    record CheckAnswer(String schema, ResultDocument result, List<Graph> graphs, int undrawn, double seconds) {
    }

    /**
     * One drawn execution.
     *
     * @param index   its {@code index} among the listed executions
     * @param status  {@code witness}, {@code allowed} or {@code forbidden}
     * @param caption what it is (as the DOT graph's caption)
     * @param svg     the drawing ({@link remo.cli.report.SvgRenderer})
     */
    record Graph(int index, String status, List<String> caption, String svg) {
    }

    /**
     * The answer to a comparison: a check under each model and the states only one of them allows.
     *
     * @param schema      {@value #SCHEMA}
     * @param first       the check under the first model
     * @param second      the check under the second
     * @param onlyFirst   state lines the first model allows and the second does not
     * @param onlySecond  state lines the second allows and the first does not
     * @param seconds     the request's time on the server
     */
    @JsonPropertyOrder({"schema", "first", "second", "onlyFirst", "onlySecond", "seconds"})
    record CompareAnswer(String schema, CheckAnswer first, CheckAnswer second, List<String> onlyFirst, List<String> onlySecond,
                         double seconds) {
    }

    /**
     * A request the server does not work on: malformed, over a limit, or the server busy.
     *
     * @param schema {@value #SCHEMA}
     * @param error  what is wrong, located where it can be (a field of the request is {@code <request>:1:1})
     */
    record ErrorAnswer(String schema, ResultDocument.Diagnostic error) {
    }

    /**
     * The limits the server applies (shown on the page).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LimitsAnswer(String schema, String tool, long maxInputBytes, double timeLimitSeconds, long memoryBudgetMiB,
                        boolean memoryMeasured, int maxRuns, double queueSeconds, long maxExecutions, int maxGraphs,
                        int maxSimulationRuns, List<String> models) {
    }
}
