package remo.checker.operational;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.checker.FinalState;
import remo.checker.TestFiles;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.Program;

/** Shared fixtures of the operational tests: programs, flag settings, both engines, diff messages. */
final class Engines {
    static final List<String> MODELS = List.of("sc", "tso", "rdma-tso", "rdma-tso-rmw", "rdma-wait-rmw", "rdma-sc-rmw");

    private Engines() {
    }

    /** Ids of the suite tests, in expected.tsv order. */
    static List<String> suiteIds() {
        return TestFiles.tsv(TestFiles.suiteDir().resolve("expected.tsv")).stream().map(r -> r.get("id")).toList();
    }

    /** Rows of expected.tsv. */
    static List<Map<String, String>> suiteRows() {
        return TestFiles.tsv(TestFiles.suiteDir().resolve("expected.tsv"));
    }

    static Program suite(String id) throws Exception {
        return TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
    }

    /** Corpus files relative to the corpus directory (EXPECTED.tsv order). */
    static List<String> corpusFiles() {
        return TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv")).stream().map(r -> r.get("file")).toList();
    }

    static Program corpus(String file) throws Exception {
        return TestFiles.read(TestFiles.corpusDir().resolve(Path.of(file)));
    }

    /** Whether the suite oracle says {@code model} accepts test {@code id}. */
    static boolean accepts(Map<String, String> row, String model) {
        return !row.get(model).equals("unsupported");
    }

    /** The default flags with the test's flag line. */
    static FlagValues baseFlags(Program p) {
        return FlagValues.defaults().withAll(p.flags());
    }

    /** The base flags, then each single non-default value of models.md §8 (nine settings in all). */
    static List<FlagValues> singleFlagSettings(Program p) {
        List<FlagValues> out = new ArrayList<>();
        FlagValues base = baseFlags(p);
        out.add(base);
        for (Flag f : Flag.values()) {
            for (String v : f.allowedValues()) {
                if (!v.equals(f.defaultValue())) {
                    out.add(base.with(f, v));
                }
            }
        }
        return out;
    }

    static CheckResult axiomatic(Program p, String model, FlagValues flags, CheckOptions options) throws Exception {
        return AxiomaticChecker.check(p, TestFiles.model(model), flags, options);
    }

    static CheckResult operational(Program p, String model, FlagValues flags, CheckOptions options) throws Exception {
        return OperationalExplorer.check(p, TestFiles.model(model), flags, options);
    }

    /** A readable difference of two outcome sets ("only axiomatic: …; only operational: …"). */
    static String difference(Program p, Set<FinalState> axiomatic, Set<FinalState> operational) {
        Set<String> onlyA = axiomatic.stream().filter(s -> !operational.contains(s)).map(s -> s.format(p))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> onlyO = operational.stream().filter(s -> !axiomatic.contains(s)).map(s -> s.format(p))
                .collect(Collectors.toCollection(TreeSet::new));
        return "only axiomatic: " + onlyA + "; only operational: " + onlyO;
    }
}
