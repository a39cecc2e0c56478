package remo.litmus.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import remo.litmus.Instruction;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.ProgramValidator;
import remo.litmus.Prop;
import remo.litmus.ThreadCode;

/** The random generator of operational.md §8.3: well-formedness, round trips, determinism, knobs. */
class RandomProgramGeneratorTest {

    /** Configurations exercised by the round-trip property; 10 000 programs in total. */
    static Stream<Arguments> configurations() {
        GeneratorConfig d = GeneratorConfig.defaults();
        EnumMap<InstructionKind, Integer> everything = new EnumMap<>(InstructionKind.class);
        for (InstructionKind k : InstructionKind.values()) {
            everything.put(k, 1);
        }
        return Stream.of(
                Arguments.of("defaults", d, 11L, 3000),
                Arguments.of("everything", d.withWeights(everything).withRegisterOperandProbability(0.5)
                        .withCondition(GeneratorConfig.Condition.RANDOM).withInstructions(1, 8), 12L, 2000),
                Arguments.of("tso", GeneratorConfig.forModel("tso").withCondition(GeneratorConfig.Condition.RANDOM), 13L, 1000),
                Arguments.of("rdma-tso", GeneratorConfig.forModel("rdma-tso"), 14L, 1000),
                Arguments.of("rdma-wait-rmw", GeneratorConfig.forModel("rdma-wait-rmw").withMatchedPollsOnly(true), 15L, 1000),
                Arguments.of("one-location-per-node", d.withLocationsPerNode(1).withNodes(1, 4).withThreadsPerNode(2)
                        .withWorkIds(5).withTagProbability(1), 16L, 1000),
                Arguments.of("matched-polls", d.withMatchedPollsOnly(true).withWeight(InstructionKind.POLL, 4)
                        .withCondition(GeneratorConfig.Condition.RANDOM), 17L, 1000));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void generatedProgramsValidateAndRoundTrip(String label, GeneratorConfig config, long seed, int count) {
        RandomProgramGenerator gen = new RandomProgramGenerator(config, seed);
        for (int k = 0; k < count; k++) {
            Program p = gen.next();
            String text = null;
            try {
                ProgramValidator.validate(p);
                text = ProgramPrinter.print(p);
                Program back = LitmusParser.parseAndValidate(p.sourceName(), text);
                if (!ProgramNormalizer.equalIgnoringSource(p, back)) {
                    fail("round trip changed " + p.name() + " (seed " + seed + ", index " + k + "):\n" + text
                            + "\nreparsed as:\n" + ProgramPrinter.print(back));
                }
            } catch (LitmusException | RuntimeException e) {
                fail("config " + label + ", seed " + seed + ", index " + k + ": " + e + "\n" + (text != null ? text : p), e);
            }
        }
    }

    @Test
    void theSameSeedGivesTheSamePrograms() {
        GeneratorConfig config = GeneratorConfig.defaults().withCondition(GeneratorConfig.Condition.RANDOM);
        RandomProgramGenerator a = new RandomProgramGenerator(config, 99);
        RandomProgramGenerator b = new RandomProgramGenerator(config, 99);
        for (int k = 0; k < 200; k++) {
            Program p = a.next();
            assertEquals(p, b.get());
            assertEquals("gen-99-" + k, p.name());
        }
        // Random access: program k does not depend on the programs before it.
        assertEquals(new RandomProgramGenerator(config, 99).program(150), a.program(150));
        assertEquals(200, a.nextIndex());
    }

    @Test
    void differentSeedsGiveDifferentPrograms() {
        Set<String> texts = new HashSet<>();
        for (long seed = 0; seed < 50; seed++) {
            Program p = new RandomProgramGenerator(GeneratorConfig.defaults(), seed).next();
            texts.add(ProgramPrinter.print(p.withName("same")).replaceAll("\"Random program.*\"", ""));
        }
        assertTrue(texts.size() > 40, "only " + texts.size() + " distinct programs from 50 seeds");
        assertNotEquals(RandomProgramGenerator.programSeed(1, 0), RandomProgramGenerator.programSeed(0, 1));
    }

    @Test
    void generateFromACallerRandomIsDeterministic() {
        Program a = RandomProgramGenerator.generate(GeneratorConfig.defaults(), new SplittableRandom(5), "A");
        Program b = RandomProgramGenerator.generate(GeneratorConfig.defaults(), new SplittableRandom(5), "A");
        assertEquals(a, b);
        assertEquals("A", a.name());
    }

    /** The parameters of operational.md §8.3, measured over 3000 default programs. */
    /** {@code put_inline} is drawn only when it has a weight, and then makes inline puts (language.md §4.2). */
    @Test
    void inlinePutsAreDrawnByTheirWeightOnly() {
        int plain = 0;
        int inline = 0;
        RandomProgramGenerator defaults = new RandomProgramGenerator(GeneratorConfig.defaults(), 7);
        RandomProgramGenerator weighted = new RandomProgramGenerator(GeneratorConfig.defaults()
                .withWeight(InstructionKind.PUT_INLINE, 2), 7);
        for (int k = 0; k < 500; k++) {
            for (ThreadCode t : defaults.next().threads()) {
                for (Instruction i : t.instructions()) {
                    assertTrue(!(i instanceof Instruction.Put p) || !p.inline(), "no inline put by default");
                }
            }
            for (ThreadCode t : weighted.next().threads()) {
                for (Instruction i : t.instructions()) {
                    if (i instanceof Instruction.Put p) {
                        inline += p.inline() ? 1 : 0;
                        plain += p.inline() ? 0 : 1;
                    }
                }
            }
        }
        // plain puts are also drawn in place of a poll or rfence that has no queue pair yet
        assertTrue(inline > 0.4 * plain && inline < plain, "inline " + inline + ", plain " + plain);
    }

    /** {@code put_unsignaled} draws unsignalled puts, and with matched polls only, no poll blocks on them. */
    @Test
    void unsignaledPutsAreDrawnAndMatchedPollsStillMatch() throws LitmusException {
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults().withMatchedPollsOnly(true)
                .withWeight(InstructionKind.PUT_UNSIGNALED, 3).withWeight(InstructionKind.POLL, 3), 8);
        int unsignaled = 0;
        for (int k = 0; k < 500; k++) {
            Program p = gen.next();
            for (ThreadCode t : p.threads()) {
                for (Instruction i : t.instructions()) {
                    unsignaled += i instanceof Instruction.Put put && put.unsignaled() ? 1 : 0;
                }
            }
            Program back = LitmusParser.parseAndValidate(p.sourceName(), ProgramPrinter.print(p));
            assertTrue(ProgramNormalizer.equalIgnoringSource(p, back), p.name());
        }
        assertTrue(unsignaled > 100, "unsignalled puts drawn: " + unsignaled);
    }

    @Test
    void defaultsFollowTheSpecifiedDistribution() {
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults(), 2024);
        Map<String, Integer> kinds = new java.util.TreeMap<>();
        int ones = 0;
        int inits = 0;
        int nicOps = 0;
        int tagged = 0;
        for (int k = 0; k < 3000; k++) {
            Program p = gen.next();
            int nodes = p.locations().size() / 2;
            assertTrue(nodes == 2 || nodes == 3, p.name());
            for (LocationDecl d : p.locations()) {
                assertTrue(d.name().equals("x" + d.home()) || d.name().equals("y" + d.home()), d.name());
                assertTrue(d.initial() == 0 || d.initial() == 1);
                ones += (int) d.initial();
                inits++;
            }
            assertTrue(p.threads().size() >= 1 && p.threads().size() <= 3);
            assertEquals(new Prop.Constant(true), p.condition());
            for (ThreadCode t : p.threads()) {
                assertTrue(t.size() >= 1 && t.size() <= 4);
                assertTrue(t.node() >= 1 && t.node() <= nodes);
                for (Instruction i : t.instructions()) {
                    kinds.merge(i.keyword(), 1, Integer::sum);
                    if (i instanceof Instruction.Store s) {
                        long v = ((remo.litmus.Operand.Constant) s.value()).value();
                        assertTrue(v >= 1 && v <= 3);
                    }
                    if (i instanceof Instruction.NicOperation op) {
                        nicOps++;
                        tagged += op.tag() == null ? 0 : 1;
                        if (op.tag() != null) {
                            assertTrue(List.of("d", "e").contains(op.tag().name()));
                        }
                    }
                }
            }
        }
        assertEquals(Set.of("load", "store", "mfence", "cas", "faa", "put", "get", "rcas", "rfaa", "poll", "rfence",
                "wait", "gf"), kinds.keySet(), kinds.toString());
        double oneRate = (double) ones / inits;
        assertTrue(oneRate > 0.30 && oneRate < 0.37, "initial value 1 rate " + oneRate);
        double tagRate = (double) tagged / nicOps;
        assertTrue(tagRate > 0.46 && tagRate < 0.54, "tag rate " + tagRate);
        // Stores are drawn twice as often as loads (both are never replaced).
        double storesPerLoad = (double) kinds.get("store") / kinds.get("load");
        assertTrue(storesPerLoad > 1.8 && storesPerLoad < 2.2, "stores per load " + storesPerLoad);
    }

    @Test
    void modelPresetsExcludeTheRejectedClasses() {
        Map<String, Set<String>> excluded = Map.of(
                "tso", Set.of("put", "get", "rcas", "rfaa", "poll", "rfence", "wait", "gf"),
                "sc", Set.of("put", "get", "rcas", "rfaa", "poll", "rfence", "wait", "gf"),
                "rdma-tso", Set.of("rcas", "rfaa"),
                "rdma-wait-rmw", Set.of("poll"));
        for (Map.Entry<String, Set<String>> e : excluded.entrySet()) {
            RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.forModel(e.getKey()), 3);
            for (int k = 0; k < 500; k++) {
                Program p = gen.next();
                for (ThreadCode t : p.threads()) {
                    for (Instruction i : t.instructions()) {
                        assertFalse(e.getValue().contains(i.keyword()), e.getKey() + ": " + i);
                    }
                    if (e.getKey().equals("tso") || e.getKey().equals("sc")) {
                        assertEquals(1, t.node());
                    }
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> GeneratorConfig.forModel("arm"));
    }

    @Test
    void matchedPollsNeverBlockStatically() {
        RandomProgramGenerator gen = new RandomProgramGenerator(GeneratorConfig.defaults().withMatchedPollsOnly(true)
                .withWeight(InstructionKind.POLL, 5), 8);
        int polls = 0;
        for (int k = 0; k < 1000; k++) {
            for (ThreadCode t : gen.next().threads()) {
                Map<Integer, Integer> issued = new java.util.HashMap<>();
                for (Instruction i : t.instructions()) {
                    if (i instanceof Instruction.NicOperation op) {
                        issued.merge(op.node().node(), 1, Integer::sum);
                    } else if (i instanceof Instruction.Poll poll) {
                        polls++;
                        int left = issued.getOrDefault(poll.node().node(), 0);
                        assertTrue(left > 0, "poll without an earlier unmatched operation in " + t);
                        issued.put(poll.node().node(), left - 1);
                    }
                }
            }
        }
        assertTrue(polls > 100, "only " + polls + " polls");
    }

    @Test
    void threadsPerNodeAndRandomConditions() {
        GeneratorConfig config = GeneratorConfig.defaults().withNodes(3, 3).withThreadsPerNode(2)
                .withCondition(GeneratorConfig.Condition.RANDOM);
        for (int k = 0; k < 100; k++) {
            Program p = new RandomProgramGenerator(config, 4).program(k);
            assertEquals(List.of(1, 1, 2, 2, 3, 3), p.threads().stream().map(ThreadCode::node).toList());
            List<Prop.Atom> atoms = PropRewriting.atoms(p.condition());
            assertTrue(atoms.size() >= 1 && atoms.size() <= 3, p.condition().toString());
        }
    }

    @Test
    void badConfigurationsAreRejected() {
        GeneratorConfig d = GeneratorConfig.defaults();
        assertThrows(IllegalArgumentException.class, () -> d.withNodes(0, 2));
        assertThrows(IllegalArgumentException.class, () -> d.withNodes(3, 2));
        assertThrows(IllegalArgumentException.class, () -> d.withInstructions(0, 1));
        assertThrows(IllegalArgumentException.class, () -> d.withLocationsPerNode(7));
        assertThrows(IllegalArgumentException.class, () -> d.withTagProbability(1.5));
        assertThrows(IllegalArgumentException.class, () -> d.withWeight(InstructionKind.LOAD, -1));
        EnumMap<InstructionKind, Integer> onlyPolls = new EnumMap<>(InstructionKind.class);
        onlyPolls.put(InstructionKind.POLL, 1);
        assertThrows(IllegalArgumentException.class, () -> d.withWeights(onlyPolls));
    }
}
