package remo.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import remo.cli.Cli;
import remo.cli.TestData;

/**
 * {@code remo check --json}: the output of whole runs over the x86 corpus, the suite and the
 * rejected programs validates against {@code docs/remo-result.schema.json}, reads back into the
 * typed records, and agrees with the text output.
 */
class JsonOutputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static Schema schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        String text = Files.readString(TestData.root().resolve("docs/remo-result.schema.json"), StandardCharsets.UTF_8);
        schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text);
    }

    private static List<Error> validate(String json) {
        return schema.validate(json, com.networknt.schema.InputFormat.JSON);
    }

    private static String checkJson(int expectedStatus, String... args) {
        String[] full = new String[args.length + 3];
        full[0] = "check";
        full[1] = "--json";
        full[2] = "--quiet";
        System.arraycopy(args, 0, full, 3, args.length);
        Cli.Run run = Cli.run(full);
        assertEquals(expectedStatus, run.status(), run.err());
        return run.out();
    }

    @Test
    void corpusOutputWithExecutionsValidatesAndReadsBack() throws IOException {
        // the 161 tests with verdicts (EXPECTED.tsv); herdtools7-tree/ beside them is herd7's own tree
        String json = checkJson(0, "--json-executions", TestData.corpus().resolve("herdtools7-x86_64").toString(),
                TestData.corpus().resolve("dat3m-x86").toString());
        assertEquals(List.of(), validate(json), "schema violations");
        ResultDocument d = JsonResults.read(json);
        assertEquals(ResultDocument.SCHEMA, d.schema());
        assertEquals(161, d.tests().size());
        assertEquals(new ResultDocument.Summary(161, 161, 0, null, null), d.summary());
        assertEquals(json.strip(), JsonResults.write(d), "writing the records read back gives the same text");
        ResultDocument.Test sb = d.tests().stream().filter(t -> t.file().endsWith("herdtools7-x86_64/SB.litmus")).findFirst().orElseThrow();
        assertEquals("Allowed", sb.verdict());
        assertEquals("Sometimes", sb.observation());
        assertEquals(4, sb.states().size());
        assertEquals(Map.of("0:rax", 0L, "1:rax", 0L), sb.states().get(0).values());
        assertEquals(1, sb.executions().size(), "one witness");
        ResultDocument.ExecutionEntry w = sb.executions().get(0);
        assertEquals("witness", w.status());
        assertEquals(List.of(List.of(0, 5), List.of(1, 3)), w.relations().rf());
        assertNull(w.failedCheck());
        ResultDocument.Test mp = d.tests().stream().filter(t -> t.file().endsWith("herdtools7-x86_64/MP.litmus")).findFirst().orElseThrow();
        assertEquals("Forbidden", mp.verdict());
        assertEquals(List.of(), mp.executions(), "no witness of a forbidden test");
    }

    @Test
    void suiteAndRejectedProgramsValidate() throws IOException {
        // the rejected programs make the run end with status 2; each is a test with status "error"
        String json = checkJson(2, "--json-executions", "--show", "all", "--max-graphs", "3", TestData.suite().toString(),
                TestData.errors().toString());
        assertEquals(List.of(), validate(json), "schema violations");
        ResultDocument d = JsonResults.read(json);
        long errors = d.tests().stream().filter(t -> t.status().equals("error")).count();
        // examples/errors/expected.tsv: every program but X16 and X17 is rejected under rdma-tso-rmw
        assertEquals(16, errors, "every rejected program is an error entry");
        assertEquals(d.tests().size() - errors, d.summary().ran());
        ResultDocument.Test bad = d.tests().stream().filter(t -> t.status().equals("error")).findFirst().orElseThrow();
        ResultDocument.Diagnostic e = bad.errors().get(0);
        assertTrue(e.code().startsWith("E-") && e.line() >= 1 && e.column() >= 1 && e.file().endsWith(".litmus"), e.toString());
        assertNull(bad.verdict());
        // forbidden executions name the check that rejects them
        assertTrue(d.tests().stream().flatMap(t -> t.executions() == null ? java.util.stream.Stream.empty()
                        : t.executions().stream()).anyMatch(x -> x.failedCheck() != null
                        && x.failedCheck().name().equals("causality") && !x.failedCheck().cycle().isEmpty()),
                "some listed candidate fails causality with a cycle");
    }

    @Test
    void expectationsAndMismatchesAppear() throws IOException {
        String json = checkJson(0, "--expect", TestData.corpus().resolve("EXPECTED.tsv").toString(),
                TestData.corpusTest("SB").toString(), TestData.corpusTest("MP").toString());
        assertEquals(List.of(), validate(json));
        ResultDocument d = JsonResults.read(json);
        assertEquals(0, d.summary().mismatches());
        assertEquals("Allowed", d.tests().get(0).expected());
        assertFalse(d.tests().get(0).mismatch());
        assertNull(d.tests().get(0).executions(), "executions only with --json-executions");
    }

    @Test
    void partialRunsCarryTheirReason() throws IOException {
        String json = checkJson(0, "--max-executions", "2", TestData.corpusTest("SB").toString());
        assertEquals(List.of(), validate(json));
        ResultDocument.Test t = JsonResults.read(json).tests().get(0);
        assertTrue(t.partial());
        assertTrue(t.partialReason().contains("--max-executions 2"), t.partialReason());
    }

    @Test
    void aPartialRunWithoutWitnessIsUndecidedNotForbidden() throws IOException {
        String json = checkJson(0, "--max-executions", "1", "--expect", TestData.corpus().resolve("EXPECTED.tsv").toString(),
                TestData.corpusTest("SB").toString());
        assertEquals(List.of(), validate(json));
        ResultDocument.Test t = JsonResults.read(json).tests().get(0);
        assertEquals("Undecided", t.verdict());
        assertEquals("Allowed", t.expected());
        assertFalse(t.mismatch(), "an undecided run contradicts no expectation");
    }

    /** Issue 28: an interrupted run's document ({@code interrupted}, {@code not_run} entries, {@code notRun}) validates. */
    @Test
    void anInterruptedRunsDocumentValidates() throws IOException {
        remo.core.Interruption.request("SIGINT or SIGTERM");
        String json;
        try {
            json = checkJson(130, TestData.corpusTest("SB").toString(), TestData.corpusTest("MP").toString());
        } finally {
            remo.core.Interruption.clear();
        }
        assertEquals(List.of(), validate(json));
        ResultDocument d = JsonResults.read(json);
        assertTrue(d.interrupted());
        assertEquals(2, d.summary().notRun());
        assertEquals(json.strip(), JsonResults.write(d), "writing the records read back gives the same text");
        // a not_run entry with a verdict, or an interrupted flag of false, is no document of this schema
        assertFalse(validate(json.replaceFirst("\"status\" : \"not_run\",", "\"status\" : \"not_run\", \"verdict\" : \"Allowed\","))
                .isEmpty());
        assertFalse(validate(json.replace("\"interrupted\" : true", "\"interrupted\" : false")).isEmpty());
    }

    @Test
    void aCommandLineErrorStillPrintsOneDocument() throws IOException {
        String json = checkJson(2, "--model", "bogus", TestData.corpusTest("SB").toString());
        assertEquals(List.of(), validate(json));
        ResultDocument d = JsonResults.read(json);
        assertEquals(0, d.tests().size());
        assertEquals(1, d.errors().size());
        assertEquals("E-MODEL", d.errors().get(0).code());
        assertEquals(30, d.errors().get(0).column(), "the column of 'bogus' in check --json --quiet --model bogus");
    }

    @Test
    void theSchemaRejectsWrongDocuments() throws IOException {
        String json = checkJson(0, TestData.corpusTest("SB").toString());
        assertEquals(List.of(), validate(json));
        ObjectNode doc = (ObjectNode) MAPPER.readTree(json);
        ObjectNode wrongVersion = doc.deepCopy().put("schema", "remo-result/2");
        assertFalse(validate(wrongVersion.toString()).isEmpty());
        ObjectNode noVerdict = doc.deepCopy();
        ((ObjectNode) noVerdict.get("tests").get(0)).remove("verdict");
        assertFalse(validate(noVerdict.toString()).isEmpty(), "a test that ran must have a verdict");
        ObjectNode badObservation = doc.deepCopy();
        ((ObjectNode) badObservation.get("tests").get(0)).put("observation", "Often");
        assertFalse(validate(badObservation.toString()).isEmpty());
        ObjectNode extra = doc.deepCopy();
        ((ObjectNode) extra.get("tests").get(0)).put("colour", "blue");
        assertFalse(validate(extra.toString()).isEmpty(), "unknown fields are rejected");
    }

    @Test
    void jsonAgreesWithTheTextBlock() throws IOException {
        Cli.Run text = Cli.run("check", TestData.suite().resolve("L11.litmus").toString());
        JsonNode t = MAPPER.readTree(checkJson(0, TestData.suite().resolve("L11.litmus").toString())).get("tests").get(0);
        assertTrue(text.out().startsWith("Test L11 " + t.get("kind").asText() + "\nStates " + t.get("states").size() + "\n"));
        for (JsonNode s : t.get("states")) {
            assertTrue(text.out().contains("\n" + s.get("text").asText() + "\n"), s.toString());
        }
        assertTrue(text.out().contains("Observation L11 " + t.get("observation").asText() + " " + t.get("positive") + " "
                + t.get("negative")));
        assertTrue(text.out().contains("\n" + (t.get("ok").asBoolean() ? "Ok" : "No") + "\n"));
    }
}
