package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Regression tests for problems a new user reported after trying the command line from README.md. */
class NewUserReportsTest {

    private static String suite(String id) {
        return TestData.suite().resolve(id + ".litmus").toString();
    }

    private static byte[] withBom(byte[] body) {
        byte[] out = new byte[body.length + 3];
        out[0] = (byte) 0xEF;
        out[1] = (byte) 0xBB;
        out[2] = (byte) 0xBF;
        System.arraycopy(body, 0, out, 3, body.length);
        return out;
    }

    @Test
    void aLitmusFileAndAModelWithAByteOrderMarkAreRead(@TempDir Path tmp) throws Exception {
        Path test = tmp.resolve("bom.litmus");
        Files.write(test, withBom(Files.readAllBytes(Path.of(suite("L07")))));
        Path model = tmp.resolve("bom.cat");
        Files.write(model, withBom(Files.readAllBytes(TestData.root().resolve("examples/models/x86tso-herd-style.cat"))));
        CliRun plain = CliRun.run("check", suite("L07"));
        CliRun r = CliRun.run("check", test.toString());
        assertEquals(0, r.exit, r.err);
        assertEquals(plain.out.replaceAll("Time L07 .*", ""), r.out.replaceAll("Time L07 .*", ""));
        CliRun x86 = CliRun.run("check", "--model", model.toString(), TestData.corpusTest("SB").toString());
        assertEquals(0, x86.exit, x86.err);
        assertTrue(x86.out.contains("Test SB Allowed"), x86.out);
    }
}
