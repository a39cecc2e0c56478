package remo.models;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import remo.core.Diagnostic;
import remo.core.FlagValues;
import remo.core.Position;
import remo.models.algebra.EventSet;
import remo.models.cat.CatException;
import remo.models.cat.CatExpr;
import remo.models.cat.CatParser;
import remo.models.cat.CatStatement.CheckKind;
import remo.models.cat.CatStatement;

/**
 * A loaded, resolved and type-checked cat model (models.md §7). Includes are inlined, names are
 * bound (a later {@code let} shadows an earlier one), functions are applied and procedures called,
 * types are checked and {@code let rec} bindings are checked for monotonicity. What remains is the
 * model's checks over an expression graph of sets and relations. Immutable; evaluate it through
 * {@link #frame}.
 *
 * <p>Load models with {@link ModelLibrary}.
 */
public final class CatModel {

    /**
     * Which meaning the predefined names have (see {@link Predefined}): {@code REMO} is models.md's
     * (the bundled models, and models that use remo's RDMA names or include a bundled model);
     * {@code HERD} is herd7's x86 meaning (every other model file, such as herd7's and Dartagnan's
     * libraries), which also gets herd7's {@code stdlib.cat} first.
     */
    public enum Vocabulary { REMO, HERD }

    private final String name;
    private final String title;
    private final String architecture;
    private final List<CatCheck> checks;
    private final List<CatCheck> flags;
    private final List<CatCheck> guards;
    private final Map<String, Node> bindings;
    private final List<String> shown;
    private final Map<String, Node> shownNodes;
    final int nodeCount;
    final int groupCount;
    private final String source;
    private final Vocabulary vocabulary;
    private final List<Diagnostic> warnings;

    CatModel(String name, String source, Vocabulary vocabulary, CatInterpreter.Result r, NodeFactory nodes) {
        this.name = name;
        this.title = r.title();
        this.architecture = r.identity() == null ? null : HERD_ARCHITECTURES.get(r.identity().toUpperCase(java.util.Locale.ROOT));
        this.checks = List.copyOf(r.checks());
        this.flags = List.copyOf(r.flags());
        this.guards = List.copyOf(r.guards());
        this.bindings = Collections.unmodifiableMap(new LinkedHashMap<>(r.bindings()));
        this.shown = List.copyOf(new java.util.LinkedHashSet<>(r.shown()));
        this.shownNodes = Collections.unmodifiableMap(new LinkedHashMap<>(r.shownNodes()));
        this.nodeCount = nodes.nodeCount();
        this.groupCount = nodes.groupCount();
        this.source = source;
        this.vocabulary = vocabulary;
        this.warnings = List.copyOf(r.warnings());
    }

    /**
     * Warnings found while loading: W-INCLUDE-CYCLE for a file that includes itself, W-EMPTY-MODEL
     * for a model without any check (it allows everything, which is rarely meant).
     */
    public List<Diagnostic> warnings() {
        return warnings;
    }

    /** The meaning of the model's predefined names. */
    public Vocabulary vocabulary() {
        return vocabulary;
    }

    /** The model's name: its file name without {@code .cat}. */
    public String name() {
        return name;
    }

    /**
     * Where the model's top file came from: {@code bundled:NAME.cat} for a model of the bundled
     * library, the absolute path of a file, or {@code text:NAME} for a model loaded from text.
     */
    public String source() {
        return source;
    }

    /**
     * Whether the model is one of the bundled models of models.md §7.6, loaded by name (a user
     * file with the same file name is not bundled).
     */
    public boolean isBundled() {
        return source.startsWith("bundled:");
    }

    /** The title string at the top of the file, or the name if there is none. */
    public String title() {
        return title != null ? title : name;
    }

    /**
     * herd7's architectures, by the upper-case spelling of the name a model's identity line opens
     * with (herd7's {@code lib/archs.ml}); the value is the usual spelling.
     */
    private static final Map<String, String> HERD_ARCHITECTURES = java.util.stream.Stream.of(
                    "X86", "X86_64", "ARM", "AArch64", "AArch32", "PPC", "MIPS", "RISCV", "LISA", "C", "CPP", "JAVA",
                    "BPF", "PTX", "GPU_PTX", "OpenCL", "ASL")
            .collect(java.util.stream.Collectors.toUnmodifiableMap(a -> a.toUpperCase(java.util.Locale.ROOT), a -> a));

    /**
     * The architecture the model declares on its identity line, as herd7 reads it ({@code ARM} for
     * herd7's {@code arm.cat}, which opens with {@code ARM}; {@code X86} for {@code X86 TSO}), or
     * empty when the line names none (a title string, or a name that is no herd7 architecture).
     */
    public java.util.Optional<String> architecture() {
        return java.util.Optional.ofNullable(architecture);
    }

    /**
     * Whether the model declares an architecture whose tests remo cannot read: every remo test is
     * an X86 test (or an RDMA test, whose CPUs are x86-TSO), so any declared architecture but
     * {@code X86} and {@code X86_64} is a mismatch, which herd7 refuses ("Architecture mismatch
     * between test and model") and remo's command line refuses too (docs/cli.md, E-ARCH).
     */
    public boolean declaresForeignArchitecture() {
        return architecture != null && !architecture.equals("X86") && !architecture.equals("X86_64");
    }

    /** The consistency checks (not flags), in file order. */
    public List<CatCheck> checks() {
        return checks;
    }

    /** The per-execution {@code flag} checks that are not instruction guards. */
    public List<CatCheck> flagChecks() {
        return flags;
    }

    /** The instruction guards ({@code flag ~empty S as unsupported…}). */
    public List<CatCheck> guards() {
        return guards;
    }

    /** The names bound at the end of the file (let names), for {@code --show}. */
    public Set<String> boundNames() {
        return bindings.keySet();
    }

    /** The expressions named by {@code show} statements. */
    public List<String> shownNames() {
        return shown;
    }

    /** Whether {@code name} is bound by a {@code let} (or named by {@code show … as}) and denotes a relation. */
    public boolean isRelationName(String relationName) {
        Node n = binding(relationName).orElse(null);
        return n != null && n.type != Node.Type.SET;
    }

    Optional<Node> binding(String bindingName) {
        Node n = bindings.get(bindingName);
        return Optional.ofNullable(n != null ? n : shownNodes.get(bindingName));
    }

    /**
     * Whether some consistency check or flag check of the model reads {@code witness}, directly or
     * through bindings and {@code let rec} groups (both branches of an {@code if} count). A check
     * that does not read it has the same value on two candidates that differ only in that witness
     * (models.md §7: a check's value is a function of the built-ins it reads), which the
     * exploration uses to choose a witness nobody reads only once.
     *
     * @param witness a base witness: {@link Builtin#RF_REL}, {@link Builtin#CO} or {@link Builtin#RAO}
     *                (the derived {@code fr}, {@code rfi}, {@code coe}... read their bases)
     * @throws IllegalArgumentException if {@code witness} is not a base witness
     */
    public boolean readsWitness(Builtin witness) {
        if (witness != Builtin.RF_REL && witness != Builtin.CO && witness != Builtin.RAO) {
            throw new IllegalArgumentException("not a base witness: " + witness.catName());
        }
        Set<Node> seen = new java.util.HashSet<>();
        java.util.ArrayDeque<Node> todo = new java.util.ArrayDeque<>();
        for (List<CatCheck> list : List.of(checks, flags)) {
            for (CatCheck c : list) {
                todo.push(c.expr);
            }
        }
        while (!todo.isEmpty()) {
            Node n = todo.pop();
            if (!seen.add(n)) {
                continue;
            }
            if (n.op == Node.Op.BUILTIN && derivedFrom(n.builtin, witness)) {
                return true;
            }
            for (Node child : new Node[] {n.left, n.right}) {
                if (child != null) {
                    todo.push(child);
                }
            }
            if (n.op == Node.Op.REC_VAR) {
                for (Node body : n.group.bodies) {
                    todo.push(body);
                }
            }
        }
        return false;
    }

    /** Whether built-in {@code b} is base witness {@code base} or derived from it (models.md §4). */
    private static boolean derivedFrom(Builtin b, Builtin base) {
        return switch (b) {
            case RF_REL, RFI, RFE -> base == Builtin.RF_REL;
            case CO, COI, COE -> base == Builtin.CO;
            case FR, FRI, FRE -> base == Builtin.RF_REL || base == Builtin.CO;
            case RAO -> base == Builtin.RAO;
            default -> false;
        };
    }

    /**
     * Creates an evaluation frame over one event universe.
     *
     * @param universe the static built-ins
     * @param flagValues the flag values deciding {@code if} variants
     * @param skippedChecks names of consistency checks to ignore (as herd7's {@code -skipcheck})
     */
    public ModelFrame frame(EventUniverse universe, FlagValues flagValues, Set<String> skippedChecks) {
        return new ModelFrame(this, universe, flagValues, skippedChecks);
    }

    /**
     * Evaluates an instruction guard's set on {@code universe} (models.md §7.4).
     *
     * @throws IllegalArgumentException if {@code guard} is not one of {@link #guards()}
     */
    public EventSet guardEvents(CatCheck guard, EventUniverse universe, FlagValues flagValues) {
        if (!guards.contains(guard)) {
            throw new IllegalArgumentException("not a guard of " + name + ": " + guard);
        }
        if (!guard.appliesUnder(flagValues)) {
            return EventSet.empty(universe.size());
        }
        ModelFrame f = frame(universe, flagValues, Set.of());
        Object v = f.evalStatic(guard.expr, Bound.UPPER);
        return v instanceof EventSet s ? s : EventSet.empty(universe.size());
    }
}
