package remo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The training run of the launcher's class-data-sharing archive ({@code remo} script,
 * {@code -XX:ArchiveClassesAtExit}): runs the command lines whose classes a short {@code check}
 * loads, in one JVM, so that the archive holds them all. One run can train only one JVM, and a
 * single command line covers only one output path: this one covers text and JSON output, an RDMA
 * test, X86 tests in both syntaxes, a directory of tests and the parallel runner.
 */
final class ArchiveTraining {

    /** The system property that asks {@link Main} for the training run: the scratch directory. */
    static final String PROPERTY = "remo.archiveTraining";

    private ArchiveTraining() {
    }

    /**
     * The command lines of the training run.
     *
     * @param root    the project checkout (its {@code examples/suite} is read)
     * @param scratch a writable directory for the generated X86 test
     */
    static List<String[]> commandLines(Path root, Path scratch) {
        String suite = root.resolve("examples/suite").toString();
        String rdma = root.resolve("examples/suite/L07.litmus").toString();
        String x86 = scratch.resolve("STORES-3.litmus").toString();
        String intel = scratch.resolve(X86_FILE).toString();
        String att = scratch.resolve(X86_64_FILE).toString();
        return List.of(
                new String[] {"gen", "--stores", "3", "--out", scratch.toString()},
                new String[] {"check", rdma, x86, intel, att},
                new String[] {"check", "--jobs", "1", rdma},
                new String[] {"check", "-q", "--json", rdma, x86},
                new String[] {"check", "-q", suite});
    }

    /** The file name of {@link #X86_TEST} in the scratch directory. */
    static final String X86_FILE = "TRAIN-X86.litmus";

    /** The file name of {@link #X86_64_TEST} in the scratch directory. */
    static final String X86_64_FILE = "TRAIN-X86_64.litmus";

    /**
     * An X86 test (Intel syntax) with the instructions and forms that x86 tests use most (loads
     * and stores with registers and constants, MFENCE, XCHG, initial register values, a
     * {@code locations} list, a condition with both connectives), so that the archive holds the
     * parser's and the explorer's classes and lambdas for them; without it a run over x86 tests
     * loaded and linked them from the jar.
     */
    static final String X86_TEST = """
            X86 TRAIN-X86
            "the launcher's training run: loads, stores, a fence, xchg, initial register values"
            { x=0; y=0; z=0; 0:EAX=1; 2:EAX=3; }
             P0          | P1          | P2           ;
             MOV [x],$1  | MOV EAX,[y] | XCHG [z],EAX ;
             MFENCE      | MOV EBX,[x] | MOV ECX,[x]  ;
             MOV [y],EAX | MOV [z],$2  |              ;
            locations [z;]
            exists (1:EAX=1 /\\ 1:EBX=0 \\/ 2:ECX=1 /\\ [z]=3)
            """;

    /** The same for the AT&T syntax of X86_64 tests (herdtools7's generated tests). */
    static final String X86_64_TEST = """
            X86_64 TRAIN-X86_64
            "the launcher's training run: the AT&T syntax"
            {
            }
             P0          | P1             ;
             movl $1,(x) | movl (y),%eax  ;
             mfence      | movl (x),%ebx  ;
             movl $1,(y) | xchgl %ecx,(x) ;
            exists (1:rax=1 /\\ 1:rbx=0)
            """;

    /**
     * Runs the training command lines, their standard output discarded ({@link Main} calls this
     * when the system property {@value #PROPERTY} names the scratch directory).
     *
     * @param root    the project checkout
     * @param scratch a writable scratch directory (created if missing)
     * @return 0 if every command line exited 0, else 2 (the launcher then keeps no archive)
     * @throws IOException if the scratch directory cannot be created
     * @throws InterruptedException if interrupted while a command line runs
     */
    static int run(Path root, Path scratch) throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        Files.writeString(scratch.resolve(X86_FILE), X86_TEST);
        Files.writeString(scratch.resolve(X86_64_FILE), X86_64_TEST);
        PrintStream out = System.out;
        System.setOut(new PrintStream(OutputStream.nullOutputStream(), true));
        int worst = 0;
        try {
            for (String[] line : commandLines(root, scratch)) {
                worst = Math.max(worst, Main.run(line));
            }
            // the server's path (docs/daemon.md): a check served through a loopback connection
            worst = Math.max(worst, ServerTraining.train(scratch, root, "check", "examples/suite/L07.litmus",
                    scratch.resolve(X86_FILE).toString()));
        } finally {
            System.setOut(out);
        }
        return worst == 0 ? 0 : 2;
    }
}
