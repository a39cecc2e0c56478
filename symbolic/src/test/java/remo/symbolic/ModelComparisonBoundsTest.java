package remo.symbolic;

import static remo.symbolic.ModelComparisonTest.assertIncluded;
import static remo.symbolic.ModelComparisonTest.compare;
import static remo.symbolic.ModelComparisonTest.side;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.FlagValues;

/**
 * The inclusions of issue 16 at 8 events (models.md §6.3 facts and herd7's x86tso.cat), too long
 * for the default suite: run with {@code mvn -B test -Pslow}; docs/testing.md lists their
 * times.
 */
@Tag("slow")
class ModelComparisonBoundsTest {

    @Test
    void raoPerLocationAllowsASixEventTestThatPerNodeForbids() throws Exception {
        ModelSide perLocation = side("rdma-wait-rmw", Flag.RAO_SCOPE, "PER_LOCATION");
        ModelSide perNode = side("rdma-wait-rmw");
        ModelComparisonTest.assertDistinguished(compare(perLocation, perNode, 6), 6, perLocation, perNode);
    }

    @Test
    void scIsIncludedInTsoUpToEightEvents() throws Exception {
        assertIncluded(compare(side("sc"), side("tso"), 8), 8);
    }

    @Test
    void rdmaScRmwIsIncludedInRdmaWaitRmwUpToEightEvents() throws Exception {
        assertIncluded(compare(side("rdma-sc-rmw"), side("rdma-wait-rmw"), 8), 8);
    }

    @Test
    void rdmaTsoIsIncludedInRdmaTsoRmwUpToEightEvents() throws Exception {
        // rdma-tso rejects rcas and rfaa: the programs compared have no remote RMW
        assertIncluded(compare(side("rdma-tso"), side("rdma-tso-rmw"), 8), 8);
    }

    @Test
    void rdmaTsoRmwEqualsTsoOnCpuProgramsUpToEightEvents() throws Exception {
        // tso rejects every NIC instruction: the programs compared are CPU-only
        assertIncluded(compare(side("rdma-tso-rmw"), side("tso"), 8), 8);
        assertIncluded(compare(side("tso"), side("rdma-tso-rmw"), 8), 8);
    }

    @Test
    void herdsX86tsoEqualsTheBundledTsoUpToEightEvents() throws Exception {
        ModelSide herd = new ModelSide(ModelComparisonTest.LIBRARY.load(TranslationExactnessTest.remoRoot()
                .resolve("testdata/cat/herdtools7/x86tso.cat").normalize().toString()), FlagValues.defaults());
        assertIncluded(compare(herd, side("tso"), 8), 8);
        assertIncluded(compare(side("tso"), herd, 8), 8);
    }
}
