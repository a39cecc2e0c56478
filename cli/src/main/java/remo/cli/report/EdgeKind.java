package remo.cli.report;

/**
 * The kinds of edges a {@link GraphDrawing} draws. Each kind has its own style in every
 * renderer (see {@link DotRenderer}) and a line in the legend.
 */
public enum EdgeKind {
    /** Program order between consecutive events of one column that {@code ppo} does not already draw. */
    PO("po", "program order"),
    /** Preserved program order of the model's {@code ppo}, transitively reduced (thin). */
    PPO("ppo", "preserved program order (model's ppo)"),
    /** Reads-from (models.md §4.1). */
    RF("rf", "reads-from"),
    /** Coherence, immediate successors only. */
    CO("co", "coherence order"),
    /** From-read: a read to the co-successor of the write it read from. */
    FR("fr", "from-read"),
    /** Remote-atomic order of remote RMWs, immediate successors only. */
    RAO("rao", "remote-atomic order"),
    /** Poll matching: completion event to its poll (models.md §3.1). */
    PM("pm", "poll matching"),
    /** Wait matching: completion event to its wait (models.md §3.2). */
    WM("wm", "wait matching"),
    /** A relation of the model named with {@code --show NAME}. */
    SHOWN("show", "relation of the model (--show)"),
    /** An edge of the cycle (or pair) that makes the failing check fail. */
    VIOLATION("violation", "violation of the named check");

    private final String word;
    private final String description;

    EdgeKind(String word, String description) {
        this.word = word;
        this.description = description;
    }

    /** The short name drawn on edges: {@code rf}, {@code co}, … */
    public String word() {
        return word;
    }

    /** A phrase for legends. */
    public String description() {
        return description;
    }
}
