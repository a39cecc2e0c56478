package remo.conformance.genc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.FinalState;
import remo.conformance.LitmusRunner;
import remo.conformance.NicTestFiles;
import remo.litmus.Instruction;
import remo.litmus.Program;
import remo.litmus.ThreadCode;

/**
 * {@code remo gen-c} on the regression suite (docs/hardware.md): every test that uses only puts,
 * gets, polls, rcas, rfaa, loads and stores becomes a C program that compiles with {@code gcc -Wall
 * -Wextra -Werror} against the real {@code infiniband/verbs.h} and links with {@code -libverbs}; linked
 * with the shared-memory shim instead, it runs, and every full final state it prints is allowed by the
 * model the simulator compares with ({@link LitmusRunner#conformanceModel}). The other tests are
 * refused with the instruction that stops them. Two planted bugs are caught as observed states outside
 * the allowed set: a store that writes one more than it should (the program) and a get reported
 * complete before its data lands (the shim, as a faulty NIC would).
 *
 * <p>Skipped, with the reason, when gcc or the verbs headers are missing (.ci/run installs both).
 */
class GeneratedVerbsProgramTest {
    private static final int ITERATIONS = 200;

    @TempDir
    static Path dir;

    static Stream<String> suite() {
        return NicTestFiles.suiteFiles().stream();
    }

    private static final Set<Class<?>> WRITTEN = Set.of(Instruction.Load.class, Instruction.Store.class, Instruction.Put.class,
            Instruction.Get.class, Instruction.RemoteCas.class, Instruction.RemoteFaa.class, Instruction.Poll.class);

    private static Optional<Instruction> firstUnwritten(Program p) {
        for (ThreadCode t : p.threads()) {
            for (Instruction i : t.instructions()) {
                if (!WRITTEN.contains(i.getClass())) {
                    return Optional.of(i);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Writes the shim and every eligible suite test's program and compiles them to objects with
     * {@code -Wall -Wextra -Werror} against the real verbs headers, in one gcc call (a gcc process per
     * file costs seconds on a loaded machine).
     */
    @BeforeAll
    static void compileTheShimAndTheSuite() throws Exception {
        String missing = CCompiler.missing();
        Assumptions.assumeTrue(missing == null, missing);
        Files.writeString(dir.resolve(VerbsShim.FILE_NAME), VerbsShim.source());
        List<String> command = new ArrayList<>(List.of("gcc", "-Wall", "-Wextra", "-Werror", "-O2", "-pthread", "-c",
                VerbsShim.FILE_NAME));
        for (String file : NicTestFiles.suiteFiles()) {
            Program p = NicTestFiles.suite(file);
            Optional<String> c = VerbsProgramWriter.write(p);
            if (c.isPresent()) {
                Files.writeString(dir.resolve(p.name() + ".c"), c.get());
                command.add(p.name() + ".c");
            }
        }
        CCompiler.Result r = CCompiler.run(dir, command, 600);
        assertEquals(0, r.status(), "the shim and every eligible test compile without warnings: " + r.out());
    }

    /**
     * Links {@code name}'s object with libibverbs (every verbs call the program makes exists in the
     * real library) and with the shim; returns the shim-linked executable.
     */
    private static Path link(String name) throws Exception {
        CCompiler.Result real = CCompiler.run(dir, List.of("gcc", "-pthread", name + ".o", "-o", name + ".verbs", "-libverbs"),
                120);
        assertEquals(0, real.status(), name + " links with libibverbs: " + real.out());
        CCompiler.Result shim = CCompiler.run(dir, List.of("gcc", "-pthread", name + ".o", "verbs_shim.o", "-o", name + ".shim"),
                120);
        assertEquals(0, shim.status(), name + " links with the shim: " + shim.out());
        return dir.resolve(name + ".shim");
    }

    /** Compiles {@code c} (warnings are errors) and links it with the shim. */
    private static Path build(String name, String c) throws Exception {
        Files.writeString(dir.resolve(name + ".c"), c);
        CCompiler.Result r = CCompiler.run(dir, List.of("gcc", "-Wall", "-Wextra", "-Werror", "-O2", "-pthread", "-c",
                name + ".c"), 120);
        assertEquals(0, r.status(), name + " compiles: " + r.out());
        return link(name);
    }

    private static ObservedStates run(Path executable, String name) throws Exception {
        return run(executable, name, ITERATIONS);
    }

    private static ObservedStates run(Path executable, String name, int iterations) throws Exception {
        CCompiler.Result r = CCompiler.run(dir, List.of(executable.toString(), "-i", String.valueOf(iterations), "-D", "200"),
                120);
        assertEquals(0, r.status(), name + " runs against the shim: " + r.out());
        return ObservedStates.parse(name, r.out());
    }

    private static Set<FinalState> allowed(Program p) throws Exception {
        return AxiomaticChecker.check(p, NicTestFiles.model(LitmusRunner.conformanceModel(p)), NicTestFiles.flags(p),
                CheckOptions.defaults()).fullStates();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("suite")
    void eligibleTestsRunWithinTheModelAndOthersAreRefusedWithAReason(String file) throws Exception {
        Program p = NicTestFiles.suite(file);
        Optional<String> reason = VerbsEligibility.reasonAgainst(p);
        Optional<Instruction> unwritten = firstUnwritten(p);
        if (unwritten.isPresent()) {
            assertTrue(reason.isPresent(), file + " uses " + unwritten.get() + " and must be refused");
            assertTrue(reason.get().contains("'" + unwritten.get() + "'"), "the reason names the instruction: " + reason.get());
            assertTrue(VerbsProgramWriter.write(p).isEmpty(), file);
            return;
        }
        assertEquals(Optional.empty(), reason, file + " uses only written instructions");
        assertTrue(Files.exists(dir.resolve(p.name() + ".o")), "compiled with the suite");
        ObservedStates observed = run(link(p.name()), p.name());
        assertEquals(p.name(), observed.test());
        assertEquals(ITERATIONS, observed.counts().values().stream().mapToLong(Long::longValue).sum(), observed.toString());
        ObservedStates.Comparison cmp = observed.compare(p, allowed(p));
        assertEquals(List.of(), cmp.forbidden(), p.name() + ": observed states outside "
                + LitmusRunner.conformanceModel(p) + "'s allowed set; histogram " + observed.counts());
    }

    @Test
    void aPlantedStoreBugIsCaughtAsAForbiddenState() throws Exception {
        Program p = NicTestFiles.suite("L03");
        String c = VerbsProgramWriter.write(p).orElseThrow();
        String correct = "__atomic_store_n(&c->mem[loc], (uint64_t) v, __ATOMIC_RELEASE);";
        assertTrue(c.contains(correct), "the runtime's store");
        String mutant = c.replace(correct, "__atomic_store_n(&c->mem[loc], (uint64_t) v + 1, __ATOMIC_RELEASE);");
        ObservedStates observed = run(build("L03-mutant", mutant), "L03-mutant");
        List<String> forbidden = observed.compare(p, allowed(p)).forbidden();
        assertFalse(forbidden.isEmpty(), "x = 1 stores 2: " + observed.counts());
        assertTrue(forbidden.stream().allMatch(s -> s.contains("x=2;")), forbidden.toString());
    }

    @Test
    void aPlantedShimBugThatCompletesARequestBeforeItsDataLandsIsCaught() throws Exception {
        // a NIC that reports a get complete before it has written the local buffer: L04p (get, poll, read) reads 0
        String shim = VerbsShim.source();
        String delay = "        for (int i = 0; i < turns; i++) {\n";
        String completion = "        complete(q, &w, status);\n";
        assertTrue(shim.contains(delay) && shim.contains(completion), "the shim's NIC loop");
        String mutant = shim.replace(completion, "").replace(delay, "        complete(q, &w, IBV_WC_SUCCESS);\n" + delay);
        Files.writeString(dir.resolve("early_shim.c"), mutant);
        CCompiler.Result c = CCompiler.run(dir, List.of("gcc", "-O2", "-pthread", "-c", "early_shim.c"), 120);
        assertEquals(0, c.status(), c.out());
        Program p = NicTestFiles.suite("L04p");
        assertTrue(Files.exists(dir.resolve("L04p.o")), "compiled with the suite");
        CCompiler.Result l = CCompiler.run(dir, List.of("gcc", "-pthread", "L04p.o", "early_shim.o", "-o", "L04p.early"), 120);
        assertEquals(0, l.status(), l.out());
        // the thread and the shim's NIC thread take turns, so the poll wins the race in a few per cent of the
        // iterations (5 of 200 in one run): 2000 iterations
        ObservedStates observed = run(dir.resolve("L04p.early"), "L04p", 2000);
        List<String> forbidden = observed.compare(p, allowed(p)).forbidden();
        assertFalse(forbidden.isEmpty(), "the poll returned before the get landed: " + observed.counts());
        // r0 = 0 after the poll; a itself may be 0 too (the get lands after the final state is taken)
        assertTrue(forbidden.stream().allMatch(st -> st.startsWith("0:r0=0; a=")), forbidden.toString());
    }

    @Test
    void longNamesAndWideValuesFitTheStateLine() throws Exception {
        // the state line's buffer once had 64 characters per item: two 120-character names overflowed it
        String x = "x" + "_long".repeat(24);
        String y = "y" + "_long".repeat(24);
        Program p = remo.litmus.LitmusParser.parseAndValidate("long.litmus", "RDMA LongNames\n{ " + x + "@1 = -9223372036854775807; "
                + y + "@2 = 0; }\n P0@1 ;\n r0 = " + x + " ;\n put " + y + "@2, " + x + " ;\n poll 2 ;\nexists (0:r0 = 0)\n");
        ObservedStates observed = run(build("LongNames", VerbsProgramWriter.write(p).orElseThrow()), "LongNames");
        String only = "0:r0=-9223372036854775807; " + x + "=-9223372036854775807; " + y + "=-9223372036854775807;";
        assertEquals(java.util.Map.of(only, (long) ITERATIONS), observed.counts());
        assertEquals(List.of(), observed.compare(p, allowed(p)).forbidden());
    }

    @Test
    void aMalformedHistogramIsAnErrorAtItsLine() {
        ObservedStates.MalformedException e = org.junit.jupiter.api.Assertions.assertThrows(
                ObservedStates.MalformedException.class,
                () -> ObservedStates.parse("out.txt", "noise\nTest L03\nHistogram (1 states)\n12 z=1;\nIterations 12\n"));
        assertEquals("out.txt:4:1: error[E-OBSERVED]: expected 'Histogram (K states)', 'COUNT :>STATE' or 'Iterations N', "
                + "found '12 z=1;'", e.getMessage());
    }
}
