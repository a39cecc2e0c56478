package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import remo.core.Diagnostic;

/**
 * Seeded mutation fuzzing: valid files with characters, tokens and lines deleted, inserted,
 * replaced or moved. The parser and validator must either accept the input or throw a
 * {@link LitmusException} with a well-formed diagnostic inside the file; an accepted program must
 * survive a print→parse round trip. On failure the seed and the input are printed.
 */
class ParserFuzzTest {

    /** Number of seeds; more with {@code -Dremo.fuzz.seeds=N}. */
    private static final int SEEDS = Integer.getInteger("remo.fuzz.seeds", 5000);

    private static final List<String> FRAGMENTS = List.of(
            "a", "x", "y", "z", "r0", "r1", "P0", "P1", "P2", "0", "1", "2", "007", "9223372036854775808", "-",
            " ", "\t", "\n", "\r", "\r\n", "@", ",", ";", "|", "||", "(", ")", "[", "]", "{", "}", ":", "~", "!", "+",
            "*", "&", "^", "#", "=", "==", "!=", "<>", "<", ">", "=>", "/\\", "\\/", "/", "\\", "\"", "'", "$", "é",
            "\uD83D\uDE00", "(*", "*)", "//", "node", "flags", "put", "get", "rcas", "rfaa", "poll", "rfence", "wait",
            "gf", "mfence", "cas", "faa", "assume", "await", "exists", "~exists", "forall", "filter", "locations",
            "true", "false", "not", "#d", "P0@1 |", "RDMA", "X86", "POLL_SCOPE=PER_THREAD", "node A = 2;", "0:r0 = 1;");

    private static final String EVERYTHING = "RDMA Everything\n\"all constructs\"\n"
            + "flags GG_LOCAL_ORDER=OFF, RFENCE_SCOPE=ALL\n"
            + "{ node A = 1; node B = 2; x@A = 0; y@A; a@1 = -4; z@B = 7; w@2; 0:r9 = 3; P1:r9 = 4; }\n"
            + " P0@A                 | P1@B                 ;\n"
            + " r0 = x               | rfaa w, x@1, r9 #k   ;\n"
            + " r1 = cas(x, 0, r0)   | wait k               ;\n"
            + " r2 = faa(y, -1)      | r0 = (r9 | 4)        ;\n"
            + " assume (r0 == 1 || !(r1 < 2) && r2 >= 0) | await (z == 7) ;\n"
            + " put z@B, a #d        | rcas w, x@A, 0, r0   ;\n"
            + " get y, w@2           | poll 1               ;\n"
            + " rfence 2 ; \n"
            + " poll 2 | gf ;\n"
            + " wait d | mfence ;\n"
            + " r3 = r9 * 2 | ;\n"
            + "locations [x; [y]; 0:r3]\n"
            + "filter (0:r0 = 1 \\/ ~(z <> 7))\n"
            + "exists (0:r3 = 6 /\\ 1:r0 == 4 => w = 0 \\/ not true)\n";

    private static List<String> corpus() {
        List<String> texts = new ArrayList<>();
        texts.add(EVERYTHING);
        for (String name : List.of("MP+puts", "SB+cpu+nic", "GET+rfence+PUT", "Ticket+handover", "MP+gf+thirdnode")) {
            texts.add(TestFiles.read("examples/" + name + ".litmus"));
        }
        for (int i = 1; i <= 18; i++) {
            texts.add(TestFiles.read(String.format("rejected/X%02d.litmus", i)));
        }
        return texts;
    }

    @Test
    void mutatedFilesAreAcceptedOrRejectedWithADiagnostic() {
        List<String> corpus = corpus();
        Map<String, Integer> outcomes = new TreeMap<>();
        for (int seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            String text = corpus.get(random.nextInt(corpus.size()));
            int mutations = 1 + random.nextInt(3);
            for (int m = 0; m < mutations; m++) {
                text = mutate(text, random);
            }
            outcomes.merge(check(seed, text), 1, Integer::sum);
        }
        assertTrue(outcomes.getOrDefault("accepted", 0) > SEEDS / 40, "too few mutants accepted: " + outcomes);
        assertTrue(outcomes.size() >= 12, "too few kinds of outcome: " + outcomes);
    }

    /** Runs the parser and validator on one input; returns "accepted" or the error code. */
    private static String check(int seed, String text) {
        try {
            if (LitmusParser.detectDialect("f.litmus", text) != Dialect.RDMA) {
                return "other dialect";
            }
            Program p = RdmaParser.parse("f.litmus", text);
            ProgramValidator.validate(p);
            String printed = ProgramPrinter.print(p);
            Program again = LitmusParser.parseAndValidate("f.litmus", printed);
            assertEquals(PositionEraser.erase(p), PositionEraser.erase(again), "round trip of\n" + printed);
            return "accepted";
        } catch (LitmusException e) {
            checkDiagnostic(seed, text, e.diagnostic());
            return e.diagnostic().code();
        } catch (Throwable t) {
            fail("seed " + seed + " failed on input:\n" + text, t);
            return null;
        }
    }

    private static void checkDiagnostic(int seed, String text, Diagnostic d) {
        String where = "seed " + seed + ", " + d.format() + ", input:\n" + text;
        assertEquals("f.litmus", d.file(), where);
        assertEquals(Diagnostic.Severity.ERROR, d.severity(), where);
        String[] lines = text.split("\r\n|\n", -1);
        int line = d.position().line();
        int column = d.position().column();
        assertTrue(line >= 1 && line <= lines.length, where);
        assertTrue(column >= 1 && column <= lines[line - 1].codePointCount(0, lines[line - 1].length()) + 1, where);
        if (d.code().equals("E-SYNTAX")) {
            assertTrue(d.message().startsWith("syntax error: expected ") && d.message().contains(", found "), where);
        }
    }

    private static String mutate(String text, Random random) {
        if (text.isEmpty()) {
            return FRAGMENTS.get(random.nextInt(FRAGMENTS.size()));
        }
        int at = random.nextInt(text.length());
        switch (random.nextInt(6)) {
            case 0: // delete a few characters
                return text.substring(0, at) + text.substring(Math.min(text.length(), at + 1 + random.nextInt(3)));
            case 1: // insert a fragment
                return text.substring(0, at) + FRAGMENTS.get(random.nextInt(FRAGMENTS.size())) + text.substring(at);
            case 2: // replace one character by a fragment
                return text.substring(0, at) + FRAGMENTS.get(random.nextInt(FRAGMENTS.size())) + text.substring(at + 1);
            case 3: { // delete the word or symbol at a position
                int end = at;
                while (end < text.length() && Character.isLetterOrDigit(text.charAt(end))) {
                    end++;
                }
                return text.substring(0, at) + text.substring(Math.max(end, at + 1));
            }
            case 4: { // duplicate a line
                String[] lines = text.split("\n", -1);
                int i = random.nextInt(lines.length);
                List<String> copy = new ArrayList<>(List.of(lines));
                copy.add(random.nextInt(copy.size() + 1), lines[i]);
                return String.join("\n", copy);
            }
            default: { // swap two lines
                List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
                int i = random.nextInt(lines.size());
                int j = random.nextInt(lines.size());
                String tmp = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, tmp);
                return String.join("\n", lines);
            }
        }
    }
}
