package remo.litmus.gen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;
import remo.core.Position;
import remo.litmus.FlagSetting;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.NodeRef;
import remo.litmus.Operand;
import remo.litmus.Program;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.StateItem;
import remo.litmus.ThreadCode;
import remo.litmus.WorkIdRef;

/**
 * Structural edits of a program used by the {@link Shrinker}. Each edit returns a new program (with
 * positions erased) and does not validate it: the shrinker validates every candidate, and
 * {@link ValidityRepair} removes what an edit left dangling.
 */
final class ProgramEdits {

    private ProgramEdits() {
    }

    /** A mutable copy of a program's parts, for building edited programs. */
    static final class Copy {
        List<FlagSetting> flags;
        Map<String, Integer> nodeConstants;
        List<LocationDecl> locations;
        List<RegisterInit> registerInits;
        List<ThreadCode> threads;
        List<ItemRef> shownItems;
        Prop filter;
        Quantifier quantifier;
        Prop condition;
        private final Program base;

        Copy(Program p) {
            base = p;
            flags = new ArrayList<>(p.flags());
            nodeConstants = new LinkedHashMap<>(p.nodeConstants());
            locations = new ArrayList<>(p.locations());
            registerInits = new ArrayList<>(p.registerInits());
            threads = new ArrayList<>(p.threads());
            shownItems = new ArrayList<>(p.shownItems());
            filter = p.filter();
            quantifier = p.quantifier();
            condition = p.condition();
        }

        Program build() {
            return ProgramNormalizer.normalize(new Program(base.name(), base.dialect(), base.doc(), base.sourceName(), flags,
                    nodeConstants, locations, registerInits, threads, shownItems, filter, quantifier, condition));
        }
    }

    /** Every instruction of {@code threads} rewritten by the rewriter of its thread index. */
    static List<ThreadCode> rewrite(List<ThreadCode> threads, IntFunction<InstructionRewriter> rewriter) {
        List<ThreadCode> out = new ArrayList<>();
        for (ThreadCode t : threads) {
            InstructionRewriter rw = rewriter.apply(t.index());
            List<Instruction> code = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                code.add(rw.apply(i));
            }
            out.add(ThreadCode.of(t.index(), t.node(), code));
        }
        return out;
    }

    /**
     * Removes thread {@code t}: later threads move down by one; atoms on the removed thread's registers
     * become {@code true}; its register initialisations and shown registers are dropped.
     */
    static Program removeThread(Program p, int t) {
        Copy c = new Copy(p);
        c.threads.clear();
        for (ThreadCode th : p.threads()) {
            if (th.index() != t) {
                int index = th.index() > t ? th.index() - 1 : th.index();
                c.threads.add(new ThreadCode(index, th.node(), Position.NONE, th.instructions(), th.sourceTexts()));
            }
        }
        c.registerInits.clear();
        for (RegisterInit r : p.registerInits()) {
            if (r.thread() != t) {
                c.registerInits.add(new RegisterInit(r.thread() > t ? r.thread() - 1 : r.thread(), r.register(), r.value(),
                        Position.NONE));
            }
        }
        UnaryOperator<ItemRef> shift = ref -> {
            if (ref.item() instanceof StateItem.RegisterItem r) {
                if (r.thread() == t) {
                    return null;
                }
                if (r.thread() > t) {
                    return new ItemRef(new StateItem.RegisterItem(r.thread() - 1, r.register()), ref.spelling(), Position.NONE);
                }
            }
            return ref;
        };
        mapItems(c, shift);
        return c.build();
    }

    /**
     * Applies {@code f} to every item reference of the constraints; a {@code null} result drops a shown
     * item and turns an atom into {@code true}. Propositions are folded.
     */
    static void mapItems(Copy c, UnaryOperator<ItemRef> f) {
        List<ItemRef> shown = new ArrayList<>();
        for (ItemRef r : c.shownItems) {
            ItemRef m = f.apply(r);
            if (m != null) {
                shown.add(m);
            }
        }
        c.shownItems = shown;
        Function<Prop.Atom, Prop> atoms = a -> {
            ItemRef m = f.apply(a.ref());
            return m == null ? new Prop.Constant(true) : new Prop.Atom(m, a.equal(), a.value());
        };
        c.condition = PropRewriting.fold(ProgramNormalizer.mapAtoms(c.condition, atoms));
        if (c.filter != null) {
            c.filter = PropRewriting.fold(ProgramNormalizer.mapAtoms(c.filter, atoms));
        }
    }

    /** Removes the instructions whose thread-major global indices are in {@code indices}. */
    static Program removeInstructions(Program p, Set<Integer> indices) {
        return rewriteInstructions(p, (global, i) -> indices.contains(global) ? null : i);
    }

    /**
     * The program with each instruction replaced by {@code rewrite} of its thread-major global index
     * and itself ({@code null}: removed).
     */
    private static Program rewriteInstructions(Program p, java.util.function.BiFunction<Integer, Instruction, Instruction> rewrite) {
        Copy c = new Copy(p);
        c.threads.clear();
        int global = 0;
        for (ThreadCode t : p.threads()) {
            List<Instruction> code = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                Instruction r = rewrite.apply(global++, i);
                if (r != null) {
                    code.add(r);
                }
            }
            c.threads.add(ThreadCode.of(t.index(), t.node(), code));
        }
        return c.build();
    }

    /** Every node the program mentions: thread nodes, location homes, node references and constants. */
    static Set<Integer> nodes(Program p) {
        Set<Integer> nodes = new TreeSet<>();
        for (ThreadCode t : p.threads()) {
            nodes.add(t.node());
            for (Instruction i : t.instructions()) {
                NodeRef n = nodeRef(i);
                if (n != null) {
                    nodes.add(n.node());
                }
            }
        }
        for (LocationDecl d : p.locations()) {
            nodes.add(d.home());
        }
        return nodes;
    }

    /** The node reference of a NIC operation, {@code poll} or {@code rfence}, or {@code null}. */
    static NodeRef nodeRef(Instruction i) {
        if (i instanceof Instruction.NicOperation op) {
            return op.node();
        }
        if (i instanceof Instruction.Poll poll) {
            return poll.node();
        }
        if (i instanceof Instruction.RFence fence) {
            return fence.node();
        }
        return null;
    }

    /**
     * Renames nodes by {@code map} (nodes not in the map keep their number) in thread placements,
     * location homes, node references (a numeric reference gets the new number, a node constant keeps
     * its name) and node constants.
     */
    static Program renameNodes(Program p, Map<Integer, Integer> map) {
        Copy c = new Copy(p);
        UnaryOperator<Integer> m = n -> map.getOrDefault(n, n);
        c.threads = rewrite(p.threads(), t -> InstructionRewriter.erasing().nodes(ref -> {
            int to = m.apply(ref.node());
            boolean numeric = !ref.text().isEmpty() && ref.text().chars().allMatch(Character::isDigit);
            return new NodeRef(to, numeric ? Integer.toString(to) : ref.text(), Position.NONE);
        }));
        List<ThreadCode> placed = new ArrayList<>();
        for (ThreadCode t : c.threads) {
            placed.add(ThreadCode.of(t.index(), m.apply(t.node()), t.instructions()));
        }
        c.threads = placed;
        c.locations.clear();
        for (LocationDecl d : p.locations()) {
            c.locations.add(new LocationDecl(d.name(), m.apply(d.home()), d.initial(), Position.NONE));
        }
        c.nodeConstants.replaceAll((name, n) -> m.apply(n));
        return c.build();
    }

    /** Locations declared but named by no instruction, condition, filter or shown item. */
    static List<String> unusedLocations(Program p) {
        Set<String> used = new LinkedHashSet<>();
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                InstructionRewriter.erasing().locations(l -> {
                    used.add(l.name());
                    return l;
                }).apply(i);
            }
        }
        Consumer<ItemRef> item = r -> {
            if (r.item() instanceof StateItem.LocationItem l) {
                used.add(l.name());
            }
        };
        p.shownItems().forEach(item);
        p.condition().forEachAtom(a -> item.accept(a.ref()));
        if (p.filter() != null) {
            p.filter().forEachAtom(a -> item.accept(a.ref()));
        }
        List<String> unused = new ArrayList<>();
        for (LocationDecl d : p.locations()) {
            if (!used.contains(d.name())) {
                unused.add(d.name());
            }
        }
        return unused;
    }

    /** Removes the declarations of {@code names}. */
    static Program removeLocations(Program p, Set<String> names) {
        Copy c = new Copy(p);
        c.locations.removeIf(d -> names.contains(d.name()));
        return c.build();
    }

    /** Drops the work id of the NIC operation at thread-major global index {@code index}. */
    static Program dropTag(Program p, int index) {
        Copy c = new Copy(p);
        c.threads.clear();
        int global = 0;
        for (ThreadCode t : p.threads()) {
            List<Instruction> code = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                code.add(global == index ? InstructionRewriter.erasing().workIds(w -> null).apply(i) : i);
                global++;
            }
            c.threads.add(ThreadCode.of(t.index(), t.node(), code));
        }
        return c.build();
    }

    /**
     * Makes the put with options at thread-major global index {@code index} an ordinary put (a
     * simpler program for the shrinker): drops its {@code inline} option if {@code inline}, else its
     * {@code unsignaled} option.
     */
    static Program dropPutOption(Program p, int index, boolean inline) {
        return rewriteInstructions(p, (global, i) -> global == index && i instanceof Instruction.Put put
                ? (inline ? put.withInline(false) : put.withUnsignaled(false)) : i);
    }

    /** Thread-major global indices of the puts with options ({@code inline}, {@code unsignaled}), one per option. */
    static List<Integer> putOptions(Program p) {
        List<Integer> out = new ArrayList<>();
        int global = 0;
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.Put put && put.inline()) {
                    out.add(global);
                }
                if (i instanceof Instruction.Put put && put.unsignaled()) {
                    out.add(global);
                }
                global++;
            }
        }
        return out;
    }

    /** Thread-major global indices of the tagged NIC operations. */
    static List<Integer> taggedOperations(Program p) {
        List<Integer> out = new ArrayList<>();
        int global = 0;
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.NicOperation op && op.tag() != null) {
                    out.add(global);
                }
                global++;
            }
        }
        return out;
    }

    /**
     * Every constant of the program, in a fixed order: instruction operands (thread-major, left to
     * right), initial values of locations, register initialisations, atom values of the condition, then
     * of the filter.
     */
    static List<Long> constants(Program p) {
        List<Long> out = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                InstructionRewriter.erasing().constants(k -> {
                    out.add(k.value());
                    return k;
                }).apply(i);
            }
        }
        for (LocationDecl d : p.locations()) {
            out.add(d.initial());
        }
        for (RegisterInit r : p.registerInits()) {
            out.add(r.value());
        }
        p.condition().forEachAtom(a -> out.add(a.value()));
        if (p.filter() != null) {
            p.filter().forEachAtom(a -> out.add(a.value()));
        }
        return out;
    }

    /** The program with constant number {@code k} (in the order of {@link #constants}) set to {@code value}. */
    static Program withConstant(Program p, int k, long value) {
        int[] counter = {0};
        LongUnaryOperator next = v -> counter[0]++ == k ? value : v;
        Copy c = new Copy(p);
        c.threads = rewrite(p.threads(), t -> InstructionRewriter.erasing().constants(
                x -> Operand.constant(next.applyAsLong(x.value()))));
        c.locations.clear();
        for (LocationDecl d : p.locations()) {
            c.locations.add(new LocationDecl(d.name(), d.home(), next.applyAsLong(d.initial()), Position.NONE));
        }
        c.registerInits.clear();
        for (RegisterInit r : p.registerInits()) {
            c.registerInits.add(new RegisterInit(r.thread(), r.register(), next.applyAsLong(r.value()), Position.NONE));
        }
        Function<Prop.Atom, Prop> atoms = a -> new Prop.Atom(a.ref(), a.equal(), next.applyAsLong(a.value()));
        c.condition = ProgramNormalizer.mapAtoms(c.condition, atoms);
        if (c.filter != null) {
            c.filter = ProgramNormalizer.mapAtoms(c.filter, atoms);
        }
        return c.build();
    }

    /** The canonical renaming of {@code p}: registers, work ids and nodes (see {@link #renumber}). */
    record Renaming(List<Map<String, String>> registers, List<Map<String, String>> workIds, Map<Integer, Integer> nodes) {

        /** Number of names the renaming changes. */
        int changes() {
            int n = 0;
            for (Map<String, String> m : registers) {
                n += (int) m.entrySet().stream().filter(e -> !e.getKey().equals(e.getValue())).count();
            }
            for (Map<String, String> m : workIds) {
                n += (int) m.entrySet().stream().filter(e -> !e.getKey().equals(e.getValue())).count();
            }
            n += (int) nodes.entrySet().stream().filter(e -> !e.getKey().equals(e.getValue())).count();
            return n;
        }
    }

    /**
     * The canonical names: in every thread, registers {@code r0, r1, …} in order of first occurrence
     * (instructions, then register initialisations) and work ids {@code d, e, f, …} in order of first
     * occurrence; nodes {@code 1, 2, …} in order of first appearance (thread placements, then location
     * homes, then node references).
     */
    static Renaming canonicalRenaming(Program p) {
        List<Map<String, String>> registers = new ArrayList<>();
        List<Map<String, String>> workIds = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            Map<String, String> regs = new LinkedHashMap<>();
            Map<String, String> tags = new LinkedHashMap<>();
            for (Instruction i : t.instructions()) {
                InstructionRewriter.erasing().registers(r -> {
                    regs.computeIfAbsent(r.name(), k -> "r" + regs.size());
                    return r;
                }).workIds(w -> {
                    if (w != null) {
                        tags.computeIfAbsent(w.name(), k -> workIdName(tags.size()));
                    }
                    return w;
                }).apply(i);
            }
            for (RegisterInit r : p.registerInits()) {
                if (r.thread() == t.index()) {
                    regs.computeIfAbsent(r.register().name(), k -> "r" + regs.size());
                }
            }
            registers.add(regs);
            workIds.add(tags);
        }
        Map<Integer, Integer> nodes = new LinkedHashMap<>();
        for (ThreadCode t : p.threads()) {
            nodes.computeIfAbsent(t.node(), k -> nodes.size() + 1);
        }
        for (LocationDecl d : p.locations()) {
            nodes.computeIfAbsent(d.home(), k -> nodes.size() + 1);
        }
        for (Integer n : nodes(p)) {
            nodes.computeIfAbsent(n, k -> nodes.size() + 1);
        }
        return new Renaming(registers, workIds, nodes);
    }

    /** The {@code k}-th canonical work id: {@code d} … {@code z}, then {@code w23}, {@code w24}, … */
    static String workIdName(int k) {
        return k < 23 ? String.valueOf((char) ('d' + k)) : "w" + k;
    }

    /** {@code p} with the names of {@link #canonicalRenaming}. Semantics are unchanged (a bijection). */
    static Program renumber(Program p) {
        Renaming ren = canonicalRenaming(p);
        Program renamed = renameNodes(p, ren.nodes());
        Copy c = new Copy(renamed);
        c.threads = rewrite(renamed.threads(), t -> InstructionRewriter.erasing()
                .registers(r -> Register.of(ren.registers().get(t).getOrDefault(r.name(), r.name())))
                .workIds(w -> w == null ? null : WorkIdRef.of(ren.workIds().get(t).getOrDefault(w.name(), w.name()))));
        c.registerInits.clear();
        for (RegisterInit r : renamed.registerInits()) {
            String name = r.thread() < ren.registers().size()
                    ? ren.registers().get(r.thread()).getOrDefault(r.register().name(), r.register().name())
                    : r.register().name();
            c.registerInits.add(new RegisterInit(r.thread(), Register.of(name), r.value(), Position.NONE));
        }
        mapItems(c, ref -> {
            if (ref.item() instanceof StateItem.RegisterItem r && r.thread() < ren.registers().size()) {
                String name = ren.registers().get(r.thread()).getOrDefault(r.register(), r.register());
                return new ItemRef(new StateItem.RegisterItem(r.thread(), name), name, Position.NONE);
            }
            return ref;
        });
        return c.build();
    }

    /** A copy with another condition, filter and quantifier. */
    static Program withConstraints(Program p, Prop filter, Quantifier quantifier, Prop condition) {
        Copy c = new Copy(p);
        c.filter = filter;
        c.quantifier = quantifier;
        c.condition = condition;
        return c.build();
    }
}
