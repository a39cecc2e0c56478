package remo.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckResult;
import remo.checker.TestRunner;
import remo.conformance.genc.ObservedStates;
import remo.conformance.genc.VerbsEligibility;
import remo.conformance.genc.VerbsProgramWriter;
import remo.conformance.genc.VerbsShim;
import remo.core.Diagnostic;
import remo.core.DiagnosticException;
import remo.core.FlagValues;
import remo.core.Position;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * {@code remo gen-c}: writes each RDMA litmus test that uses only puts, gets, polls, rcas, rfaa,
 * loads and stores as a C program on the verbs API, {@code DIR/NAME.c} (docs/hardware.md); the other
 * tests are listed with the reason. With {@code --compare LOG}, reads the histogram such a program
 * printed and compares it with the model's allowed full final states instead. Exit status: 0 every
 * test written (or, comparing, every observed state allowed); 1 some test not written (an observed
 * state outside the allowed set); 2 bad input.
 */
@Command(name = "gen-c", mixinStandardHelpOptions = true,
        description = "Write RDMA litmus tests as C programs on the verbs API (libibverbs) to run on RDMA NICs, or compare "
                + "what such a program observed with the model.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every test written (--compare: every observed state allowed)",
                "1:some test not written (--compare: an observed state the model forbids)",
                "2:usage error or bad input", "3:internal error (a bug; please report it)"})
final class GenCCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Litmus files, or directories searched for *.litmus.")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for NAME.c (created if needed).")
    Path out;

    @Option(names = "--shim", description = "Also write verbs_shim.c into DIR: libibverbs on shared memory, to run the "
            + "programs without an RDMA device.")
    boolean shim;

    @Option(names = "--compare", paramLabel = "LOG", description = "Compare the histogram in LOG (printed by the program of "
            + "the one FILE) with the model's allowed full final states.")
    Path compare;

    @Option(names = "--model", paramLabel = "MODEL", description = "--compare: the model (default rdma-tso-rmw).")
    String model;

    @Override
    public Integer call() {
        ArgumentPositions cmd = ArgumentPositions.of(spec);
        if (compare != null) {
            if (out != null || shim || inputs.size() != 1) {
                System.err.println(ModelOptions.usage(cmd, "--compare", "--compare LOG takes one litmus FILE and no --out "
                        + "or --shim").diagnostic().format());
                return 2;
            }
            return compare(cmd);
        }
        if (out == null) {
            System.err.println(ModelOptions.usage(cmd, "gen-c", "--out DIR is required (where NAME.c is written)")
                    .diagnostic().format());
            return 2;
        }
        int status = 0;
        int written = 0;
        int refused = 0;
        try {
            Files.createDirectories(out);
            if (shim) {
                OutputPath.writeAtomically(out.resolve(VerbsShim.FILE_NAME), VerbsShim.source().getBytes(StandardCharsets.UTF_8));
                System.out.println("shim: " + out.resolve(VerbsShim.FILE_NAME));
            }
        } catch (IOException e) {
            System.err.println(Diagnostic.error("E-IO", out.toString(), Position.START, OutputPath.describeWriteFailure(e)).format());
            return 2;
        }
        for (Inputs.Input in : Inputs.expand(inputs)) {
            if (in.missing()) {
                System.err.println(in.problemDiagnostic().format());
                status = 2;
                continue;
            }
            try {
                Program p = LitmusParser.read(in.path(), in.shown());
                Optional<String> reason = VerbsEligibility.reasonAgainst(p);
                if (reason.isPresent()) {
                    System.out.println(p.name() + ": not written: " + reason.get());
                    refused++;
                    continue;
                }
                Path file = out.resolve(p.name() + ".c");
                OutputPath.writeAtomically(file, VerbsProgramWriter.write(p).orElseThrow().getBytes(StandardCharsets.UTF_8));
                System.out.println(p.name() + ": " + file);
                written++;
            } catch (DiagnosticException e) {
                System.err.println(e.diagnostic().format());
                status = 2;
            } catch (IOException e) {
                System.err.println(Diagnostic.error("E-IO", in.shown(), Position.START, InputText.describe(e)).format());
                status = 2;
            }
        }
        System.out.println(written + " written, " + refused + " not written");
        return status == 2 ? 2 : refused > 0 ? 1 : 0;
    }

    private int compare(ArgumentPositions cmd) {
        Program program;
        ObservedStates observed;
        CheckResult allowed;
        String shown = inputs.get(0);
        try {
            program = LitmusParser.read(Path.of(shown), shown);
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        } catch (IOException e) {
            System.err.println(Diagnostic.error("E-IO", shown, Position.START, InputText.describe(e)).format());
            return 2;
        }
        try {
            ModelLibrary library = new ModelLibrary();
            CatModel m = ModelOptions.load(library, model != null ? model : TestRunner.defaultModel(program), cmd.value("--model"));
            observed = ObservedStates.parse(compare.toString(), Files.readString(compare, StandardCharsets.UTF_8));
            allowed = AxiomaticChecker.check(program, m, FlagValues.defaults().withAll(program.flags()),
                    remo.checker.CheckOptions.defaults());
        } catch (DiagnosticException e) {
            System.err.println(e.diagnostic().format());
            return 2;
        } catch (ObservedStates.MalformedException e) {
            System.err.println(e.getMessage());
            return 2;
        } catch (IOException e) {
            System.err.println(Diagnostic.error("E-IO", compare.toString(), Position.START, InputText.describe(e)).format());
            return 2;
        }
        if (!observed.test().equals(program.name())) {
            System.err.println(Diagnostic.error("E-OBSERVED", compare.toString(), Position.START, "the histogram is of test "
                    + observed.test() + ", not " + program.name()).format());
            return 2;
        }
        ObservedStates.Comparison c = observed.compare(program, allowed.fullStates());
        long runs = observed.counts().values().stream().mapToLong(Long::longValue).sum();
        System.out.println("Observed " + program.name() + ": " + observed.counts().size() + " states in " + runs
                + " iterations beside " + allowed.model().name() + "'s " + allowed.fullStates().size() + " allowed states"
                + (allowed.partial() ? " (partial)" : ""));
        for (var e : observed.counts().entrySet()) {
            String mark = c.forbidden().contains(e.getKey()) ? "FORBIDDEN" : "allowed  ";
            System.out.println(String.format("  %10d  %s  %s", e.getValue(), mark, e.getKey()));
        }
        for (String s : c.neverObserved()) {
            System.out.println(String.format("  %10d  %s  %s", 0, "allowed  ", s));
        }
        System.out.println("Result " + program.name() + (c.forbidden().isEmpty() ? " Ok" : " FORBIDDEN states observed: "
                + c.forbidden().size()));
        return c.forbidden().isEmpty() ? 0 : 1;
    }
}
