package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import kodkod.ast.Expression;
import kodkod.engine.Evaluator;
import kodkod.engine.Solution;
import kodkod.engine.Solver;
import kodkod.engine.config.Options;
import kodkod.instance.Instance;
import kodkod.instance.Tuple;
import kodkod.instance.TupleSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.EventStructure;
import remo.checker.Execution;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.GeneratorConfig;
import remo.litmus.gen.RandomProgramGenerator;
import remo.models.Builtin;
import remo.models.CatModel;
import remo.models.ModelLibrary;
import remo.models.algebra.EventSet;

/**
 * The translation is exact (issue 16, "Done when" 5): on random small programs of remo's
 * generator, for every set of existing events the enumerator produces, the skeleton's static
 * relations equal the checker's (models.md §3), and the solutions of the translation with the
 * program's events fixed are the enumerator's consistent candidates: every consistent candidate
 * is a solution, a solution whose rf the enumerator also built is consistent, and without
 * conditional writes the two sets are equal (a solution's rf that the enumerator did not build
 * for these events gives the compares other values: another program's candidate).
 */
class TranslationExactnessTest {
    private static final ModelLibrary LIBRARY = new ModelLibrary();

    /** Runs {@code args[0]} programs of seed {@code args[1]} with progress on standard error. */
    public static void main(String[] args) throws Exception {
        agree(Integer.parseInt(args[0]), Long.parseLong(args[1]));
    }

    @Test
    void twoHundredRandomProgramsAgreeWithTheEnumerator() throws Exception {
        agree(200, 16);
    }

    @Test
    @Tag("slow")
    void fiveHundredRandomProgramsAgreeWithTheEnumerator() throws Exception {
        agree(500, 1600);
    }

    /** Checks {@code count} programs of seed {@code seed}. */
    private static void agree(int count, long seed) throws Exception {
        String[] models = {"rdma-tso-rmw", "rdma-tso-rmw", "rdma-sc-rmw", "rdma-wait-rmw", "rdma-tso", "tso",
            remoRoot().resolve("examples/models/x86tso-herd-style.cat").toString()};
        Map<String, CatModel> loaded = new LinkedHashMap<>();
        for (String m : models) {
            loaded.put(m, LIBRARY.load(m));
        }
        GeneratorConfig rdma = GeneratorConfig.defaults().withThreads(1, 3).withInstructions(1, 2).withNodes(1, 2)
                .withRegisterOperandProbability(0.3);
        GeneratorConfig cpu = GeneratorConfig.forModel("tso").withThreads(1, 3).withInstructions(1, 3)
                .withRegisterOperandProbability(0.3);
        RandomProgramGenerator rdmaGen = new RandomProgramGenerator(rdma, seed);
        RandomProgramGenerator cpuGen = new RandomProgramGenerator(cpu, seed);
        int groups = 0;
        int tooLarge = 0;
        for (int k = Integer.getInteger("remo.from", 0); k < count; k++) {
            String m = models[k % models.length];
            boolean cpuOnly = m.equals("tso") || m.endsWith(".cat");
            Program p = (cpuOnly ? cpuGen : rdmaGen).program(k);
            FlagValues flags = randomFlags(new SplittableRandom(seed * 1_000_003 + k));
            if (Boolean.getBoolean("remo.progress")) {
                System.err.println(k + " " + p.name() + " " + m + " [" + flags.nonDefaults() + "] "
                        + java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9);
            }
            try {
                int g = check(p, loaded.get(m), flags);
                if (g < 0) {
                    tooLarge++;
                } else {
                    groups += g;
                }
            } catch (AssertionError | RuntimeException e) {
                fail("program " + p.name() + " (seed " + seed + ", index " + k + ") under " + m + " with flags ["
                        + flags.nonDefaults() + "]:\n" + ProgramPrinter.print(p) + e, e);
            }
        }
        if (Boolean.getBoolean("remo.progress")) {
            System.err.println(count + " programs, " + groups + " event sets compared, " + tooLarge + " too large");
        }
        assertTrue(groups >= count / 2, "too few programs had candidates: " + groups);
        // programs with more than MAX_CANDIDATES candidates are left out; they must stay rare
        assertTrue(tooLarge <= count / 20, tooLarge + " of " + count + " programs have more than " + MAX_CANDIDATES + " candidates");
    }

    private static FlagValues randomFlags(SplittableRandom r) {
        FlagValues f = FlagValues.defaults();
        for (Flag flag : Flag.values()) {
            if (r.nextInt(4) == 0) {
                f = f.with(flag, flag.allowedValues().get(1));
            }
        }
        return f;
    }

    /** Programs with more candidates than this are not compared (the enumeration would dominate the test). */
    private static final int MAX_CANDIDATES = 20_000;

    /** Checks one program; returns the number of existence masks compared, or -1 if it has too many candidates. */
    private static int check(Program p, CatModel model, FlagValues flags) throws LitmusException {
        CheckOptions o = CheckOptions.defaults().withPrune(false).collecting(CheckOptions.Collect.ALL, MAX_CANDIDATES)
                .withMaxExecutions(MAX_CANDIDATES);
        CheckResult r;
        try {
            r = AxiomaticChecker.check(p, model, flags, o);
        } catch (LitmusException e) {
            assertEquals("E-UNSUPPORTED", e.diagnostic().code());
            assertTrue(!ShapeSupport.accepted(model, flags).containsAll(shapes(new EventStructure(p, flags))),
                    "the checker rejects the program but every shape is accepted by the translation");
            return 0;
        }
        if (r.partial()) {
            return -1;
        }
        if (r.executions().isEmpty()) {
            return 0;
        }
        EventStructure structure = r.executions().get(0).structure();
        assertTrue(ShapeSupport.accepted(model, flags).containsAll(shapes(structure)), "an accepted program has a rejected shape");
        Map<String, List<Execution>> byMask = new LinkedHashMap<>();
        for (Execution x : r.executions()) {
            byMask.computeIfAbsent(Arrays.toString(x.exists()), k -> new ArrayList<>()).add(x);
        }
        boolean conditional = structure.events().stream().anyMatch(e -> e.conditional());
        for (List<Execution> group : byMask.values()) {
            compare(structure, group, model, flags, conditional);
        }
        return byMask.size();
    }

    /** The shapes of the program's instructions, failed compares included. */
    private static Set<InstructionShape> shapes(EventStructure s) {
        Set<InstructionShape> out = EnumSet.noneOf(InstructionShape.class);
        for (var t : s.program().threads()) {
            for (int i = 0; i < t.size(); i++) {
                int first = s.firstEvent(t.index(), i);
                if (first < 0) {
                    continue;
                }
                List<EventType> all = new ArrayList<>();
                List<EventType> unconditional = new ArrayList<>();
                for (int k = 0; k < s.eventCount(t.index(), i); k++) {
                    var e = s.event(first + k);
                    all.add(EventType.of(e.kind(), e.locked(), e.op()));
                    if (!e.conditional()) {
                        unconditional.add(all.get(k));
                    }
                }
                out.add(InstructionShape.of(all));
                out.add(InstructionShape.of(unconditional));
            }
        }
        return out;
    }

    private static void compare(EventStructure s, List<Execution> group, CatModel model, FlagValues flags, boolean conditional) {
        // conditional: some compare's write may be missing, so another rf can mean other events (another group)
        boolean[] exists = group.get(0).exists();
        FixedProgram fp = new FixedProgram(s, exists, flags);
        Options options = SolverOptions.plain(Long.MAX_VALUE);
        options.setSymmetryBreaking(0);
        // static relations (witnesses free)
        Solution any = new Solver(options).solve(fp.structureFormula(), fp.bounds);
        assertTrue(any.sat(), "the skeleton does not admit the program's events " + Arrays.toString(exists));
        staticRelations(fp, any.instance(), s, exists, flags);
        // every candidate of the enumerator is a well-formed skeleton execution, judged as the enumerator judges it
        kodkod.ast.Formula structure = fp.structureFormula();
        kodkod.ast.Formula consistent = fp.consistent(model);
        for (Execution x : group) {
            Instance candidate = any.instance().clone();
            fp.fixWitnesses(candidate, x);
            Evaluator ev = new Evaluator(candidate);
            assertTrue(ev.evaluate(structure), "the skeleton rejects the candidate " + FixedProgram.witnessKey(x));
            assertEquals(x.consistent(), ev.evaluate(consistent), "consistency of " + FixedProgram.witnessKey(x));
        }
        // and without conditional writes the skeleton has no other candidate
        if (!conditional && group.size() <= 300) {
            kodkod.instance.Bounds b = fp.bounds.clone();
            kodkod.ast.Formula other = structure;
            for (Execution x : group) {
                other = other.and(fp.differentWitnesses(x, b));
            }
            assertTrue(new Solver(options).solve(other, b).unsat(), "the skeleton has a candidate the enumerator does not build");
        }
    }

    private static void staticRelations(FixedProgram fp, Instance instance, EventStructure s, boolean[] exists, FlagValues flags) {
        Evaluator ev = new Evaluator(instance);
        int n = s.size();
        int[] ids = java.util.stream.IntStream.range(0, n).filter(i -> exists[i] || s.event(i).kind() == remo.core.rdma.EventLabel.IW).toArray();
        EventSet mask = EventSet.of(n, ids);
        Map<Builtin, Expression> env = fp.side.environment();
        for (Builtin b : Builtin.values()) {
            if (b.isWitness()) {
                continue;
            }
            TupleSet tuples = ev.evaluate(env.get(b));
            Set<String> got = new HashSet<>();
            for (Tuple t : tuples) {
                got.add(t.arity() == 1 ? "" + fp.eventOf(t.atom(0)) : fp.eventOf(t.atom(0)) + ">" + fp.eventOf(t.atom(1)));
            }
            Set<String> expected = new HashSet<>();
            if (b.isSet()) {
                for (int i : s.set(b).intersection(mask).toArray()) {
                    expected.add("" + i);
                }
            } else {
                for (int[] pr : s.relation(b).restrict(mask, mask).pairs()) {
                    expected.add(pr[0] + ">" + pr[1]);
                }
            }
            assertEquals(expected, got, "built-in " + b.catName());
        }
        assertEquals(!s.blockedPolls().isEmpty(), ev.evaluate(fp.side.blocked), "statically blocked poll");
    }

    static Path remoRoot() {
        String root = System.getProperty("remo.root");
        return root == null ? Path.of("..").toAbsolutePath().normalize() : Path.of(root);
    }
}
