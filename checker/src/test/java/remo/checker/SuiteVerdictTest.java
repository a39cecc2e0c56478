package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;

/**
 * The regression suite of suite.md (files in {@code examples/suite}, oracle in
 * {@code examples/suite/expected.tsv}): verdict or rejection under every model, every flag flip
 * under rdma-tso-rmw, and the outcome-set sizes |FS| under rdma-tso-rmw and rdma-sc-rmw.
 */
class SuiteVerdictTest {
    private static final List<String> MODELS = List.of("sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw");

    static Stream<Arguments> cases() {
        return TestFiles.tsv(TestFiles.suiteDir().resolve("expected.tsv")).stream()
                .flatMap(r -> MODELS.stream().map(m -> Arguments.of(r.get("id"), m, r.get(m))));
    }

    static Stream<Arguments> tests() {
        return TestFiles.tsv(TestFiles.suiteDir().resolve("expected.tsv")).stream()
                .map(r -> Arguments.of(r.get("id"), r.get("flag_flips"), r.get("fs_weak"), r.get("fs_sc"), r.get("rdma-tso-rmw")));
    }

    private static Program program(String id) throws Exception {
        return TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @MethodSource("cases")
    void verdictUnderEveryModel(String id, String model, String expected) throws Exception {
        Program p = program(id);
        if (expected.equals("unsupported")) {
            LitmusException e = assertThrows(LitmusException.class, () -> TestFiles.check(p, model));
            assertEquals("E-UNSUPPORTED", e.diagnostic().code());
        } else {
            assertEquals(expected, TestFiles.check(p, model).verdict().word());
        }
    }

    @ParameterizedTest(name = "{0}: flips {1}, |FS| {2}/{3}")
    @MethodSource("tests")
    void flagFlipsAndOutcomeSetSizes(String id, String flips, String fsWeak, String fsSc, String verdict) throws Exception {
        Program p = program(id);
        Map<String, String> flipped = new HashMap<>();
        if (!flips.equals("-")) {
            for (String f : flips.split(",")) {
                String[] kv = f.split(":");
                flipped.put(kv[0], kv[1]);
            }
        }
        FlagValues base = FlagValues.defaults().withAll(p.flags());
        for (Flag f : Flag.values()) {
            for (String value : f.allowedValues()) {
                if (value.equals(f.defaultValue())) {
                    continue;
                }
                String setting = f.name() + "=" + value;
                String expected = flipped.getOrDefault(setting, verdict);
                assertEquals(expected, TestFiles.check(p, "rdma-tso-rmw", base.with(f, value)).verdict().word(), setting);
                flipped.remove(setting);
            }
        }
        assertTrue(flipped.isEmpty(), "flips not exercised: " + flipped);
        assertEquals(Integer.parseInt(fsWeak), TestFiles.check(p, "rdma-tso-rmw").fullStates().size(), "|FS| rdma-tso-rmw");
        assertEquals(Integer.parseInt(fsSc), TestFiles.check(p, "rdma-sc-rmw").fullStates().size(), "|FS| rdma-sc-rmw");
    }
}
