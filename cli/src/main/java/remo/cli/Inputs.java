package remo.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Expands command-line inputs: a file is itself; a directory is every {@code *.litmus} below it, sorted. */
final class Inputs {

    private Inputs() {
    }

    /** One input file: its path and the name to show in messages. */
    record Input(Path path, String shown, boolean missing, String problem) {
        Input(Path path, String shown, boolean missing) {
            this(path, shown, missing, missing ? "no such file or directory" : null);
        }
    }

    /** Expands {@code args} into files; a nonexistent path yields an input marked missing. */
    static List<Input> expand(List<String> args) {
        List<Input> out = new ArrayList<>();
        for (String a : args) {
            Path p = Path.of(a);
            if (Files.isDirectory(p)) {
                int before = out.size();
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".litmus"))
                            .sorted()
                            .forEach(f -> out.add(new Input(f, f.toString(), false)));
                } catch (IOException | RuntimeException e) {
                    out.add(new Input(p, a, true));
                }
                if (out.size() == before) {
                    out.add(new Input(p, a, true, "no .litmus files in this directory"));
                }
            } else if (Files.exists(p) && !Files.isRegularFile(p)) {
                out.add(new Input(p, a, true, "not a regular file (devices, pipes and sockets are not read)"));
            } else {
                out.add(new Input(p, a, !Files.isRegularFile(p)));
            }
        }
        return out;
    }
}
