package remo.testing;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.TestAbortedException;
import remo.checker.CheckResult;
import remo.core.Position;
import remo.litmus.Dialect;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.StateItem;
import remo.litmus.gen.ProgramSize;
import remo.litmus.gen.Shrinker;

/**
 * A falsified try of a {@link LitmusProperty}: shrinks the program with remo's {@link Shrinker}
 * (each candidate is checked by calling the property method again and must fail with the same
 * exception class), writes the shrunk and the original program under the failure directory and
 * builds the {@link PropertyFailedError} with the report. The report holds no timing, so the same
 * seed gives the same text.
 */
final class LitmusFailure {
    private final LitmusTry.Setting setting;
    private final long index;
    private final Program program;
    private final ReflectiveInvocationContext<Method> call;
    private final Throwable failure;

    LitmusFailure(LitmusTry.Setting setting, long index, Program program, ReflectiveInvocationContext<Method> call,
                  Throwable failure) {
        this.setting = setting;
        this.index = index;
        this.program = program;
        this.call = call;
        this.failure = failure;
    }

    PropertyFailedError shrinkAndReport() {
        Program shrunk = program;
        int steps = 0;
        int runs = 0;
        String shrinkNote;
        if (setting.spec().shrinkBudget() == 0) {
            shrinkNote = "Not shrunk (shrinkBudget = 0).";
        } else if (program.dialect() != Dialect.RDMA) {
            shrinkNote = "Not shrunk: the shrinker works on RDMA programs and this is " + program.dialect().keyword() + ".";
        } else {
            Class<? extends Throwable> kind = failure.getClass();
            try {
                Shrinker.Result r = new Shrinker(setting.spec().shrinkBudget()).run(program, q -> sameKind(rerun(q), kind));
                shrunk = r.program();
                steps = r.steps();
                runs = r.tests();
                shrinkNote = "Shrunk in " + steps + " step" + (steps == 1 ? "" : "s") + " (" + runs + " re-run"
                        + (runs == 1 ? "" : "s") + " of the property) from " + size(r.before()) + " to " + size(r.after())
                        + (r.complete() ? "." : "; the shrink budget (" + setting.spec().shrinkBudget()
                        + " re-runs) ran out before the program was minimal.");
            } catch (IllegalArgumentException e) {
                shrinkNote = "Not shrunk: " + e.getMessage() + " (when re-run the program did not fail with "
                        + kind.getName() + " again: is the property deterministic?)";
            }
        }
        Throwable shrunkFailure = shrunk == program ? failure : rerun(shrunk);
        if (shrunkFailure == null) {
            shrunkFailure = failure;
        }
        String base = setting.property() + "-seed" + setting.seed() + "-try" + index;
        // the written programs list every location and register: the property looked at full final
        // states, and "Check it" must print them (with a shrunk "exists (true)" it printed empty states)
        boolean shrank = shrunk != program;
        shrunk = showingFullStates(shrunk);
        Path file = write(base + ".litmus", shrunk);
        Path originalFile = shrank ? write(base + "-original.litmus", showingFullStates(program)) : file;
        String check = file == null ? null : checkCommand(file);
        StringBuilder m = new StringBuilder();
        m.append("Property ").append(setting.property()).append(" falsified at try ").append(index)
                .append(" (seed ").append(setting.seed()).append(", program ")
                .append(program.name()).append(").\n");
        m.append(shrinkNote).append('\n');
        m.append("Failure of the shrunk program:\n  ").append(describe(shrunkFailure)).append('\n');
        m.append("Shrunk program").append(file == null ? "" : " (" + file + ")").append(":\n");
        m.append(indent(ProgramPrinter.print(shrunk)));
        if (check != null) {
            m.append("Check it:\n  ").append(check).append('\n');
        }
        m.append("Re-run the property with this seed:\n  ").append(setting.rerunCommand()).append('\n');
        if (shrank) {
            m.append("Original program").append(originalFile == null ? "" : " (" + originalFile + ")").append(":\n");
            m.append(indent(ProgramPrinter.print(program)));
        }
        return new PropertyFailedError(m.toString(), shrunkFailure, setting.property(), setting.seed(), index, program,
                shrunk, steps, runs, file, check, setting.rerunCommand());
    }

    /**
     * Calls the property method on {@code candidate} (the arguments of the failing call, with the
     * injected ones recomputed).
     *
     * @return what it threw (unwrapped), or null if it returned or was aborted
     */
    private Throwable rerun(Program candidate) {
        Method m = call.getExecutable();
        List<Object> args = new ArrayList<>(call.getArguments());
        Class<?>[] types = m.getParameterTypes();
        try {
            CheckResult result = LitmusTry.takes(m, CheckResult.class)
                    ? LitmusTry.checkOrAbort(setting.checker(), candidate) : null;
            PropertyTry info = new PropertyTry(setting.property(), setting.seed(), index, setting.tries());
            for (int i = 0; i < types.length; i++) {
                Class<?> t = types[i];
                if (t == Program.class || t == CheckResult.class || t == remo.testing.Checker.class || t == PropertyTry.class) {
                    args.set(i, LitmusTry.argument(t, candidate, result, setting.checker(), info));
                }
            }
            m.setAccessible(true);
            m.invoke(call.getTarget().orElse(null), args.toArray());
            return null;
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            return cause instanceof TestAbortedException ? null : cause;
        } catch (TestAbortedException | LitmusException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * {@code p} with a {@code locations} list of every location and every register a thread writes
     * (language.md §5.2), so that {@code remo check} prints the full final states that
     * {@link remo.testing.Checker#states} gives a property; {@code p} itself if it already has a list
     * or is not an RDMA program.
     */
    static Program showingFullStates(Program p) {
        if (!p.shownItems().isEmpty() || p.dialect() != Dialect.RDMA) {
            return p;
        }
        List<ItemRef> items = new ArrayList<>();
        for (LocationDecl l : p.locations()) {
            items.add(new ItemRef(new StateItem.LocationItem(l.name()), l.name(), Position.START));
        }
        p.finalRegisters().forEach((thread, registers) -> {
            for (String r : registers) {
                items.add(new ItemRef(new StateItem.RegisterItem(thread, r), r, Position.START));
            }
        });
        if (items.isEmpty()) {
            return p;
        }
        return new Program(p.name(), p.dialect(), p.doc(), p.sourceName(), p.flags(), p.nodeConstants(), p.locations(),
                p.registerInits(), p.threads(), items, p.filter(), p.quantifier(), p.condition());
    }

    private static boolean sameKind(Throwable t, Class<? extends Throwable> kind) {
        return t != null && t.getClass() == kind;
    }

    private Path write(String fileName, Program p) {
        try {
            Files.createDirectories(setting.failures());
            Path f = setting.failures().resolve(fileName.replaceAll("[^A-Za-z0-9_.+-]", "_"));
            remo.core.OutputFile.writeAtomically(f, ProgramPrinter.print(p));
            return f;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private String checkCommand(Path file) {
        StringBuilder c = new StringBuilder("./remo check --model ").append(quote(setting.checker().modelName()));
        for (String s : setting.checker().flagSettings()) {
            c.append(" --set ").append(s);
        }
        return c.append(' ').append(quote(file.toString())).toString();
    }

    private static String quote(String s) {
        return s.matches("[A-Za-z0-9_./=+:@-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    private static String size(ProgramSize s) {
        return s.threads() + " thread" + (s.threads() == 1 ? "" : "s") + " and " + s.instructions() + " instruction"
                + (s.instructions() == 1 ? "" : "s");
    }

    private static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getName() + (message == null ? "" : ": " + message.replace("\n", "\n  "));
    }

    private static String indent(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                sb.append("  ").append(line);
            }
            sb.append('\n');
        }
        String s = sb.toString();
        return s.endsWith("\n\n") ? s.substring(0, s.length() - 1) : s;
    }
}
