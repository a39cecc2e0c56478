package remo.litmus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A litmus test: the one program representation that every engine, printer, generator and the
 * simulator consume (architecture.md). X86 tests are mapped to this form with one node (1)
 * (language.md §10.6).
 *
 * <p>Immutable. Instances are built by the parsers and generators; a parsed program has passed
 * the parse-phase checks of language.md §6.2 step 1, and {@link ProgramValidator} performs steps
 * 2–4.
 *
 * @param name           the test name from the header
 * @param dialect        the dialect the test was written in
 * @param doc            the doc string, or {@code null}
 * @param sourceName     the file name as given by the user (used in diagnostics)
 * @param flags          the test's flag line, in order
 * @param nodeConstants  node constants in declaration order (name to node)
 * @param locations      every location, in declaration order (X86: in order of first use)
 * @param registerInits  initial register values, in textual order
 * @param threads        threads {@code P0, P1, …}
 * @param shownItems     the {@code locations [...]} list
 * @param filter         the {@code filter} proposition, or {@code null}
 * @param quantifier     the condition's quantifier
 * @param condition      the condition's proposition
 */
public record Program(
        String name,
        Dialect dialect,
        String doc,
        String sourceName,
        List<FlagSetting> flags,
        Map<String, Integer> nodeConstants,
        List<LocationDecl> locations,
        List<RegisterInit> registerInits,
        List<ThreadCode> threads,
        List<ItemRef> shownItems,
        Prop filter,
        Quantifier quantifier,
        Prop condition) {

    public Program {
        flags = List.copyOf(flags);
        nodeConstants = Collections.unmodifiableMap(new LinkedHashMap<>(nodeConstants));
        locations = List.copyOf(locations);
        registerInits = List.copyOf(registerInits);
        threads = List.copyOf(threads);
        shownItems = List.copyOf(shownItems);
    }

    /** The declaration of location {@code name}, if declared. */
    public Optional<LocationDecl> location(String name) {
        for (LocationDecl d : locations) {
            if (d.name().equals(name)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** Thread {@code P<index>}. @throws IndexOutOfBoundsException if there is no such thread */
    public ThreadCode thread(int index) {
        return threads.get(index);
    }

    /**
     * The items a result prints in each state (models.md §9.4): those of the condition and the
     * filter, plus the {@code locations} list, without duplicates, sorted registers first.
     */
    public List<StateItem> printedItems() {
        Set<StateItem> items = new LinkedHashSet<>();
        condition.forEachAtom(a -> items.add(a.ref().item()));
        if (filter != null) {
            filter.forEachAtom(a -> items.add(a.ref().item()));
        }
        for (ItemRef r : shownItems) {
            items.add(r.item());
        }
        List<StateItem> sorted = new ArrayList<>(items);
        Collections.sort(sorted);
        return sorted;
    }

    /**
     * How to print {@code item} in a state line: registers as {@code i:REG} with the register
     * spelled as the condition (or filter, or {@code locations}) first names it; locations as
     * {@code x} in RDMA files and {@code [x]} in X86 files, as herd7 prints them.
     */
    public String displayName(StateItem item) {
        if (item instanceof StateItem.RegisterItem r) {
            String spelling = registerSpelling(r);
            return r.thread() + ":" + spelling;
        }
        String loc = ((StateItem.LocationItem) item).name();
        return dialect.isX86() ? "[" + loc + "]" : loc;
    }

    private String registerSpelling(StateItem.RegisterItem r) {
        List<ItemRef> refs = new ArrayList<>();
        condition.forEachAtom(a -> refs.add(a.ref()));
        if (filter != null) {
            filter.forEachAtom(a -> refs.add(a.ref()));
        }
        refs.addAll(shownItems);
        for (ItemRef ref : refs) {
            if (ref.item().equals(r)) {
                return ref.spelling();
            }
        }
        return r.register();
    }

    /**
     * The registers of thread {@code P<thread>} that belong to a final state (models.md §9.1): the
     * destinations of loads, register arithmetic, register swaps and RMWs (also under a guard), and
     * the registers with an initial value; canonical names, sorted. The hidden registers of
     * unrolled x86 code (names starting with {@code #}: flags and branch decisions) are not part of
     * a state.
     */
    public java.util.SortedSet<String> finalRegisters(int thread) {
        java.util.SortedSet<String> out = new java.util.TreeSet<>();
        if (thread >= 0 && thread < threads.size()) {
            for (Instruction guarded : threads.get(thread).instructions()) {
                Instruction ins = guarded instanceof Instruction.Guarded g ? g.body() : guarded;
                if (ins instanceof Instruction.PlainRmw rmw && rmw.result() != null) {
                    out.add(rmw.result().name());
                } else if (ins instanceof Instruction.Load ld) {
                    out.add(ld.destination().name());
                } else if (ins instanceof Instruction.Assign as) {
                    out.add(as.destination().name());
                } else if (ins instanceof Instruction.RegisterSwap sw) {
                    out.add(sw.first().name());
                    out.add(sw.second().name());
                } else if (ins instanceof Instruction.LockedRmw rmw && rmw.result() != null) {
                    out.add(rmw.result().name());
                }
            }
        }
        for (RegisterInit init : registerInits) {
            if (init.thread() == thread) {
                out.add(init.register().name());
            }
        }
        out.removeIf(r -> r.startsWith("#"));
        return out;
    }

    /**
     * The first instruction, thread by thread, that is unrolled x86 control flow ({@link
     * Instruction.Guarded}, {@link Instruction.Cutoff}) or an x86 read-modify-write without
     * {@code LOCK} ({@link Instruction.PlainRmw}): forms that only the axiomatic engine runs.
     */
    public Optional<Instruction> firstUnrolledOrUnlocked() {
        for (ThreadCode t : threads) {
            for (Instruction i : t.instructions()) {
                if (i instanceof Instruction.Guarded || i instanceof Instruction.Cutoff || i instanceof Instruction.PlainRmw) {
                    return Optional.of(i);
                }
            }
        }
        return Optional.empty();
    }

    /** {@link #finalRegisters(int)} of every thread, by thread index. */
    public Map<Integer, java.util.SortedSet<String>> finalRegisters() {
        Map<Integer, java.util.SortedSet<String>> out = new LinkedHashMap<>();
        for (ThreadCode t : threads) {
            out.put(t.index(), finalRegisters(t.index()));
        }
        return out;
    }

    /** Total number of instructions over all threads. */
    public int instructionCount() {
        int n = 0;
        for (ThreadCode t : threads) {
            n += t.size();
        }
        return n;
    }

    /** A copy of this program with the threads replaced (used by repair and shrinking). */
    public Program withThreads(List<ThreadCode> newThreads) {
        return new Program(name, dialect, doc, sourceName, flags, nodeConstants, locations, registerInits,
                newThreads, shownItems, filter, quantifier, condition);
    }

    /** A copy of this program with another name. */
    public Program withName(String newName) {
        return new Program(newName, dialect, doc, sourceName, flags, nodeConstants, locations, registerInits,
                threads, shownItems, filter, quantifier, condition);
    }
}
