package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code remo} server and its bash client (docs/daemon.md): the client functions of the
 * launcher, as they are there, against a server on the test's class path. Every command line
 * runs both ways, through the server and in a JVM of its own from the same directory, and the two
 * give the same exit status, the same standard error and the same standard output, byte for byte
 * but for the measured seconds (the {@code Time} lines, the Summary's seconds, JSON's
 * {@code time}). The command lines cover every test of the x86 corpus and of the suite, the bad
 * inputs, relative names from another directory, an index file, --expect, --json and --jobs.
 * Needs bash with /dev/tcp (skipped without it).
 */
class ServerClientTest {
    private static Path state;
    private static Path client;
    private static Path stamp;
    private static Process firstServer;

    @BeforeAll
    static void startServer() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")),
                "bash is needed for the launcher's client");
        state = Files.createTempDirectory("remo-server-test");
        Files.setPosixFilePermissions(state, Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE));
        String launcher = Files.readString(TestData.root().resolve("remo"));
        int begin = launcher.indexOf("# --- server client (begin)");
        int end = launcher.indexOf("# --- server client (end) ---");
        assertTrue(begin > 0 && end > begin, "the launcher marks its client functions");
        // the launcher's variables that the client functions read: the class path stands for the jar
        String prologue = "set -euo pipefail\nroot=" + quote(TestData.root().toString()) + "\njar=" + quote(classPath())
                + "\njava_bin=" + quote(java()) + "\nboot=()\ncds=()\ngc=(-XX:+UseSerialGC -Xms16m)\nperf=()\n";
        client = state.resolve("client.sh");
        Files.writeString(client, prologue + launcher.substring(begin, end)
                + "if remo_servable \"$@\"; then remo_served checked \"$@\"; fi\necho 'remo-test: not served' >&2\nexit 99\n");
        // the first server is started here, with a stamp file for its jar, so that a test can change it
        stamp = state.resolve("stamp.jar");
        Files.writeString(stamp, "1");
        Path dir = stateDirectory();
        Files.createDirectories(dir);
        firstServer = new ProcessBuilder(java(), "-cp", classPath(), "remo.cli.RemoServer", dir.toString(),
                dir.getParent().resolve("token").toString(), stamp.toString(), "600")
                .redirectErrorStream(true).redirectOutput(state.resolve("first-server.log").toFile()).start();
        for (int i = 0; i < 1000 && !Files.exists(dir.resolve("server")); i++) {
            Thread.sleep(20);
        }
        assertTrue(Files.exists(dir.resolve("server")), "the server wrote its address");
        // a bash built without network redirections cannot be the client: nothing to test then
        String port = Files.readString(dir.resolve("server")).trim().split(" ")[0];
        Process probe = new ProcessBuilder("bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + port).start();
        Assumptions.assumeTrue(probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
                "this bash has no /dev/tcp");
    }

    @AfterAll
    static void stopServers() throws IOException {
        if (state == null) {
            return;
        }
        if (firstServer != null) {
            firstServer.destroy();
        }
        Path address = stateDirectory().resolve("server");
        if (Files.exists(address)) {
            long pid = Long.parseLong(Files.readString(address).trim().split(" ")[1]);
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private static String classPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The state directory the client computes: $XDG_RUNTIME_DIR/remo-UID/ROOT with '/' as %2F. */
    private static Path stateDirectory() throws IOException {
        return stateDirectory(TestData.root());
    }

    /** The state directory of the checkout {@code root}. */
    private static Path stateDirectory(Path root) throws IOException {
        String uid = String.valueOf(Files.getAttribute(state, "unix:uid"));
        String key = root.toString().replace("%", "%25").replace("/", "%2F");
        return state.resolve("remo-" + uid).resolve(key);
    }

    record Result(int status, String out, String err) {
    }

    private static Result run(List<String> command, Path cwd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().putAll(env);
        pb.environment().remove("COLUMNS");
        pb.environment().remove("REMO_MAX_INPUT_BYTES");
        Path out = Files.createTempFile(state, "out", ".txt");
        Path err = Files.createTempFile(state, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.PIPE)
                .start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "finished: " + command);
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The command line through the launcher's client and the server. */
    static Result served(Path cwd, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", client.toString()));
        cmd.addAll(List.of(args));
        // a server the client starts leaves after a minute unused, should a test fail before @AfterAll
        return run(cmd, cwd, Map.of("XDG_RUNTIME_DIR", state.toString(), "REMO_DAEMON_IDLE", "60"));
    }

    /** The command line in a JVM of its own, as the launcher's plain run. */
    static Result direct(Path cwd, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(java(), "-cp", classPath(), "remo.cli.Main"));
        cmd.addAll(List.of(args));
        return run(cmd, cwd, Map.of());
    }

    /** Output with the measured seconds masked. */
    static String masked(String s) {
        return s.replaceAll("(?m)^(Time \\S+ )[0-9.]+$", "$1T")
                .replaceAll("(?m) +[0-9]+\\.[0-9]{2}s( |$)", " Ts$1")
                .replaceAll("\"time\" : [0-9.Ee-]+", "\"time\" : T");
    }

    static Stream<List<String>> commandLines() {
        return Stream.of(
                List.of("testdata", "check", "x86"),
                List.of("testdata", "check", "--expect", "x86/EXPECTED.tsv", "x86"),
                List.of("testdata", "check", "--jobs", "2", "x86/herdtools7-tree"),
                List.of("testdata", "check", "-q", "--json", "x86/dat3m-x86"),
                List.of("examples", "check", "suite"),
                List.of("examples", "check", "--expect", "suite/expected.tsv", "suite"),
                List.of("examples", "check", "errors"),
                List.of("cli", "check", "src/test/resources/remo/cli/bad"),
                List.of("cli/src", "check", "../../testdata/x86/dat3m-x86/SB.litmus", "no-such.litmus", ""),
                List.of("testdata", "check", "--model", "../examples/models/x86tso-herd-style.cat", "x86/dat3m-x86/SB.litmus"),
                List.of("testdata", "check", "--cat-path", "cat/herdtools7", "--model", "x86tso.cat", "x86/dat3m-x86/MP.litmus"),
                List.of("testdata", "check", "-I", "no-such-dir", "x86/dat3m-x86/SB.litmus"),
                List.of("testdata", "check", "--no-such-option"),
                List.of("testdata", "check", "--help"),
                List.of("testdata", "check", "--max-executions", "3", "--engine", "operational", "../examples/suite/L07.litmus"));
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void theServerPrintsWhatAJvmOfItsOwnPrints(List<String> line) throws Exception {
        Path cwd = TestData.root().resolve(line.get(0));
        String[] args = line.subList(1, line.size()).toArray(String[]::new);
        Result viaServer = served(cwd, args);
        Result alone = direct(cwd, args);
        assertTrue(!viaServer.err().contains("remo-test: not served"), "served: " + viaServer.err());
        assertEquals(alone.status(), viaServer.status(), "exit status of " + line);
        assertEquals(alone.err(), viaServer.err(), "standard error of " + line);
        assertEquals(masked(alone.out()), masked(viaServer.out()), "standard output of " + line);
    }

    @Test
    void anErrorLineComesWhereTheRunWroteIt() throws Exception {
        // one stream for both, as on a terminal: the syntax error of the first test before the
        // results of the second, as a JVM of its own writes them (inline output keeps the order)
        Path bad = Files.createTempDirectory(state, "order").resolve("bad.litmus");
        Files.writeString(bad, "X86 bad\n{ x = ; }\n");
        String l07 = TestData.root().resolve("examples/suite/L07.litmus").toString();
        List<String> cmd = List.of("check", bad.toString(), l07);
        List<String> viaServer = new ArrayList<>(List.of("bash", client.toString()));
        viaServer.addAll(cmd);
        List<String> alone = new ArrayList<>(List.of(java(), "-cp", classPath(), "remo.cli.Main"));
        alone.addAll(cmd);
        String served = merged(viaServer, Map.of("XDG_RUNTIME_DIR", state.toString(), "REMO_DAEMON_IDLE", "60"));
        String direct = merged(alone, Map.of());
        assertTrue(direct.indexOf("E-SYNTAX") < direct.indexOf("Test L07"), direct);
        assertEquals(masked(direct), masked(served));
    }

    /** Standard output and error of {@code command} in one file, as on a terminal. */
    private static String merged(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(TestData.root().toFile());
        pb.environment().putAll(env);
        pb.environment().remove("COLUMNS");
        Path both = Files.createTempFile(state, "both", ".txt");
        Process p = pb.redirectErrorStream(true).redirectOutput(both.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return Files.readString(both);
    }

    @Test
    void aWriteThatFailsIsAnErrorAsInAJvmOfItsOwn() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full: writes fail with ENOSPC");
        String l07 = TestData.root().resolve("examples/suite/L07.litmus").toString();
        ProcessBuilder pb = new ProcessBuilder("bash", client.toString(), "check", l07).directory(TestData.root().toFile());
        pb.environment().put("XDG_RUNTIME_DIR", state.toString());
        Path err = Files.createTempFile(state, "full", ".txt");
        Process p = pb.redirectOutput(new java.io.File("/dev/full")).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), "E-IO's status, not the check's 0: " + Files.readString(err));
        assertTrue(Files.readString(err).contains("error[E-IO]: cannot write standard output"), Files.readString(err));
    }

    @Test
    void theCallersOwnFilesAreLeftToAJvmOfItsOwn() throws Exception {
        Path l07 = TestData.root().resolve("examples/suite/L07.litmus");
        ProcessBuilder pb = new ProcessBuilder("bash", client.toString(), "check", "/dev/stdin").directory(TestData.root().toFile());
        pb.environment().put("XDG_RUNTIME_DIR", state.toString());
        Process p = pb.redirectInput(l07.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(99, p.exitValue(), "the client returns to the plain run: " + out);
        Result graph = served(TestData.root(), "check", "--graph", state.resolve("g").toString(), "--format", "svg",
                "examples/suite/L07.litmus");
        assertEquals(99, graph.status(), "dot is looked up on the caller's PATH: " + graph.err());
    }

    @Test
    void standardErrorLongerThanTheServersBufferArrivesWhole() throws Exception {
        // 1 200 unreadable tests: some 100 KB of error messages, more than the 64 KiB a run's
        // standard error gathers before its connection, asked for at the first byte, is open
        Path bad = Files.createTempDirectory(state, "bad");
        for (int i = 0; i < 1200; i++) {
            Files.writeString(bad.resolve(String.format("bad-%04d.litmus", i)), "X86 bad" + i + "\n{ x = ; }\n");
        }
        Result viaServer = served(bad, "check", ".");
        Result alone = direct(bad, "check", ".");
        assertTrue(alone.err().length() > 70_000, "long enough: " + alone.err().length());
        assertEquals(alone.status(), viaServer.status());
        assertEquals(alone.err(), viaServer.err());
        assertEquals(masked(alone.out()), masked(viaServer.out()));
    }

    @Test
    void anIndexFileAndEveryTestOfTheCorpusOneByOne() throws Exception {
        Path cwd = TestData.root().resolve("testdata");
        List<String> tests;
        try (Stream<Path> s = Files.walk(cwd.resolve("x86"))) {
            tests = s.filter(p -> p.toString().endsWith(".litmus")).map(p -> cwd.relativize(p).toString()).sorted().toList();
        }
        Path index = Files.createTempDirectory(state, "index").resolve("@all");
        Files.writeString(index, String.join("\n", tests.stream().map(t -> cwd.resolve(t).toString()).toList()) + "\n");
        Result viaServer = served(cwd, "check", index.toString());
        Result alone = direct(cwd, "check", index.toString());
        assertEquals(alone.status(), viaServer.status());
        assertEquals(alone.err(), viaServer.err());
        assertEquals(masked(alone.out()), masked(viaServer.out()));
        // one request per test, against the blocks of the batch run above
        for (String t : tests) {
            Result one = served(cwd, "check", t);
            String block = masked(one.out());
            assertTrue(one.status() == 0 || one.status() == 2, t + ": " + one.err());
            assertTrue(masked(alone.out()).contains(block.strip()) || one.status() == 2, t + " printed as in the batch");
        }
    }

    @Test
    void noOptionOfOneRunReachesTheNext() throws Exception {
        // the server reuses its parsers: every option of a run is back to its initial value in the next
        Path cwd = TestData.root().resolve("testdata");
        for (int i = 0; i < 4; i++) {
            served(cwd, "check", "-q", "--json", "--show-blocked", "--set", "SC=sc", "--jobs", "2", "--max-executions", "2",
                    "--timeout", "30", "--skipcheck", "tso", "--unroll", "1", "--expect", "x86/EXPECTED.tsv",
                    "--model", "sc", "x86/dat3m-x86/SB.litmus");
        }
        Result viaServer = served(cwd, "check", "x86/dat3m-x86/SB.litmus", "x86/dat3m-x86/MP.litmus");
        Result alone = direct(cwd, "check", "x86/dat3m-x86/SB.litmus", "x86/dat3m-x86/MP.litmus");
        assertEquals(alone.status(), viaServer.status());
        assertEquals(alone.err(), viaServer.err());
        assertEquals(masked(alone.out()), masked(viaServer.out()));
    }

    /** A served run's relative output names are the client's directory's, as its inputs are (docs/daemon.md). */
    @Test
    void aRelativeGraphDirectoryIsTheClientsDirectorys() throws Exception {
        Path cwd = Files.createTempDirectory(state, "client-cwd");
        Path test = TestData.root().resolve("examples/suite/L07.litmus");
        String name = "graphs-" + cwd.getFileName(); // a name no earlier run used
        Result viaServer = served(cwd, "check", test.toString(), "--graph", name);
        assertEquals(0, viaServer.status(), viaServer.err());
        assertTrue(viaServer.err().contains("wrote 1 graph to " + name), viaServer.err());
        assertTrue(Files.isRegularFile(cwd.resolve(name).resolve("L07-1.dot")), "the graph is in the client's directory");
        Path serverDirectory = Path.of(System.getProperty("user.dir"));
        assertFalse(Files.exists(serverDirectory.resolve(name)), "nothing in the server's directory");
    }

    @Test
    void otherCommandsAndOtherLocalesAreLeftToAJvmOfTheirOwn() throws Exception {
        Result version = served(TestData.root(), "--version");
        assertEquals(99, version.status(), "the client returns to the plain run");
        List<String> cmd = List.of("bash", client.toString(), "check", "examples/suite/L07.litmus");
        Result otherLocale = run(cmd, TestData.root(), Map.of("XDG_RUNTIME_DIR", state.toString(), "LC_ALL", "C.remo-test"));
        assertEquals(99, otherLocale.status());
    }

    @Test
    void aWrongTokenGetsNoAnswer() throws Exception {
        String[] address = Files.readString(stateDirectory().resolve("server")).trim().split(" ");
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(address[0]))) {
            s.setSoTimeout(20_000);
            OutputStream o = s.getOutputStream();
            String fields = String.join("\u0000", "REMO2", "not-the-token", "/", "0", "0", "||", "1", "check") + "\u0000";
            o.write(fields.getBytes(StandardCharsets.UTF_8));
            o.flush();
            InputStream in = s.getInputStream();
            assertEquals(-1, in.read(), "closed without a word");
        }
    }

    @Test
    void theTokenIsTheUsersOnly() throws Exception {
        Path token = stateDirectory().getParent().resolve("token");
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), Files.getPosixFilePermissions(token));
    }

    @Test
    void anInterruptStopsItsRunOnlyAndPrintsThePartialResult() throws Exception {
        Path heavy = TestData.root().resolve("cli/src/test/resources/remo/cli/limits/heavy.litmus");
        Path cwd = TestData.root();
        List<String> cmd = List.of("bash", client.toString(), "check", heavy.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
        pb.environment().put("XDG_RUNTIME_DIR", state.toString());
        Path out = Files.createTempFile(state, "int", ".txt");
        Process interrupted = pb.redirectOutput(out.toFile()).redirectErrorStream(true).start();
        Result[] other = new Result[1];
        Thread t = new Thread(() -> {
            try {
                other[0] = served(cwd, "check", "--max-executions", "20000", heavy.toString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        Thread.sleep(1500);
        new ProcessBuilder("kill", "-INT", Long.toString(interrupted.pid())).start().waitFor();
        assertTrue(interrupted.waitFor(60, TimeUnit.SECONDS));
        t.join(120_000);
        String text = Files.readString(out);
        assertEquals(130, interrupted.exitValue(), text);
        assertTrue(text.contains("interrupted (SIGINT or SIGTERM)"), text);
        assertEquals(0, other[0].status(), other[0].err());
        assertTrue(other[0].out().contains("(partial)") && !other[0].out().contains("interrupted"), other[0].out());
        assertTrue(other[0].out().contains("explored 20000 candidates"), other[0].out());
    }

    @Test
    void aSigtermStopsTheRunWithTheStatusOfAJvmOfItsOwn() throws Exception {
        // 143 = 128 + SIGTERM, as a JVM of its own exits on SIGTERM; the client said 130 before
        Path heavy = TestData.root().resolve("cli/src/test/resources/remo/cli/limits/heavy.litmus");
        ProcessBuilder pb = new ProcessBuilder("bash", client.toString(), "check", heavy.toString()).directory(TestData.root().toFile());
        pb.environment().put("XDG_RUNTIME_DIR", state.toString());
        Path out = Files.createTempFile(state, "term", ".txt");
        Process terminated = pb.redirectOutput(out.toFile()).redirectErrorStream(true).start();
        Thread.sleep(1500);
        new ProcessBuilder("kill", "-TERM", Long.toString(terminated.pid())).start().waitFor();
        assertTrue(terminated.waitFor(60, TimeUnit.SECONDS));
        String text = Files.readString(out);
        assertEquals(143, terminated.exitValue(), text);
        assertTrue(text.contains("interrupted (SIGINT or SIGTERM)") && text.contains("(partial)"), text);
    }

    @Test
    void aCrashedServerIsReplaced() throws Exception {
        Path address = stateDirectory().resolve("server");
        served(TestData.root(), "check", "examples/suite/L07.litmus");
        String before = Files.readString(address);
        ProcessHandle server = ProcessHandle.of(Long.parseLong(before.trim().split(" ")[1])).orElseThrow();
        server.destroyForcibly(); // SIGKILL: the address file stays, naming a port nobody listens on
        server.onExit().get(30, TimeUnit.SECONDS);
        Result r = served(TestData.root(), "check", "examples/suite/L07.litmus");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Test L07"), r.out());
        assertTrue(!Files.readString(address).equals(before), "a new server answers");
    }

    @Test
    void aChangedJarRetiresTheServer() throws Exception {
        Path dir = stateDirectory();
        String before = Files.readString(dir.resolve("server"));
        Files.setLastModifiedTime(stamp, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Result r = served(TestData.root(), "check", "examples/suite/L07.litmus");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Test L07"), r.out());
        assertTrue(firstServer.waitFor(30, TimeUnit.SECONDS), "the old server left");
        assertTrue(!Files.readString(dir.resolve("server")).equals(before), "a new server answers");
    }

    @Test
    void aWarmCallLeavesTheSourcesToAWatchingServer(@TempDir Path checkout) throws Exception {
        Map<String, String> env = Map.of("XDG_RUNTIME_DIR", state.toString(), "REMO_DAEMON_IDLE", "60");
        String script = Files.readString(client).replace("remo_served checked", "remo_served watched");
        // this class's first server was started without a checkout: it does not watch, and a call
        // that did not compare the sources with the jar is told to (CHECK)
        Path unchecked = state.resolve("watched-client.sh");
        Files.writeString(unchecked, script);
        Result told = run(List.of("bash", unchecked.toString(), "check", "examples/suite/L07.litmus"), TestData.root(), env);
        assertEquals(99, told.status(), "the launcher looks itself: " + told.err());
        // a checkout with a main source and its jar, built after it, and a server that watches it
        FileTime past = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
        for (String f : new String[] {"pom.xml", "m/pom.xml", "m/src/main/A.java"}) {
            Path p = checkout.resolve(f);
            Files.createDirectories(p.getParent());
            Files.writeString(p, f);
            Files.setLastModifiedTime(p, past);
        }
        Path jar = checkout.resolve("remo.jar");
        Files.writeString(jar, "jar");
        Path other = state.resolve("other-checkout-client.sh");
        Files.writeString(other, script.replace("root=" + quote(TestData.root().toString()), "root=" + quote(checkout.toString())));
        Path dir = stateDirectory(checkout);
        Files.createDirectories(dir);
        Process watching = new ProcessBuilder(java(), "-cp", classPath(), "remo.cli.RemoServer", dir.toString(),
                dir.getParent().resolve("token").toString(), jar.toString(), "600", checkout.toString())
                .redirectErrorStream(true).redirectOutput(state.resolve("watching-server.log").toFile()).start();
        try {
            for (int i = 0; i < 1000 && !Files.exists(dir.resolve("server")); i++) {
                Thread.sleep(20);
            }
            Result served = null;
            for (int i = 0; i < 100; i++) {
                served = run(List.of("bash", other.toString(), "check", "examples/suite/L07.litmus"), TestData.root(), env);
                if (served.status() == 0) {
                    break;
                }
                Thread.sleep(100); // CHECK while the watch is being set up, on its own thread
            }
            assertEquals(0, served.status(), "served without looking: " + served.err());
            assertTrue(served.out().contains("Test L07"), served.out());
            // a source changes: the next such call is answered STALE, and the server leaves
            Files.writeString(checkout.resolve("m/src/main/A.java"), "changed");
            Result stale = null;
            for (int i = 0; i < 100; i++) {
                stale = run(List.of("bash", other.toString(), "check", "examples/suite/L07.litmus"), TestData.root(), env);
                if (stale.status() != 0) {
                    break;
                }
                Thread.sleep(100); // the change's event may not have arrived yet
            }
            assertEquals(99, stale.status(), "the launcher looks and builds: " + stale.err());
            assertTrue(watching.waitFor(30, TimeUnit.SECONDS), "the server left");
            assertTrue(Files.readString(state.resolve("watching-server.log")).contains("a source changed ("),
                    Files.readString(state.resolve("watching-server.log")));
        } finally {
            watching.destroy();
        }
    }
}
