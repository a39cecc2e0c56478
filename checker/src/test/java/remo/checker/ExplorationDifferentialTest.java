package remo.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.fuzz.DifferentialFuzzer;
import remo.core.FlagValues;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.Shrinker;

/**
 * The output-sensitive exploration ({@code remo.checker.explore.GraphExplorer}) against the plain
 * enumeration it replaces: on every suite test under every model that accepts it, on the 161 x86
 * corpus tests and herdtools7's tree of X86 tests under {@code tso} and {@code sc}, on an unrolled
 * spin loop (guarded reads, cut executions), and on {@value #PROGRAMS} programs of the fuzzer's
 * generators (every model, the fuzzer's flag combinations), both give the same projected states
 * with their execution counts, the same full outcome set, Positive/Negative, Blocked with its
 * blocking points, and raised flags; and the exploration never checks more complete candidates.
 * A failure on a generated program prints its seed, index and the program shrunk.
 */
class ExplorationDifferentialTest {
    private static final int PROGRAMS = Integer.getInteger("remo.explore.programs", 3000);
    private static final long SEED = 20261201L;
    /** Generated programs whose plain enumeration explores more candidates are skipped. */
    private static final long BOUND = 20_000;
    private static final AtomicLong COMPARED = new AtomicLong();
    private static final AtomicLong SKIPPED = new AtomicLong();
    private static final DifferentialFuzzer FUZZER;

    static {
        try {
            FUZZER = new DifferentialFuzzer(SEED, DifferentialFuzzer.DEFAULT_MODELS, BOUND);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Stream<String[]> suiteRuns() {
        return TestFiles.tsv(TestFiles.suiteDir().resolve("expected.tsv")).stream().flatMap(row -> row.entrySet().stream()
                .filter(e -> !e.getKey().equals("id") && e.getValue().matches("Allowed|Forbidden"))
                .map(e -> new String[] {row.get("id"), e.getKey()}));
    }

    static Stream<String[]> corpusRuns() {
        return TestFiles.tsv(TestFiles.corpusDir().resolve("EXPECTED.tsv")).stream()
                .flatMap(row -> Stream.of("tso", "sc").map(m -> new String[] {row.get("file"), m}));
    }

    /** herdtools7's own tree of X86 tests (loops, branches, guarded code), every file remo accepts. */
    static Stream<String> treeRuns() throws java.io.IOException {
        try (Stream<Path> files = Files.walk(TestFiles.corpusDir().resolve("herdtools7-tree"))) {
            return files.filter(f -> f.toString().endsWith(".litmus")).map(f -> TestFiles.corpusDir().relativize(f).toString())
                    .sorted().toList().stream();
        }
    }

    static LongStream programs() {
        return LongStream.range(0, PROGRAMS);
    }

    /** The difference between the two engines' results, or null if they agree. */
    static String difference(CheckResult plain, CheckResult explored) {
        if (!plain.states().equals(explored.states())) {
            return "states " + plain.states() + " vs " + explored.states();
        }
        if (!plain.fullStates().equals(explored.fullStates())) {
            return "full states " + plain.fullStates() + " vs " + explored.fullStates();
        }
        if (plain.positive() != explored.positive() || plain.negative() != explored.negative()) {
            return "positive/negative " + plain.positive() + "/" + plain.negative() + " vs " + explored.positive() + "/"
                    + explored.negative();
        }
        if (plain.blocked() != explored.blocked() || !plain.blockedAt().equals(explored.blockedAt())) {
            return "blocked " + plain.blocked() + " " + plain.blockedAt() + " vs " + explored.blocked() + " "
                    + explored.blockedAt();
        }
        if (!new TreeSet<>(plain.raisedFlags()).equals(new TreeSet<>(explored.raisedFlags()))) {
            return "flags " + plain.raisedFlags() + " vs " + explored.raisedFlags();
        }
        return null;
    }

    private static void compare(Program p, String model, FlagValues flags) throws LitmusException {
        CheckResult plain = AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), true);
        CheckResult explored = AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), false);
        assertEquals(null, difference(plain, explored), p.name() + " under " + model);
        assertTrue(explored.statistics().complete() <= plain.statistics().complete(),
                "complete candidates " + explored.statistics() + " vs plain " + plain.statistics());
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("suiteRuns")
    void suiteTestsAgree(String id, String model) throws Exception {
        Program p = TestFiles.read(TestFiles.suiteDir().resolve(id + ".litmus"));
        compare(p, model, FlagValues.defaults().withAll(p.flags()));
    }

    @ParameterizedTest(name = "{0} under {1}")
    @MethodSource("corpusRuns")
    void corpusTestsAgree(String file, String model) throws Exception {
        Path f = TestFiles.corpusDir().resolve(file);
        assertTrue(Files.exists(f), f + " missing");
        compare(TestFiles.read(f), model, FlagValues.defaults());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("treeRuns")
    void herdTreeTestsAgree(String file) throws Exception {
        Program p;
        try {
            p = TestFiles.read(TestFiles.corpusDir().resolve(file));
        } catch (LitmusException e) {
            return; // remo rejects it (as herd7 does): nothing to compare
        }
        for (String model : new String[] {"tso", "sc"}) {
            compare(p, model, FlagValues.defaults());
        }
    }

    /** A spin loop unrolled 1 to 4 times: guarded reads that may not exist, and cut executions. */
    @ParameterizedTest(name = "unroll {0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2, 3, 4})
    void unrolledLoopsAgree(int unroll) throws Exception {
        String spin = "X86 SPIN\n{ }\n P0         | P1          ;\n MOV [y],$1 | L0:         ;\n"
                + " MOV [x],$1 | MOV EAX,[x] ;\n MOV [x],$2 | CMP EAX,$1  ;\n            | JNE L0      ;\n"
                + "            | MOV EBX,[y] ;\nexists (1:EBX=0)\n";
        Program p = remo.litmus.LitmusParser.parseAndValidate("spin.litmus", spin, unroll);
        for (String model : new String[] {"tso", "sc"}) {
            compare(p, model, FlagValues.defaults());
            CheckResult plain = AxiomaticChecker.check(p, TestFiles.model(model), FlagValues.defaults(), CheckOptions.defaults(), true);
            CheckResult explored = AxiomaticChecker.check(p, TestFiles.model(model), FlagValues.defaults(), CheckOptions.defaults(), false);
            assertEquals(plain.warnings(), explored.warnings(), "W-UNROLL");
        }
    }

    /** The disagreement on a generated program, or null (also when the plain enumeration is too long). */
    private static String disagreement(Program p, String model, FlagValues flags) {
        try {
            CheckResult plain = AxiomaticChecker.check(p, TestFiles.model(model), flags,
                    CheckOptions.defaults().withMaxExecutions(BOUND), true);
            if (plain.partial()) {
                return null;
            }
            CheckResult explored = AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), false);
            return difference(plain, explored);
        } catch (LitmusException e) {
            return null;
        }
    }

    @ParameterizedTest(name = "program {0}")
    @MethodSource("programs")
    void generatedProgramsAgree(long index) throws Exception {
        Program p = FUZZER.program(index);
        String model = FUZZER.modelOf(index);
        FlagValues flags = FUZZER.flagsOf(index);
        CheckResult plain;
        try {
            plain = AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults().withMaxExecutions(BOUND), true);
        } catch (LitmusException e) {
            return; // a model guard rejects it: both engines share that step
        }
        if (plain.partial()) {
            SKIPPED.incrementAndGet();
            return;
        }
        COMPARED.incrementAndGet();
        String d = difference(plain, AxiomaticChecker.check(p, TestFiles.model(model), flags, CheckOptions.defaults(), false));
        if (d != null) {
            Program small = Shrinker.shrink(p, q -> disagreement(q, model, flags) != null);
            fail("seed " + SEED + ", program " + index + ", " + model + " with " + flags + ": " + d + "\nshrunk ("
                    + disagreement(small, model, flags) + "):\n" + ProgramPrinter.print(small));
        }
    }

    @AfterAll
    static void report() {
        long c = COMPARED.get();
        long s = SKIPPED.get();
        if (c + s > 0) {
            System.out.println("ExplorationDifferentialTest: " + c + " generated programs compared, " + s + " skipped");
            assertTrue(s * 10 <= c + s, "more than 10% of the generated programs skipped: " + s);
        }
    }
}
