package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28, the full-disk row, on a real 16 KiB tmpfs with 4 KiB left: {@code report} leaves no
 * truncated page, {@code --graph} no empty or cut {@code .dot} file, and each says which file could
 * not be written and why; the graph count is the number of files there. Mounting needs root
 * (CAP_SYS_ADMIN); where it is refused the test is skipped, and OutputFileTest (module core) covers
 * the same failure injected.
 */
class FullDiskTest {

    @TempDir
    Path tmp;

    private Path disk;

    private static int run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    @BeforeEach
    void mountASmallDisk() throws Exception {
        disk = Files.createDirectories(tmp.resolve("disk"));
        boolean mounted = System.getProperty("os.name").startsWith("Linux")
                && run("mount", "-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.toString()) == 0;
        assumeTrue(mounted, "mounting a 16 KiB tmpfs needs root (CAP_SYS_ADMIN) on Linux; OutputFileTest injects the failure");
        Files.write(disk.resolve("filler"), new byte[12 * 1024]);
    }

    @AfterEach
    void unmount() throws Exception {
        if (disk != null) {
            run("umount", disk.toString());
        }
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.list(disk)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("filler")).sorted().toList();
        }
    }

    @Test
    void aReportThatDoesNotFitLeavesNoTruncatedPage() throws IOException {
        Path page = disk.resolve("r.html");
        CliRun r = CliRun.run("report", "-q", "--out", page.toString(), TestData.suite().resolve("L07.litmus").toString(),
                TestData.suite().resolve("L08.litmus").toString(), TestData.suite().resolve("W1.litmus").toString());
        assertEquals(2, r.exit, r.err);
        assertEquals(page + ":1:1: error[E-IO]: cannot write " + page + ": no space left on device (the file is not created)\n",
                r.err);
        assertEquals(List.of(), files());
    }

    @Test
    void graphsThatDoNotFitLeaveNoEmptyFileAndAreCountedAsWritten() throws IOException {
        Path graphs = disk.resolve("g");
        CliRun r = CliRun.run("check", "--graph", graphs.toString(), "--show", "all", "--max-graphs", "50",
                TestData.suite().resolve("L07.litmus").toString(), TestData.suite().resolve("L08.litmus").toString());
        assertEquals(2, r.exit, r.err);
        assertTrue(r.err.matches("(?s).*error\\[E-IO\\]: cannot write graphs of L07: cannot write \\Q" + graphs
                + "\\E/[^ ]+\\.dot: no space left on device \\(the file is not created\\)\n.*"), r.err);
        List<Path> dots;
        try (Stream<Path> s = Files.list(graphs)) {
            dots = s.toList();
        }
        for (Path d : dots) {
            assertTrue(d.toString().endsWith(".dot"), "no temporary file stays: " + d);
            assertTrue(Files.readString(d).endsWith("}\n"), "a whole graph: " + d);
        }
        assertTrue(r.err.contains("remo: wrote " + dots.size() + " graph" + (dots.size() == 1 ? "" : "s") + " to " + graphs
                + "; the graphs of 2 tests could not be written (error[E-IO] above)\n"), r.err);
    }
}
