package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 28: the TLC work directories of dead remo processes are removed at the next start, a live one's kept. */
class WorkDirectoriesTest {

    @Test
    void theDirectoriesOfDeadProcessesGoThoseOfLiveOnesAndOthersStay(@TempDir Path tmp) throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        long dead = done.pid();
        Path stale = Files.createDirectories(tmp.resolve("remo-tlc-" + dead + "-123").resolve("tmp"));
        Files.writeString(stale.resolve("states.bin"), "x");
        Path live = Files.createDirectories(tmp.resolve("remo-tlc-" + ProcessHandle.current().pid() + "-456"));
        Path unnamed = Files.createDirectories(tmp.resolve("remo-tlc-789"));
        Path other = Files.createDirectories(tmp.resolve("remo-trace-" + dead + "-1"));
        assertEquals(1, WorkDirectories.removeStale(tmp, "remo-tlc-"));
        assertFalse(Files.exists(stale.getParent()), "a dead process's directory is removed with its content");
        assertTrue(Files.isDirectory(live), "a running process's directory stays");
        assertTrue(Files.isDirectory(unnamed), "a name without a process number is left alone");
        assertTrue(Files.isDirectory(other), "another prefix is another sweep");
        Path made = WorkDirectories.create(tmp, "remo-trace-");
        assertFalse(Files.exists(other), "create sweeps first");
        assertTrue(made.getFileName().toString().startsWith("remo-trace-" + ProcessHandle.current().pid() + "-"), made.toString());
    }
}
