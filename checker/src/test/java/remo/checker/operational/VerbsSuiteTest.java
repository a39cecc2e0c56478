package remo.checker.operational;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.TestFiles;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;

/**
 * The suite-style tests of the verbs work-request options (inline puts, language.md §4.2), in
 * {@code examples/suite-verbs} with their oracle {@code expected.tsv} (the columns of suite.md §1):
 * the verdict under every model by both engines, the same full final states from both, every single
 * flag change under {@code rdma-tso-rmw} (the listed flips, and no other change of verdict), and
 * the |FS| counts under {@code rdma-tso-rmw} and {@code rdma-sc-rmw}. The verdicts are justified in
 * {@code examples/suite-verbs/README.md}.
 */
class VerbsSuiteTest {

    private static Path dir() {
        return TestFiles.root().resolve("examples/suite-verbs");
    }

    private static List<Map<String, String>> rows() {
        return TestFiles.tsv(dir().resolve("expected.tsv"));
    }

    private static Program program(String id) throws Exception {
        return TestFiles.read(dir().resolve(id + ".litmus"));
    }

    static Stream<Arguments> underEveryModel() {
        return rows().stream().flatMap(r -> Engines.MODELS.stream().map(m -> Arguments.of(r.get("id"), m, r.get(m))));
    }

    static Stream<Arguments> tests() {
        return rows().stream().map(r -> Arguments.of(r.get("id"), r.get("flag_flips"), r.get("fs_weak"), r.get("fs_sc"),
                r.get("rdma-tso-rmw")));
    }

    /** Both engines' verdicts and full final states under {@code model} and {@code flags}; returns the verdict word. */
    private static String agreedVerdict(Program p, String model, FlagValues flags) throws Exception {
        CheckResult a = Engines.axiomatic(p, model, flags, CheckOptions.defaults());
        CheckResult o = Engines.operational(p, model, flags, CheckOptions.defaults());
        assertEquals(a.fullStates(), o.fullStates(), () -> p.name() + " under " + model + " with " + flags + ": "
                + Engines.difference(p, a.fullStates(), o.fullStates()));
        assertEquals(a.verdict(), o.verdict(), p.name() + " verdict");
        return a.verdict().word();
    }

    @ParameterizedTest(name = "{0} under {1}: {2}")
    @MethodSource("underEveryModel")
    void verdictUnderEveryModelByBothEngines(String id, String model, String expected) throws Exception {
        Program p = program(id);
        FlagValues flags = Engines.baseFlags(p);
        if (expected.equals("unsupported")) {
            LitmusException e = assertThrows(LitmusException.class,
                    () -> Engines.operational(p, model, flags, CheckOptions.defaults()));
            assertEquals("E-UNSUPPORTED", e.diagnostic().code());
            LitmusException f = assertThrows(LitmusException.class, () -> TestFiles.check(p, model));
            assertEquals("E-UNSUPPORTED", f.diagnostic().code());
        } else {
            assertEquals(expected, agreedVerdict(p, model, flags));
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
        FlagValues base = Engines.baseFlags(p);
        for (Flag f : Flag.values()) {
            for (String value : f.allowedValues()) {
                if (value.equals(base.get(f))) {
                    continue;
                }
                String setting = f.name() + "=" + value;
                String expected = flipped.getOrDefault(setting, verdict);
                assertEquals(expected, agreedVerdict(p, "rdma-tso-rmw", base.with(f, value)), setting);
                flipped.remove(setting);
            }
        }
        assertTrue(flipped.isEmpty(), "flips not exercised: " + flipped);
        assertEquals(Integer.parseInt(fsWeak), TestFiles.check(p, "rdma-tso-rmw").fullStates().size(), "|FS| rdma-tso-rmw");
        assertEquals(Integer.parseInt(fsSc), TestFiles.check(p, "rdma-sc-rmw").fullStates().size(), "|FS| rdma-sc-rmw");
    }
}
