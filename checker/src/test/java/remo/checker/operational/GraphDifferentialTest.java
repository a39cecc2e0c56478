package remo.checker.operational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.Execution;
import remo.checker.GraphCheck;
import remo.checker.TestFiles;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.algebra.Relation;

/**
 * Graph-level comparisons of operational.md §8.2 on the suite: every graph the explorer records
 * passes the fixed-graph check under the matching model (soundness, operational.md §6.4), and the set of
 * {@code (rf, co, rao)} triples of the explorer equals the set of witnesses of the complete
 * consistent candidates of the axiomatic engine (completeness, comparison 2), with equal
 * execution counts. Both under every model that accepts the test (default flags) and under each
 * single flag change under {@code rdma-tso-rmw}.
 */
class GraphDifferentialTest {
    private static final Set<String> ATOMIC = Set.of("sc", "rdma-sc-rmw");
    private static final CheckOptions GRAPHS = CheckOptions.defaults().collecting(CheckOptions.Collect.ALLOWED, Integer.MAX_VALUE);

    static Stream<Arguments> suiteUnderAcceptingModels() {
        return Engines.suiteRows().stream().flatMap(r -> Engines.MODELS.stream().filter(m -> Engines.accepts(r, m))
                .map(m -> Arguments.of(r.get("id"), m)));
    }

    static Stream<String> suite() {
        return Engines.suiteIds().stream();
    }

    /** The (rf, co, rao) triples of the collected executions, or the (rf, co) pairs. */
    private static Set<List<Relation>> triples(CheckResult r, boolean withRao) {
        Set<List<Relation>> out = new HashSet<>();
        for (Execution x : r.executions()) {
            out.add(withRao ? List.of(x.rf(), x.co(), x.rao()) : List.of(x.rf(), x.co()));
        }
        return out;
    }

    private static void assertSoundAndComplete(Program p, String model, FlagValues flags) throws Exception {
        CatModel m = TestFiles.model(model);
        CheckResult o = Engines.operational(p, model, flags, GRAPHS);
        for (Execution x : o.executions()) {
            GraphCheck.Verdict v = GraphCheck.check(x, m);
            assertTrue(v.wellFormed(), () -> p.name() + " under " + model + " with " + flags + ": ill-formed graph "
                    + v.problems());
            assertTrue(v.consistent(), () -> p.name() + " under " + model + " with " + flags + ": graph fails "
                    + v.failedCheck() + " with cycle " + v.cycle() + "\n" + x.structure());
        }
        CheckResult a = Engines.axiomatic(p, model, flags, GRAPHS);
        Set<List<Relation>> fromMachine = triples(o, true);
        Set<List<Relation>> fromAxioms = triples(a, true);
        assertEquals(o.executions().size(), fromMachine.size(), "the explorer reports each graph once");
        if (ATOMIC.contains(model)) {
            // rdma-sc-rmw and sc do not constrain rao: the axiomatic engine counts every rao order of a
            // consistent (rf, co) as an execution, the atomic machine records rao in time order
            assertTrue(fromAxioms.containsAll(fromMachine), () -> where(p, model, flags) + difference(fromAxioms, fromMachine));
            Set<List<Relation>> rfCoMachine = triples(o, false);
            Set<List<Relation>> rfCoAxioms = triples(a, false);
            assertTrue(rfCoAxioms.equals(rfCoMachine), () -> where(p, model, flags) + "(rf, co) pairs: "
                    + difference(rfCoAxioms, rfCoMachine));
        } else {
            assertTrue(fromAxioms.equals(fromMachine), () -> where(p, model, flags) + difference(fromAxioms, fromMachine));
            assertEquals(a.positive(), o.positive(), "positive executions");
            assertEquals(a.negative(), o.negative(), "negative executions");
            assertEquals(a.states(), o.states(), "projected states with execution counts");
        }
        assertFalse(o.partial());
    }

    private static String where(Program p, String model, FlagValues flags) {
        return p.name() + " under " + model + " with " + flags + ": ";
    }

    private static String difference(Set<List<Relation>> axioms, Set<List<Relation>> machine) {
        Set<List<Relation>> onlyA = new HashSet<>(axioms);
        onlyA.removeAll(machine);
        Set<List<Relation>> onlyM = new HashSet<>(machine);
        onlyM.removeAll(axioms);
        return onlyA.size() + " graphs only axiomatic (e.g. " + onlyA.stream().limit(1).toList() + "); " + onlyM.size()
                + " only operational (e.g. " + onlyM.stream().limit(1).toList() + ")";
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("suiteUnderAcceptingModels")
    void graphsUnderEveryAcceptingModel(String id, String model) throws Exception {
        Program p = Engines.suite(id);
        assertSoundAndComplete(p, model, Engines.baseFlags(p));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void graphsUnderEverySingleFlagChange(String id) throws Exception {
        Program p = Engines.suite(id);
        for (FlagValues flags : Engines.singleFlagSettings(p)) {
            assertSoundAndComplete(p, "rdma-tso-rmw", flags);
        }
    }
}
