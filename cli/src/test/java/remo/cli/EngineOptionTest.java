package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.core.FlagValues;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.ModelLibrary;

/** {@code --engine} of the {@code check} and {@code bench} commands. */
class EngineOptionTest {
    private static final String SB = "RDMA SB\n{ x@1 = 0; y@1 = 0; }\n P0@1 | P1@1 ;\n x = 1 | y = 1 ;\n"
            + " r0 = y | r0 = x ;\nexists (0:r0 = 0 /\\ 1:r0 = 0)\n";

    private static CheckResult runWith(ModelOptions options) throws Exception {
        Program p = LitmusParser.parseAndValidate("SB.litmus", SB);
        return options.engine().check(p, new ModelLibrary().load("rdma-tso-rmw"), FlagValues.defaults(), CheckOptions.defaults());
    }

    @Test
    void theDefaultEngineIsAxiomatic() throws Exception {
        CheckCommand c = new CheckCommand();
        new CommandLine(c).parseArgs("SB.litmus");
        assertEquals(EngineName.AXIOMATIC, c.modelOptions.engine);
        assertEquals("axiomatic", runWith(c.modelOptions).engine());
    }

    @Test
    void checkAndBenchSelectTheOperationalEngine() throws Exception {
        CheckCommand c = new CheckCommand();
        new CommandLine(c).parseArgs("--engine", "operational", "SB.litmus");
        CheckResult r = runWith(c.modelOptions);
        assertEquals("operational", r.engine());
        assertEquals(4, r.states().size());
        assertTrue(r.ok());
        BenchCommand b = new BenchCommand();
        new CommandLine(b).parseArgs("--engine=operational", "dir");
        assertEquals("operational", runWith(b.modelOptions).engine());
    }

    @Test
    void anUnknownEngineIsAUsageError() {
        CommandLine.ParameterException e = assertThrows(CommandLine.ParameterException.class,
                () -> new CommandLine(new CheckCommand()).parseArgs("--engine", "herd", "SB.litmus"));
        assertTrue(e.getMessage().contains("unknown engine 'herd'"), e.getMessage());
    }
}
