package remo.cli.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * The JSON document of one run ({@code remo check --json}), schema {@value #SCHEMA}: documented in
 * {@code docs/json-output.md} and {@code docs/remo-result.schema.json}. Plain records serialised by
 * Jackson; reading a document back yields equal records.
 *
 * @param schema  always {@value #SCHEMA}
 * @param tool    the program and version, e.g. {@code remo 0.1.0}
 * @param tests   one entry per input file, in input order
 * @param summary counts over the tests
 * @param errors  errors that stopped the whole run before any test (a bad option, model or
 *                expectation file); omitted when empty
 * @param interrupted {@code true} when Ctrl-C (SIGINT) or SIGTERM stopped the run: the test that was
 *                running is partial and the tests not started have status {@code not_run}; omitted
 *                ({@code null}) otherwise
 */
@JsonPropertyOrder({"schema", "tool", "interrupted", "tests", "summary", "errors"})
public record ResultDocument(String schema, String tool, List<Test> tests, Summary summary,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Diagnostic> errors,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean interrupted) {

    /** The schema identifier; bumped when a field changes meaning or disappears. */
    public static final String SCHEMA = "remo-result/1";

    public ResultDocument {
        tests = List.copyOf(tests);
    }

    /**
     * One test (one input file).
     *
     * @param file          the file as given on the command line
     * @param name          the test's name, or the file name if it could not be parsed
     * @param status        {@code ok} (a result, possibly partial), {@code error}, or {@code not_run} (an
     *                      interrupt came before the test started: only {@code file}, {@code name} (the
     *                      file as given), {@code partial} ({@code false}) and the empty lists)
     * @param model         the model's name ({@code null} on error)
     * @param engine        {@code axiomatic} or {@code operational} ({@code null} on error)
     * @param flags         the value of every model flag of the run (models.md §8)
     * @param raisedFlags   names of the model's flags raised by some execution (the {@code Flag} lines)
     * @param kind          {@code Allowed}, {@code Forbidden} or {@code Required}: the word of the
     *                      {@code Test} line, from the quantifier
     * @param condition     the condition as printed on the {@code Condition} line
     * @param verdict       {@code Allowed} or {@code Forbidden} (models.md §9.2)
     * @param ok            herd7's {@code Ok} (true) or {@code No} (false)
     * @param observation   {@code Never}, {@code Sometimes} or {@code Always}
     * @param states        the printed states with their execution counts
     * @param positive      executions satisfying the proposition (unswapped)
     * @param negative      executions not satisfying it (unswapped)
     * @param blocked       consistent but blocked candidates
     * @param explored      candidates explored
     * @param completeCandidates complete candidates checked against the model (axiomatic engine only)
     * @param prunedCandidates   partial candidates abandoned with all their completions (axiomatic only)
     * @param blockedLimit  why {@code blocked} is only a lower bound (counting stopped at a limit once every
     *                      state was found), or {@code null} if it is exact
     * @param time          wall-clock seconds of the check
     * @param partial       whether a limit stopped the run (states are then those found so far)
     * @param partialReason why, or {@code null}
     * @param expected      the verdict of the {@code --expect} file, or {@code null}
     * @param mismatch      whether it differs from {@code verdict}, or {@code null} without expectation
     * @param warnings      warnings for the file
     * @param errors        the error that stopped the test (at most one), empty when it ran
     * @param executions    the executions asked for with {@code --json-executions}, else {@code null}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"file", "name", "status", "model", "engine", "flags", "raisedFlags", "kind", "condition", "verdict",
            "ok", "observation", "states", "positive", "negative", "blocked", "blockedLimit", "explored", "completeCandidates",
            "prunedCandidates", "time", "partial",
            "partialReason", "expected", "mismatch", "warnings", "errors", "executions"})
    public record Test(String file, String name, String status, String model, String engine, Map<String, String> flags,
                       List<String> raisedFlags, String kind, String condition, String verdict, Boolean ok,
                       String observation, List<State> states, Long positive, Long negative, Long blocked, String blockedLimit,
                       Long explored,
                       Long completeCandidates, Long prunedCandidates, Double time, boolean partial, String partialReason, String expected, Boolean mismatch,
                       List<Diagnostic> warnings, List<Diagnostic> errors, List<ExecutionEntry> executions) {
    }

    /**
     * One printed final state.
     *
     * @param values     item to value, items named as on the state line ({@code 0:r0}, {@code x},
     *                   {@code [x]} for X86 tests), in print order
     * @param text       the state line as printed
     * @param executions the number of executions reaching it
     */
    @JsonPropertyOrder({"values", "text", "executions"})
    public record State(Map<String, Long> values, String text, long executions) {
    }

    /**
     * An error or warning, with its position.
     *
     * @param severity {@code error} or {@code warning}
     * @param code     the diagnostic code ({@code E-PARSE}, {@code W-POLL-BLOCKS}, …)
     * @param file     the file it is about
     * @param line     1-based line (0 when it has no position)
     * @param column   1-based column (0 when it has no position)
     * @param message  the message
     */
    @JsonPropertyOrder({"severity", "code", "file", "line", "column", "message"})
    public record Diagnostic(String severity, String code, String file, int line, int column, String message) {
    }

    /**
     * One collected execution ({@code --json-executions}).
     *
     * @param index       1-based position among the test's listed executions
     * @param status      {@code witness}, {@code allowed} or {@code forbidden}
     * @param consistent  whether the model accepts it
     * @param blocked     whether it blocks (models.md §9.3)
     * @param finalState  the full final state, items named as on state lines
     * @param events      the existing events, by id
     * @param relations   its witnesses
     * @param failedCheck the check rejecting it, or {@code null} if consistent
     * @param flags       the model flags raised on it
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"index", "status", "consistent", "blocked", "finalState", "events", "relations", "failedCheck",
            "flags"})
    public record ExecutionEntry(int index, String status, boolean consistent, boolean blocked, Map<String, Long> finalState,
                            List<Event> events, Relations relations, FailedCheck failedCheck, List<String> flags) {
    }

    /**
     * One event (models.md §2).
     *
     * @param id          the dense event id
     * @param kind        the kind ({@code IW}, {@code R}, {@code W}, {@code NRW}, …)
     * @param thread      issuing thread, -1 for an initial write
     * @param instruction instruction index in the thread, -1 for an initial write
     * @param step        position in the instruction's events
     * @param node        node where it is performed
     * @param location    the location, or {@code null}
     * @param value       the value read or written, or {@code null} for non-memory events
     * @param source      the instruction's text, or {@code null} for an initial write
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"id", "kind", "thread", "instruction", "step", "node", "location", "value", "source"})
    public record Event(int id, String kind, int thread, int instruction, int step, int node, String location, Long value,
                        String source) {
    }

    /**
     * The witnesses of an execution as {@code [from, to]} event-id pairs.
     *
     * @param rf  reads-from
     * @param co  coherence (transitively closed)
     * @param rao remote-atomic order (transitively closed)
     */
    @JsonPropertyOrder({"rf", "co", "rao"})
    public record Relations(List<List<Integer>> rf, List<List<Integer>> co, List<List<Integer>> rao) {
    }

    /**
     * The check that rejects an execution.
     *
     * @param name       the check's name
     * @param kind       {@code acyclic}, {@code irreflexive} or {@code empty}, or {@code null} if unknown
     * @param expression the checked expression, or {@code null} if unknown
     * @param cycle      the cycle (acyclic), loop (irreflexive) or pair (empty) of event ids
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"name", "kind", "expression", "cycle"})
    public record FailedCheck(String name, String kind, String expression, List<Integer> cycle) {
    }

    /**
     * Counts over a run.
     *
     * @param tests      input files ({@code ran + errors + notRun})
     * @param ran        tests with a result
     * @param errors     tests stopped by an error
     * @param mismatches verdicts differing from {@code --expect}, or {@code null} without it
     * @param notRun     tests an interrupt kept from starting, or {@code null} when there are none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"tests", "ran", "errors", "notRun", "mismatches"})
    public record Summary(int tests, int ran, int errors, Integer mismatches, Integer notRun) {
    }
}
