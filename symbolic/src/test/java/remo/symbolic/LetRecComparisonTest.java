package remo.symbolic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import remo.core.FlagValues;

/**
 * Models with {@code let rec}: each unrolling step is a relation defined equal to its value
 * (CatTranslator), so the formula stays a small graph for Kodkod. Before, herd7's ppc.cat (whose
 * ppo.cat is a let rec of four relations) never got past Kodkod's walk of the formula tree, and
 * {@code --timeout} could not stop it (fresh-user trial).
 */
class LetRecComparisonTest {
    @TempDir
    Path dir;

    private ModelSide model(String name, String text) throws Exception {
        Path p = dir.resolve(name + ".cat");
        Files.writeString(p, name + "\n" + text);
        return new ModelSide(ModelComparisonTest.LIBRARY.load(p.toString()), FlagValues.defaults());
    }

    /**
     * A least fixpoint and the closure it computes accept the same executions; a weaker model is
     * told apart from it by 3 events (a cas reading the value a later put of the same thread
     * writes: a CPU read never reads its own thread's po-later store, so 2 events do not suffice).
     */
    @Test
    void aLetRecFixpointIsExactlyItsClosure() throws Exception {
        ModelSide fixpoint = model("fixpoint", "let rec r = rf | (r;r)\nacyclic (r | po) as c\n");
        ModelSide closure = model("closure", "acyclic (rf+ | po) as c\n");
        ModelSide weaker = model("weaker", "acyclic po as c\n");
        assertEquals(ComparisonResult.Outcome.INCLUDED, ModelComparisonTest.compare(fixpoint, closure, 4).outcome());
        assertEquals(ComparisonResult.Outcome.INCLUDED, ModelComparisonTest.compare(closure, fixpoint, 4).outcome());
        ComparisonResult r = ModelComparisonTest.compare(weaker, fixpoint, 4);
        ModelComparisonTest.assertDistinguished(r, 3, weaker, fixpoint);
    }

    /** herd7's ppc.cat against tso: included up to 3 events, told apart by a 4-event store buffering. */
    @Test
    void herdsPpcModelIsComparedWithTso() throws Exception {
        ModelSide ppc = new ModelSide(ModelComparisonTest.LIBRARY.load(TranslationExactnessTest.remoRoot()
                .resolve("testdata/cat/herdtools7/ppc.cat").normalize().toString()), FlagValues.defaults());
        ModelSide tso = ModelComparisonTest.side("tso");
        assertEquals(ComparisonResult.Outcome.INCLUDED, ModelComparisonTest.compare(ppc, tso, 3).outcome());
        ComparisonResult r = ModelComparisonTest.compare(ppc, tso, 4);
        ModelComparisonTest.assertDistinguished(r, 4, ppc, tso);
    }
}
