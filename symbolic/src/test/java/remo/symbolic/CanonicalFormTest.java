package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import kodkod.ast.Formula;
import kodkod.ast.Relation;
import kodkod.engine.Evaluator;
import kodkod.engine.Solution;
import kodkod.engine.Solver;
import kodkod.engine.config.Options;
import kodkod.instance.Bounds;
import kodkod.instance.Instance;
import kodkod.instance.Tuple;
import kodkod.instance.TupleSet;
import org.junit.jupiter.api.Test;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * The symmetry breaking of the comparison's skeleton removes only renamed copies: for every
 * candidate execution of random programs of remo's generator, some renaming of its threads (with
 * its locations and work ids numbered by first use) lies within the bounds of a canonical
 * skeleton of one {@link ThreadLayout} and satisfies its constraints (thread sizes, type
 * sequences of threads of one size, first-use numbering, and the rf and co bounds). So every
 * execution the search could miss has a copy that it searches. Also: the lemma the query adds
 * between the sides' acyclicity witnesses is a theorem (it removes no execution).
 */
class CanonicalFormTest {
    private static final ModelLibrary LIBRARY = new ModelLibrary();
    private static final int PROGRAMS = Integer.getInteger("remo.programs", 50);

    @Test
    void everyCandidateOfRandomProgramsHasACanonicalRenaming() throws Exception {
        CatModel rdma = LIBRARY.load("rdma-tso-rmw");
        CatModel cpu = LIBRARY.load("tso");
        GeneratorConfig rdmaConfig = GeneratorConfig.defaults().withThreads(1, 4).withInstructions(1, 2).withNodes(1, 2)
                .withRegisterOperandProbability(0.3);
        GeneratorConfig cpuConfig = GeneratorConfig.forModel("tso").withThreads(1, 4).withInstructions(1, 3)
                .withRegisterOperandProbability(0.3);
        RandomProgramGenerator rdmaGen = new RandomProgramGenerator(rdmaConfig, 61);
        RandomProgramGenerator cpuGen = new RandomProgramGenerator(cpuConfig, 61);
        int checked = 0;
        int renamed = 0;
        for (int k = 0; k < PROGRAMS; k++) {
            boolean cpuOnly = k % 2 == 1;
            Program p = (cpuOnly ? cpuGen : rdmaGen).program(k);
            try {
                int[] counts = check(p, cpuOnly ? cpu : rdma);
                checked += counts[0];
                renamed += counts[1];
            } catch (AssertionError | RuntimeException e) {
                fail("program " + p.name() + " (seed 61, index " + k + "):\n" + ProgramPrinter.print(p) + e, e);
            }
        }
        if (Boolean.getBoolean("remo.progress")) {
            System.err.println(checked + " candidates checked, " + renamed + " renamed");
        }
        assertTrue(checked >= 100, "too few candidates checked: " + checked);
        // the programs' own thread order is often not canonical: the renaming is exercised
        assertTrue(renamed >= 10, "too few candidates needed a renaming of threads: " + renamed);
    }

    @Test
    void layoutsAreThePartitionsOfTheEvents() {
        assertEquals("[[4], [3, 1], [2, 2], [2, 1, 1], [1, 1, 1, 1]]", ThreadLayout.all(4, 4).toString());
        assertEquals("[[5], [4, 1], [3, 2], [3, 1, 1], [2, 2, 1]]", ThreadLayout.all(5, 3).toString());
        assertEquals(15, ThreadLayout.all(8, 4).size());
        assertEquals(5, new ThreadLayout(List.of(3, 2, 2)).start(2));
        assertThrows(IllegalArgumentException.class, () -> new ThreadLayout(List.of(1, 2)));
        assertThrows(IllegalArgumentException.class, () -> ThreadLayout.all(0, 2));
    }

    /**
     * The ordering lemma added between the sides' acyclicity witnesses holds for every strict
     * partial order: on 5 atoms no order, relation and cycle set violate it, while the lemma is not
     * trivially true (an order that is not strict, the identity, violates it).
     */
    @Test
    void theOrderingLemmaHoldsForEveryStrictPartialOrder() {
        kodkod.instance.Universe universe = new kodkod.instance.Universe(List.of("a", "b", "c", "d", "e"));
        Bounds b = new Bounds(universe);
        Relation order = Relation.binary("order");
        Relation x = Relation.binary("x");
        Relation set = Relation.unary("set");
        TupleSet all2 = universe.factory().allOf(2);
        b.bound(order, all2);
        b.bound(x, all2);
        b.bound(set, universe.factory().allOf(1));
        Formula strict = order.join(order).in(order).and(order.intersection(kodkod.ast.Expression.IDEN).no());
        Formula lemma = ComparisonProblem.orderingLemma(set, x, order);
        Options options = SolverOptions.plain(Long.MAX_VALUE);
        assertTrue(new Solver(options).solve(strict.and(lemma.not()), b).unsat(), "a strict order violates the lemma");
        Formula reflexive = order.eq(kodkod.ast.Expression.IDEN).and(x.eq(kodkod.ast.Expression.IDEN));
        assertTrue(new Solver(options).solve(reflexive.and(lemma.not()), b).sat(), "the lemma says something");
    }

    /** Candidates checked, and how many needed a thread order other than the program's. */
    private static int[] check(Program p, CatModel model) throws LitmusException {
        FlagValues flags = FlagValues.defaults();
        CheckOptions o = CheckOptions.defaults().withPrune(false).collecting(CheckOptions.Collect.ALL, 2000)
                .withMaxExecutions(2000);
        CheckResult r = AxiomaticChecker.check(p, model, flags, o);
        if (r.partial() || r.executions().isEmpty()) {
            return new int[] {0, 0};
        }
        EventStructure structure = r.executions().get(0).structure();
        Map<String, List<Execution>> byMask = new LinkedHashMap<>();
        for (Execution x : r.executions()) {
            byMask.computeIfAbsent(Arrays.toString(x.exists()), m -> new ArrayList<>()).add(x);
        }
        int checked = 0;
        int renamed = 0;
        for (List<Execution> group : byMask.values()) {
            FixedProgram fp = new FixedProgram(structure, group.get(0).exists(), flags);
            Options options = SolverOptions.plain(Long.MAX_VALUE);
            options.setSymmetryBreaking(0);
            Solution any = new Solver(options).solve(fp.structureFormula(), fp.bounds);
            assertTrue(any.sat(), "the fixed skeleton admits the program's events");
            for (Execution x : group.subList(0, Math.min(group.size(), 3))) {
                Instance given = any.instance().clone();
                fp.fixWitnesses(given, x);
                int order = canonicalThreadOrder(fp, given);
                assertTrue(order >= 0, "no renaming of the candidate " + FixedProgram.witnessKey(x) + " is canonical");
                checked++;
                if (order > 0) {
                    renamed++;
                }
            }
        }
        return new int[] {checked, renamed};
    }

    /**
     * Tries every order of the threads; the index of the first order whose renaming is canonical
     * (0: the program's own order), or -1 if none is.
     */
    private static int canonicalThreadOrder(FixedProgram fp, Instance given) {
        SkeletonUniverse fu = fp.u;
        int threads = fu.scope.threads();
        List<List<String>> eventsOf = new ArrayList<>();
        for (String t : fu.threadAtoms()) {
            List<String> evs = new ArrayList<>();
            for (String e : fu.eventAtoms()) {
                if (given.tuples(fp.program.thread).contains(fu.factory.tuple(e, t))) {
                    evs.add(e); // atom order is program order within a thread
                }
            }
            eventsOf.add(evs);
        }
        int index = 0;
        for (List<Integer> order : permutations(threads)) {
            List<Integer> sizes = new ArrayList<>();
            for (int t : order) {
                sizes.add(eventsOf.get(t).size());
            }
            boolean nonIncreasing = true;
            for (int j = 1; j < sizes.size(); j++) {
                nonIncreasing &= sizes.get(j) <= sizes.get(j - 1);
            }
            if (nonIncreasing && sizes.stream().allMatch(s -> s > 0) && canonical(fp, given, order, eventsOf, sizes)) {
                return index;
            }
            index++;
        }
        return -1;
    }

    /** Whether the renaming with threads in {@code order} satisfies a canonical skeleton. */
    private static boolean canonical(FixedProgram fp, Instance given, List<Integer> order, List<List<String>> eventsOf,
                                     List<Integer> sizes) {
        SkeletonUniverse fu = fp.u;
        int n = fu.scope.events();
        SkeletonUniverse cu = new SkeletonUniverse(SkeletonScope.exact(n, order.size(), fu.scope.nodes()));
        ProgramSkeleton cp = new ProgramSkeleton(cu, EnumSet.allOf(InstructionShape.class), new ThreadLayout(sizes));
        WitnessSkeleton cw = new WitnessSkeleton(cp);
        Bounds bounds = cu.bounds;
        cp.bound(bounds);
        cw.bound(bounds);
        // the renaming of atoms: events in the new thread order, locations and work ids by first use
        Map<Object, String> rename = new HashMap<>();
        int next = 0;
        for (int j = 0; j < order.size(); j++) {
            rename.put(fu.threadAtoms().get(order.get(j)), cu.threadAtoms().get(j));
            for (String e : eventsOf.get(order.get(j))) {
                rename.put(e, cu.event(next++));
            }
        }
        // a work id that no existing wait waits for changes no built-in (only wm reads work ids):
        // the canonical form leaves it out
        java.util.Set<Object> waited = new java.util.HashSet<>();
        for (Tuple t : given.tuples(fp.program.waitId)) {
            waited.add(t.atom(1));
        }
        int locations = 0;
        int workIds = 0;
        for (int i = 0; i < n; i++) {
            String e = null;
            for (Map.Entry<Object, String> m : rename.entrySet()) {
                if (m.getValue().equals(cu.event(i))) {
                    e = (String) m.getKey();
                }
            }
            for (Tuple t : given.tuples(fp.program.location)) {
                if (t.atom(0).equals(e) && !rename.containsKey(t.atom(1))) {
                    rename.put(t.atom(1), cu.locationAtoms().get(locations++));
                }
            }
            for (Relation r : List.of(fp.program.workId, fp.program.waitId)) {
                for (Tuple t : given.tuples(r)) {
                    if (t.atom(0).equals(e) && !rename.containsKey(t.atom(1)) && waited.contains(t.atom(1))) {
                        assertTrue(workIds < cu.workIdAtoms().size(), "more work ids than the scope has: " + n + " events");
                        rename.put(t.atom(1), cu.workIdAtoms().get(workIds++));
                    }
                }
            }
        }
        for (String node : fu.nodeAtoms()) {
            rename.put(node, node);
        }
        Map<Relation, Relation> mapped = new LinkedHashMap<>();
        for (EventType t : EventType.real()) {
            mapped.put(fp.program.type(t), cp.type(t));
        }
        mapped.put(fp.program.thread, cp.thread);
        mapped.put(fp.program.location, cp.location);
        mapped.put(fp.program.threadNode, cp.threadNode);
        mapped.put(fp.program.declared, cp.declared);
        mapped.put(fp.program.home, cp.home);
        mapped.put(fp.program.target, cp.target);
        mapped.put(fp.program.workId, cp.workId);
        mapped.put(fp.program.waitId, cp.waitId);
        mapped.put(fp.witnesses.readsFrom, cw.readsFrom);
        mapped.put(fp.witnesses.co, cw.co);
        Instance instance = new Instance(cu.universe);
        Map<Relation, TupleSet> values = new HashMap<>();
        for (Map.Entry<Relation, Relation> m : mapped.entrySet()) {
            TupleSet value = cu.factory.noneOf(m.getKey().arity());
            boolean declarations = m.getKey() == fp.program.declared || m.getKey() == fp.program.home;
            for (Tuple t : given.tuples(m.getKey())) {
                if (declarations && !rename.containsKey(t.atom(0))) {
                    continue; // a location no existing event uses: the canonical form leaves it out
                }
                if (m.getKey() == fp.program.workId && !waited.contains(t.atom(1))) {
                    continue;
                }
                List<Object> atoms = new ArrayList<>();
                for (int a = 0; a < t.arity(); a++) {
                    assertTrue(rename.containsKey(t.atom(a)), "atom " + t.atom(a) + " is renamed");
                    atoms.add(rename.get(t.atom(a)));
                }
                value.add(cu.factory.tuple(atoms));
            }
            values.put(m.getValue(), value);
        }
        for (Relation r : bounds.relations()) {
            TupleSet value = values.containsKey(r) ? values.get(r) : bounds.lowerBound(r);
            if (!value.containsAll(bounds.lowerBound(r)) || !bounds.upperBound(r).containsAll(value)) {
                return false;
            }
            instance.add(r, value);
        }
        Evaluator ev = new Evaluator(instance);
        Formula wellFormed = cp.wellFormed().and(cw.readsFromWellFormed(cw.readsFrom)).and(cw.coWellFormed(cw.co));
        return ev.evaluate(wellFormed);
    }

    private static List<List<Integer>> permutations(int n) {
        List<List<Integer>> out = new ArrayList<>();
        permute(new ArrayList<>(), n, out);
        return out;
    }

    private static void permute(List<Integer> prefix, int n, List<List<Integer>> out) {
        if (prefix.size() == n) {
            out.add(new ArrayList<>(prefix));
            return;
        }
        for (int i = 0; i < n; i++) {
            if (!prefix.contains(i)) {
                prefix.add(i);
                permute(prefix, n, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }
}
