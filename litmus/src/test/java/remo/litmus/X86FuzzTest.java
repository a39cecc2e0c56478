package remo.litmus;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded fuzzing of the x86 parser: corpus files with characters deleted, inserted or replaced
 * must either parse or be rejected with a {@link LitmusException}; any other throwable is a bug.
 * A failure prints the seed and the mutated input, so it can be replayed.
 */
class X86FuzzTest {

    private static final int SEEDS = 4000;

    /** Characters and fragments that matter to the lexer and the grammar. */
    private static final String[] FRAGMENTS = {
        "|", ";", ",", ":", "=", "(", ")", "[", "]", "{", "}", "$", "%", "-", "~", "\"", "\n", "\r", "\t", " ",
        "(*", "*)", "<<", "/\\", "\\/", "<>", "!=", "==", "=>", "0", "7", "99999999999999999999", "P", "P9", "x",
        "EAX", "%eax", "LOCK ", "lock ", "XCHG", "movl", "mfence", "exists", "~exists", "final", "forall",
        "filter", "locations", "with", "true", "not", "@", "#", "\u00e9", "\ud83d\ude00", "\ud83d", "int ",
    };

    @Test
    void mutatedCorpusFilesOnlyThrowLitmusException() throws Exception {
        List<String> files = new ArrayList<>();
        for (X86CorpusTest.Entry e : X86CorpusTest.entries()) {
            files.add(X86CorpusTest.read(e.file()));
        }
        for (int seed = 0; seed < SEEDS; seed++) {
            Random random = new Random(seed);
            String input = mutate(files.get(random.nextInt(files.size())), random);
            try {
                Dialect dialect = LitmusParser.detectDialect("fuzz.litmus", input);
                if (dialect.isX86()) {
                    X86Parser.parse("fuzz.litmus", input, dialect);
                }
            } catch (LitmusException expected) {
                // a diagnostic is the right outcome for a malformed file
            } catch (Throwable t) {
                fail("seed " + seed + ": " + t + "\n--- input ---\n" + input + "\n--- end ---", t);
            }
        }
    }

    private static String mutate(String text, Random random) {
        StringBuilder b = new StringBuilder(text);
        int edits = 1 + random.nextInt(6);
        for (int k = 0; k < edits; k++) {
            int at = b.length() == 0 ? 0 : random.nextInt(b.length());
            switch (random.nextInt(3)) {
                case 0:
                    if (b.length() > 0) {
                        b.deleteCharAt(at);
                    }
                    break;
                case 1:
                    b.insert(at, fragment(random));
                    break;
                default:
                    if (b.length() > 0) {
                        b.replace(at, at + 1, fragment(random));
                    }
                    break;
            }
        }
        return b.toString();
    }

    private static String fragment(Random random) {
        if (random.nextInt(4) == 0) {
            return String.valueOf((char) (32 + random.nextInt(95)));
        }
        return FRAGMENTS[random.nextInt(FRAGMENTS.length)];
    }
}
