package remo.litmus.gen;

import java.util.Comparator;
import remo.litmus.Program;
import remo.litmus.Quantifier;
import remo.litmus.ThreadCode;

/**
 * The size of a program, as the {@link Shrinker} minimises it. Sizes are compared lexicographically
 * by {@link #structure()}, then {@link #conditionSize()}, then {@link #constantWeight()}, then
 * {@link #renamings()}; every step the shrinker accepts makes the size strictly smaller, which is why
 * shrinking terminates.
 *
 * @param threads        number of threads
 * @param instructions   number of instructions over all threads
 * @param nodes          number of distinct nodes mentioned (placements, homes, node references)
 * @param locations      number of declared locations
 * @param tags           number of NIC operations carrying a work id
 * @param putOptions     number of put options ({@code inline}, {@code unsignaled}: a plain put is simpler)
 * @param extras         flag settings + register initialisations + {@code locations [...]} items +
 *                       1 if there is a filter
 * @param conditionSize  nodes of the condition's proposition tree, plus those of the filter, plus 1
 *                       if the quantifier is not {@code exists}
 * @param constantWeight sum over all constants {@code v} (instruction operands, initial values,
 *                       register initialisations, atom values) of {@code 2|v|}, plus 1 if {@code v < 0};
 *                       so 0 &lt; 1 &lt; -1 &lt; 2 &lt; …
 * @param renamings      number of registers, work ids and nodes whose name is not the canonical one
 *                       (registers {@code r0, r1, …} and work ids {@code d, e, …} in order of first use
 *                       per thread, nodes {@code 1, 2, …} in order of first appearance)
 */
public record ProgramSize(int threads, int instructions, int nodes, int locations, int tags, int putOptions, int extras,
                          int conditionSize, long constantWeight, int renamings) implements Comparable<ProgramSize> {

    private static final Comparator<ProgramSize> ORDER = Comparator.comparingInt(ProgramSize::structure)
            .thenComparingInt(ProgramSize::conditionSize)
            .thenComparingLong(ProgramSize::constantWeight)
            .thenComparingInt(ProgramSize::renamings);

    /**
     * The size of an RDMA program.
     *
     * @param p any program (X86 programs are measured the same way)
     */
    public static ProgramSize of(Program p) {
        int instructions = 0;
        for (ThreadCode t : p.threads()) {
            instructions += t.size();
        }
        int extras = p.flags().size() + p.registerInits().size() + p.shownItems().size() + (p.filter() == null ? 0 : 1);
        int condition = PropRewriting.size(p.condition()) + (p.filter() == null ? 0 : PropRewriting.size(p.filter()))
                + (p.quantifier() == Quantifier.EXISTS ? 0 : 1);
        long weight = 0;
        for (long v : ProgramEdits.constants(p)) {
            weight = saturatedAdd(weight, weight(v));
        }
        return new ProgramSize(p.threads().size(), instructions, ProgramEdits.nodes(p).size(), p.locations().size(),
                ProgramEdits.taggedOperations(p).size(), ProgramEdits.putOptions(p).size(), extras, condition, weight,
                ProgramEdits.canonicalRenaming(p).changes());
    }

    /** The weight of one constant: {@code 2|v|}, plus 1 if negative (saturating). */
    static long weight(long v) {
        if (v == Long.MIN_VALUE || Math.abs(v) > Long.MAX_VALUE / 4) {
            return Long.MAX_VALUE / 2;
        }
        return 2 * Math.abs(v) + (v < 0 ? 1 : 0);
    }

    private static long saturatedAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /** The structural size: threads + instructions + nodes + locations + tags + put options + extras. */
    public int structure() {
        return threads + instructions + nodes + locations + tags + putOptions + extras;
    }

    @Override
    public int compareTo(ProgramSize o) {
        return ORDER.compare(this, o);
    }

    /** Whether this size is strictly smaller than {@code o}. */
    public boolean smallerThan(ProgramSize o) {
        return compareTo(o) < 0;
    }
}
