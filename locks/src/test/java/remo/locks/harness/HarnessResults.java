package remo.locks.harness;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.CheckResult;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.locks.LockTestFiles;

/**
 * The checker's results on the harnesses, computed once per JVM per (harness, model) and shared by
 * the verdict, witness and P-SC tests. Each result keeps one witness execution.
 */
final class HarnessResults {
    /** The two models of every verdict (locks.md §7.4). */
    static final List<String> MODELS = List.of("rdma-wait-rmw", "rdma-sc-rmw");

    private static final Map<String, CheckResult> CACHE = new ConcurrentHashMap<>();

    private HarnessResults() {
    }

    /** Every harness whose verdict under {@code model} is in the default suite. */
    static Stream<Harness> harnesses(String model) {
        return Stream.concat(HarnessCatalog.all().stream(), HarnessCatalog.bench().stream())
                .filter(h -> !h.expected().slow(model));
    }

    /** Every (harness id, model) pair of the default suite or of the slow profile, as {@code slow} says. */
    static Stream<List<String>> cases(boolean slow) {
        return Stream.concat(HarnessCatalog.all().stream(), HarnessCatalog.bench().stream())
                .flatMap(h -> MODELS.stream().filter(m -> h.expected().slow(m) == slow).map(m -> List.of(h.id(), m)));
    }

    /** The harness named {@code id}. */
    static Harness harness(String id) {
        return Stream.concat(HarnessCatalog.all().stream(), HarnessCatalog.bench().stream()).filter(h -> h.id().equals(id))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("no harness " + id));
    }

    /** The parsed program of a harness. */
    static Program program(Harness h) {
        return LockTestFiles.parse(h.id() + ".litmus", h.text());
    }

    /** The checker's result on {@code h} under {@code model} (no limits), with one witness kept. */
    static CheckResult result(Harness h, String model) {
        return result(h, model, null);
    }

    /**
     * The checker's result on {@code h} under {@code model} with one witness kept, stopped (and
     * reported partial) after {@code limit}, or never if {@code limit} is null.
     */
    static CheckResult result(Harness h, String model, java.time.Duration limit) {
        return CACHE.computeIfAbsent(h.id() + "\t" + model, k -> {
            Program p = program(h);
            CheckOptions options = CheckOptions.defaults().collecting(CheckOptions.Collect.WITNESS, 1);
            if (limit != null) {
                options = options.withTimeout(limit);
            }
            try {
                return AxiomaticChecker.check(p, LockTestFiles.model(model), LockTestFiles.flags(p), options);
            } catch (LitmusException e) {
                throw new IllegalStateException(h.id() + " under " + model + ": " + e.getMessage(), e);
            }
        });
    }
}
