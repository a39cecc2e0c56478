package remo.loco.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generator of {@code examples/loco}: every harness of loco.md §4 in the order of the spec,
 * and {@code expected.tsv} (columns {@code id}, {@code rdma-wait-rmw}, {@code rdma-sc-rmw}, and
 * {@code note}, which {@code --expect} ignores). {@code HarnessFilesTest} asserts the checked-in
 * files equal this output; to change a harness, change it here and regenerate with
 * {@code mvn -B -o test -pl loco-objects -am -Dtest=HarnessFilesTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dremo.harnesses.write=true} (or run {@link #main} with the directory).
 */
final class HarnessCatalogue {
    private HarnessCatalogue() {
    }

    /** Every harness, SharedRegion's first, KvStore's last. */
    static List<Harness> all() {
        List<Harness> out = new ArrayList<>();
        out.addAll(WordObjectHarnesses.all());
        out.addAll(SyncObjectHarnesses.all());
        out.addAll(KvStoreHarnesses.all());
        return out;
    }

    /** The files of {@code examples/loco} by name: one {@code <id>.litmus} per harness and {@code expected.tsv}. */
    static Map<String, String> files() {
        Map<String, String> files = new LinkedHashMap<>();
        StringBuilder tsv = new StringBuilder("id\trdma-wait-rmw\trdma-sc-rmw\tnote\n");
        for (Harness h : all()) {
            files.put(h.id() + ".litmus", h.text());
            tsv.append(h.id()).append('\t').append(h.waitRmw()).append('\t').append(h.scRmw()).append('\t').append(h.note()).append('\n');
        }
        files.put("expected.tsv", tsv.toString());
        return files;
    }

    /** Writes {@link #files()} into {@code dir} (UTF-8). */
    static void write(Path dir) throws IOException {
        for (Map.Entry<String, String> f : files().entrySet()) {
            Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** Writes the files into the directory given as the one argument (the checkout's {@code examples/loco}). */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: HarnessCatalogue DIR");
            return;
        }
        write(Path.of(args[0]));
    }
}
