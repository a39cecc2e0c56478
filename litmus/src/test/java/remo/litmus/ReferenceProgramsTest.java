package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every RDMA program of the reference (docs/reference/language.md and docs/reference/suite.md): the
 * accepted ones parse, validate and survive a print→parse round trip; each rejected one of
 * suite.md §4 gives exactly its "Expected:" line.
 */
class ReferenceProgramsTest {

    private static final Pattern BLOCK = Pattern.compile("```\\n(RDMA .*?)```", Pattern.DOTALL);
    private static final Pattern REJECTED = Pattern.compile(
            "#### (X\\d+)\\n\\n```\\n(RDMA [^`]*)```\\n\\nExpected: `([^`]*)`");

    /** The reference directory, {@code docs/reference} under the project root. */
    static Path referenceDir() {
        return Path.of(System.getProperty("remo.root", ".")).resolve("docs/reference");
    }

    /** Every fenced RDMA program of {@code file}, in order. */
    static List<String> programs(String file) throws IOException {
        String text = Files.readString(referenceDir().resolve(file), StandardCharsets.UTF_8);
        List<String> result = new ArrayList<>();
        Matcher m = BLOCK.matcher(text);
        while (m.find()) {
            result.add(m.group(1));
        }
        return result;
    }

    /** The accepted programs: everything but the rejected ones (names starting with X). */
    static List<String> acceptedPrograms() throws IOException {
        List<String> all = new ArrayList<>(programs("language.md"));
        all.addAll(programs("suite.md"));
        all.removeIf(p -> p.startsWith("RDMA X") && !p.startsWith("RDMA X16") && !p.startsWith("RDMA X17"));
        return all;
    }

    @TestFactory
    List<DynamicTest> acceptedProgramsParseValidateAndRoundTrip() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> programs = acceptedPrograms();
        assertTrue(programs.size() >= 78, "found only " + programs.size() + " programs");
        for (String text : programs) {
            String name = text.substring(5, text.indexOf('\n'));
            tests.add(DynamicTest.dynamicTest(name, () -> {
                Program p = LitmusParser.parseAndValidate(name + ".litmus", text);
                assertEquals(name, p.name());
                String printed = ProgramPrinter.print(p);
                Program again = LitmusParser.parseAndValidate(name + ".litmus", printed);
                assertEquals(PositionEraser.erase(p), PositionEraser.erase(again), printed);
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> rejectedProgramsGiveTheirExpectedLine() throws IOException {
        String text = Files.readString(referenceDir().resolve("suite.md"), StandardCharsets.UTF_8);
        List<DynamicTest> tests = new ArrayList<>();
        Matcher m = REJECTED.matcher(text);
        while (m.find()) {
            String id = m.group(1);
            String program = m.group(2);
            String expected = m.group(3);
            tests.add(DynamicTest.dynamicTest(id, () -> {
                LitmusException e = assertThrows(LitmusException.class,
                        () -> LitmusParser.parseAndValidate(id + ".litmus", program));
                assertEquals(expected, e.diagnostic().format());
            }));
        }
        assertEquals(16, tests.size(), "X01–X15 and X18 have an Expected line");
        return tests;
    }
}
