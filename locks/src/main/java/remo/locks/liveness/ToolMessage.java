package remo.locks.liveness;

/**
 * One message of TLC's {@code -tool} output: the text between {@code @!@!@STARTMSG code:severity @!@!@}
 * and {@code @!@!@ENDMSG code @!@!@}. The codes are those of TLC 2.18's {@code tlc2.output.EC};
 * the ones remo reads are constants here.
 *
 * @param code     TLC's message code
 * @param severity 0 information, 1 error, 2 TLC bug, 3 warning, 4 a state of a trace
 * @param text     the message text without the markers (nested messages removed), trimmed
 */
public record ToolMessage(int code, int severity, String text) {

    /** "TLC2 Version 2.18 of 20 March 2023". */
    public static final int VERSION = 2262;
    /** A general error (often wrapping another message). */
    public static final int GENERAL = 1000;
    /** Out of memory. */
    public static final int OUT_OF_MEMORY = 1001;
    /** Out of memory during liveness checking. */
    public static final int OUT_OF_MEMORY_LIVENESS = 1003;
    /** An assumption of the spec is false. */
    public static final int ASSUMPTION_FALSE = 2104;
    /** An invariant is false in an initial state. */
    public static final int INVARIANT_VIOLATED_INITIAL = 2107;
    /** "Invariant X is violated." */
    public static final int INVARIANT_VIOLATED = 2110;
    /** "Deadlock reached." */
    public static final int DEADLOCK = 2114;
    /** "Temporal properties were violated." */
    public static final int TEMPORAL_VIOLATED = 2116;
    /** "The behavior up to this point is:". */
    public static final int BEHAVIOR_UP_TO_HERE = 2121;
    /** "N: Back to state: ..." (the loop of a lasso). */
    public static final int BACK_TO_STATE = 2122;
    /** "Checking temporal properties for the complete state space ...". */
    public static final int CHECKING_TEMPORAL = 2192;
    /** "Model checking completed. No error has been found." */
    public static final int SUCCESS = 2193;
    /** "The depth of the complete state graph search is N." */
    public static final int SEARCH_DEPTH = 2194;
    /** "N states generated, M distinct states found, K states left on queue." */
    public static final int STATS = 2199;
    /** "Progress(d) at ...: N states generated ..., M distinct states found ...". */
    public static final int PROGRESS = 2200;
    /** "Finished in ..." (the last message of every run). */
    public static final int FINISHED = 2186;
    /** One state of a trace: "N: &lt;Action ...&gt;" and its variables. */
    public static final int STATE = 2217;
    /** "N: Stuttering" (a lasso that ends by stuttering forever). */
    public static final int STUTTERING = 2218;
    /** "The following behavior constitutes a counter-example:". */
    public static final int COUNTER_EXAMPLE = 2264;
    /** "Finished checking temporal properties in ...". */
    public static final int CHECKING_TEMPORAL_END = 2267;
    /** Distributed TLC: the server is ready for workers. */
    public static final int SERVER_RUNNING = 7000;
    /** Distributed TLC: a worker registered. */
    public static final int WORKER_REGISTERED = 7001;

    /** Whether TLC marked this message as an error. */
    public boolean isError() {
        return severity == 1 || severity == 2;
    }
}
