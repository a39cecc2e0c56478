package remo.models;

import java.util.HashMap;
import java.util.Map;

/**
 * The built-in sets and relations of the cat subset (models.md §2.4, §3, §4, §7.5). The checker
 * supplies the static ones (everything built from the program and the flags: event classes,
 * {@code po}, {@code sqp}, {@code pm}, …); {@code rf}, {@code co} and {@code rao} are the witnesses
 * of a candidate execution, and the relations derived from them ({@code fr}, {@code rfi}, …) are
 * computed by the evaluator as models.md §4.3 defines them.
 */
public enum Builtin {
    // ---- event sets (models.md §2.4)
    ALL("_", true, false),
    IW("IW", true, false),
    R("R", true, false),
    W("W", true, false),
    M("M", true, false),
    F("F", true, false),
    LOCK("LOCK", true, false),
    P("P", true, false),
    RF("RF", true, false),
    WT("WT", true, false),
    GF("GF", true, false),
    NLR("NLR", true, false),
    NRW("NRW", true, false),
    NRR("NRR", true, false),
    NLW("NLW", true, false),
    NAR("NAR", true, false),
    PUT("PUT", true, false),
    GET("GET", true, false),
    RCAS("RCAS", true, false),
    RFAA("RFAA", true, false),
    CMP("CMP", true, false),
    /** The events of inline puts ({@code put.inline}, models.md §2.4). */
    INLINE("INLINE", true, false),
    // ---- static relations (models.md §3)
    PO("po", false, false),
    II("ii", false, false),
    SI("si", false, false),
    SQP("sqp", false, false),
    LOC("loc", false, false),
    INT("int", false, false),
    EXT("ext", false, false),
    SAME_NODE("same-node", false, false),
    ID("id", false, false),
    PO_LOC("po-loc", false, false),
    RMW("rmw", false, false),
    PM("pm", false, false),
    WM("wm", false, false),
    // ---- witnesses and derived relations (models.md §4)
    RF_REL("rf", false, true),
    CO("co", false, true),
    RAO("rao", false, true),
    FR("fr", false, true),
    RFI("rfi", false, true),
    RFE("rfe", false, true),
    COI("coi", false, true),
    COE("coe", false, true),
    FRI("fri", false, true),
    FRE("fre", false, true);

    private static final Map<String, Builtin> BY_NAME = new HashMap<>();

    static {
        for (Builtin b : values()) {
            BY_NAME.put(b.catName, b);
        }
        BY_NAME.put("MFENCE", F);
        BY_NAME.put("X", LOCK);
    }

    private final String catName;
    private final boolean set;
    private final boolean witness;

    Builtin(String catName, boolean set, boolean witness) {
        this.catName = catName;
        this.set = set;
        this.witness = witness;
    }

    /** The name in cat files. */
    public String catName() {
        return catName;
    }

    /** Whether this is an event set (otherwise a relation). */
    public boolean isSet() {
        return set;
    }

    /** Whether this depends on the candidate's witnesses (rf, co, rao and their derivations). */
    public boolean isWitness() {
        return witness;
    }

    /** The built-in with cat name {@code name} (including the aliases {@code MFENCE} and {@code X}), or null. */
    public static Builtin byCatName(String name) {
        return BY_NAME.get(name);
    }
}
