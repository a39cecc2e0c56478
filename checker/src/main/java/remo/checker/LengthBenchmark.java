package remo.checker;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;

/**
 * Issue 28's length workloads: one X86 thread of {@code n} loads of one location ({@code MOV EAX,[x]},
 * one execution, every load reading the initial write) or of {@code n} stores to it
 * ({@code MOV [x],$1}, one execution, coherence in program order), checked whole (parsing,
 * unrolling, static relations, the exploration) through a {@link TestRunner}. {@link #measure}
 * gives the wall-clock time, the CPU time of the checking thread and the heap's peak during the
 * check, so that the cost's growth with {@code n} can be read off (docs/performance.md).
 */
public final class LengthBenchmark {
    private LengthBenchmark() {
    }

    /** The instruction the thread repeats. */
    public enum Kind {
        LOADS("MOV EAX,[x]", "exists (0:EAX=1)"),
        STORES("MOV [x],$1", "exists (x=1)");

        private final String instruction;
        private final String condition;

        Kind(String instruction, String condition) {
            this.instruction = instruction;
            this.condition = condition;
        }

        /** The lower-case name used on the command line ({@code loads}, {@code stores}). */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The test's name: {@code loads-1000}, {@code stores-100000}. */
    public static String name(Kind kind, int n) {
        return kind.word() + "-" + n;
    }

    /**
     * The litmus text of one thread of {@code n} instructions of {@code kind} (X86, language.md §10).
     *
     * @throws IllegalArgumentException if {@code n < 1}
     */
    public static String program(Kind kind, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("a length workload needs at least one instruction, not " + n);
        }
        StringBuilder b = new StringBuilder(n * (kind.instruction.length() + 4) + 64);
        b.append("X86 ").append(name(kind, n).replace('-', '_')).append("\n{ x=0; }\n P0 ;\n");
        for (int i = 0; i < n; i++) {
            b.append(' ').append(kind.instruction).append(" ;\n");
        }
        return b.append(kind.condition).append('\n').toString();
    }

    /**
     * One measurement.
     *
     * @param wallSeconds  wall-clock time of the check, seconds
     * @param cpuSeconds   CPU time of the checking thread, seconds (the better guide on a loaded machine)
     * @param processCpuSeconds CPU time of the whole process during the check (the collector and the
     *                     JIT compilers included), seconds; 0 where the JVM does not give it
     * @param peakHeapBytes the largest heap occupancy during the check, bytes: the sum of the heap
     *                     pools' peaks since a collection just before it (an upper bound: pools peak
     *                     at different moments)
     * @param outcome      the check's outcome (its verdict, or its partial reason)
     */
    public record Measurement(Kind kind, int n, double wallSeconds, double cpuSeconds, double processCpuSeconds,
                              long peakHeapBytes,
                              TestOutcome outcome) {
        /** The verdict word, or {@code error}. */
        public String verdict() {
            return outcome.error() != null ? "error" : outcome.result().verdictWord();
        }

        /** Why the check stopped early, or {@code null} if it was decided. */
        public String partialReason() {
            return outcome.error() != null ? outcome.error().format() : outcome.result().partialReason();
        }
    }

    /**
     * Checks the workload once with {@code runner} on the calling thread (after a collection, so
     * that the heap's peak is the check's) and measures it.
     */
    public static Measurement measure(TestRunner runner, Kind kind, int n) {
        String text = program(kind, n);
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isValid()).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : 0;
        long process0 = processCpuNanos();
        long t0 = System.nanoTime();
        TestOutcome o = runner.runText(text, name(kind, n));
        long wall = System.nanoTime() - t0;
        long cpu = threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() - cpu0 : 0;
        long process = processCpuNanos() - process0;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage() == null ? 0 : p.getPeakUsage().getUsed()).sum();
        return new Measurement(kind, n, wall / 1e9, cpu / 1e9, process / 1e9, peak, o);
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }
}
