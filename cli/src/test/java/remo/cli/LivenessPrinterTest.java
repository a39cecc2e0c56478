package remo.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import remo.locks.liveness.Configuration;
import remo.locks.liveness.LivenessResult;
import remo.locks.liveness.LivenessTable;
import remo.locks.liveness.PropertyResult;
import remo.locks.liveness.TlcStatistics;
import remo.locks.liveness.Variant;

/** What {@code remo liveness} prints for a check stopped by Ctrl-C or by its time limit. */
class LivenessPrinterTest {

    private static final LivenessTable.Row ROW = LivenessTable.row(Variant.NAIVE_MIXCAS, Configuration.C1).orElseThrow();

    private static String print(String limit, boolean interrupted, long distinct) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LivenessPrinter printer = new LivenessPrinter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        LivenessResult.Run run = new LivenessResult.Run(List.of("MutualExclusion"), List.of(), false, null,
                new TlcStatistics(-1, distinct, -1, 11_500, false));
        LivenessResult r = new LivenessResult(ROW.name(), List.of(new PropertyResult("MutualExclusion", false,
                PropertyResult.Outcome.UNDECIDED, null)), List.of(run), null, limit, interrupted);
        printer.row(ROW, r);
        printer.summary(1, true, true, interrupted, false);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anInterruptedCheckShowsTheStatesSoFarAndSaysInterrupted() {
        String out = print("interrupted while TLC checked naive-mixcas C1: MutualExclusion; no result", true, 2187);
        String head = ROW.name() + " (" + ROW.variant().tlaName() + "; " + ROW.configuration().description() + "): ";
        assertEquals("\n" + head + "2,187 distinct states found so far (interrupted), 1 TLC run, 11.5 s\n"
                + "  MutualExclusion    undecided (interrupted) as expected\n".replace("as expected", "section 8.5 expects violated (invariant)")
                + "  interrupted while TLC checked naive-mixcas C1: MutualExclusion; no result\n"
                + "\n1 configuration, 1 result: interrupted, the results above are those decided before\n", out);
    }

    @Test
    void aCheckStoppedBeforeAnyProgressLineSaysSo() {
        String out = print("time limit of 1 s reached while TLC checked naive-mixcas C1: MutualExclusion; no result", false, -1);
        assertEquals(true, out.contains("): no states reported by TLC yet (stopped by the time limit), 1 TLC run, 11.5 s\n"), out);
        assertEquals(true, out.contains("  MutualExclusion    undecided (time limit reached) section 8.5 expects"), out);
    }
}
