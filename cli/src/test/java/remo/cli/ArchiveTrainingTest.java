package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's training run: every command line of it succeeds, so the launcher keeps the archive. */
class ArchiveTrainingTest {

    @Test
    void everyTrainingCommandLineSucceeds(@TempDir Path scratch) throws IOException, InterruptedException {
        assertEquals(0, ArchiveTraining.run(TestData.root(), scratch.resolve("tests")));
        // the X86 test it checks is the one it generated
        assertTrue(Files.readString(scratch.resolve("tests/STORES-3.litmus")).startsWith("X86"));
        // and its own x86 tests, in both syntaxes, are checked without an error (else the run would fail)
        assertEquals(ArchiveTraining.X86_TEST, Files.readString(scratch.resolve("tests/" + ArchiveTraining.X86_FILE)));
        assertEquals(ArchiveTraining.X86_64_TEST, Files.readString(scratch.resolve("tests/" + ArchiveTraining.X86_64_FILE)));
        assertEquals(0, Main.run(new String[] {"check", "-q", scratch.resolve("tests/" + ArchiveTraining.X86_FILE).toString(),
                scratch.resolve("tests/" + ArchiveTraining.X86_64_FILE).toString()}));
    }

    @Test
    void aFailingCommandLineFailsTheRun(@TempDir Path scratch) throws IOException, InterruptedException {
        // a checkout without examples/suite: the checks fail with E-IO, and the launcher keeps no archive
        assertEquals(2, ArchiveTraining.run(scratch.resolve("no-checkout"), scratch.resolve("tests")));
    }

    @Test
    void theServersTrainingSpeaksItsProtocol(@TempDir Path scratch) throws IOException, InterruptedException {
        // a small output goes inline; a directory's (175 KB) on a connection asked for; an
        // unknown option's error inline on standard error, with its exit status
        assertEquals(0, ServerTraining.train(scratch.resolve("a"), TestData.root(), "check", "examples/suite/L07.litmus"));
        assertEquals(0, ServerTraining.train(scratch.resolve("b"), TestData.root(), "check", "testdata/x86/dat3m-x86"));
        assertEquals(2, ServerTraining.train(scratch.resolve("c"), TestData.root(), "check", "--no-such-option"));
    }
}
