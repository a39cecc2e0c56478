package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.FlagValues;
import remo.litmus.Program;

/**
 * Profile {@code slow}: the exploration against the plain enumeration on the lock harness that the
 * plain enumeration decides in about a minute (C-ME-2ACQ: 7.9 million candidates), every blocked
 * candidate counted.
 */
@Tag("slow")
class ExplorationDifferentialSlowTest {

    @ParameterizedTest
    @ValueSource(strings = {"C-ME-2ACQ"})
    void lockHarnessAgrees(String harness) throws Exception {
        Program p = TestFiles.read(PerfHarnessTest.harnessFile(harness));
        CheckResult plain = AxiomaticChecker.check(p, TestFiles.model("rdma-wait-rmw"), FlagValues.defaults(),
                CheckOptions.defaults(), true);
        CheckResult explored = AxiomaticChecker.check(p, TestFiles.model("rdma-wait-rmw"), FlagValues.defaults(),
                CheckOptions.defaults().withMaxBlocked(0), false);
        assertEquals(null, ExplorationDifferentialTest.difference(plain, explored));
    }
}
