package remo.litmus.gen;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import remo.litmus.Dialect;
import remo.litmus.FlagSetting;
import remo.litmus.ItemRef;
import remo.litmus.LitmusException;
import remo.litmus.Program;
import remo.litmus.ProgramValidator;
import remo.litmus.Prop;
import remo.litmus.Quantifier;
import remo.litmus.RegisterInit;

/**
 * Delta-debugging shrinker: given a program and a predicate that holds for it ("still fails"),
 * returns a locally minimal program for which the predicate still holds.
 *
 * <p>The shrinker repeatedly tries candidate edits, in this fixed order, and restarts from the first
 * after every accepted one:
 * <ol>
 *   <li>remove a thread (later threads move down; atoms on its registers become {@code true});</li>
 *   <li>remove instructions: chunks of half, a quarter, … of the instructions, down to single
 *       instructions (ddmin), each also with the instructions it leaves dangling removed
 *       ({@link ValidityRepair});</li>
 *   <li>merge two nodes into one;</li>
 *   <li>remove unused locations (all at once, then one by one);</li>
 *   <li>remove a work id from an operation (and the waits left without it);</li>
 *   <li>remove a flag setting, a register initialisation, a {@code locations} item, the filter;</li>
 *   <li>simplify the condition and the filter: a sub-term by {@code true}, {@code false} or one of its
 *       operands, {@code !=} by {@code =}, the quantifier by {@code exists};</li>
 *   <li>simplify constants toward 0 and 1;</li>
 *   <li>rename registers, work ids and nodes canonically ({@code r0, r1, …}; {@code d, e, …};
 *       {@code 1, 2, …}).</li>
 * </ol>
 * A candidate is tried only if its {@link ProgramSize} is strictly smaller than the current program's
 * (so shrinking terminates), it has not been tried before, and it passes
 * {@link ProgramValidator#validate}; invalid candidates are skipped without calling the predicate.
 * The result is <em>locally minimal</em>: no single candidate edit of it satisfies the predicate (unless
 * the test budget ran out, see {@link Result#complete()}).
 *
 * <p>Deterministic: the same program and predicate give the same result. Exceptions thrown by the
 * predicate propagate to the caller.
 */
public final class Shrinker {

    /** Predicate evaluations allowed by {@link #shrink(Program, Predicate)}. */
    public static final int DEFAULT_MAX_TESTS = 20_000;

    private final int maxTests;

    /**
     * @param maxTests the most predicate evaluations one run may make (at least 1)
     * @throws IllegalArgumentException if {@code maxTests < 1}
     */
    public Shrinker(int maxTests) {
        if (maxTests < 1) {
            throw new IllegalArgumentException("maxTests must be >= 1, found " + maxTests);
        }
        this.maxTests = maxTests;
    }

    /**
     * The outcome of a shrinking run.
     *
     * @param program  the smallest program found for which the predicate holds (positions erased)
     * @param before   the size of the input program
     * @param after    the size of {@code program}
     * @param tests    predicate evaluations made
     * @param steps    candidate edits accepted
     * @param complete false if the test budget ran out before the program was locally minimal
     */
    public record Result(Program program, ProgramSize before, ProgramSize after, int tests, int steps, boolean complete) {
    }

    /**
     * Shrinks with the default budget of {@value #DEFAULT_MAX_TESTS} predicate evaluations.
     *
     * @param program    a valid RDMA program for which {@code stillFails} holds
     * @param stillFails the property to keep; called only on valid programs
     * @return the shrunk program
     * @throws IllegalArgumentException as {@link #run}
     */
    public static Program shrink(Program program, Predicate<Program> stillFails) {
        return new Shrinker(DEFAULT_MAX_TESTS).run(program, stillFails).program();
    }

    /**
     * Shrinks {@code program} while {@code stillFails} holds.
     *
     * @param program    a valid RDMA program
     * @param stillFails the property to keep; called only on valid programs, at most {@code maxTests}
     *                   times (plus once on {@code program} itself)
     * @return the result
     * @throws IllegalArgumentException if {@code program} is not in the RDMA dialect, is invalid, or does
     *                                  not satisfy {@code stillFails}
     */
    public Result run(Program program, Predicate<Program> stillFails) {
        if (program.dialect() != Dialect.RDMA) {
            throw new IllegalArgumentException("the shrinker works on RDMA programs; " + program.name() + " is "
                    + program.dialect().keyword());
        }
        try {
            ProgramValidator.validate(program);
        } catch (LitmusException e) {
            throw new IllegalArgumentException("the program to shrink is invalid: " + e.getMessage(), e);
        }
        if (!stillFails.test(program)) {
            throw new IllegalArgumentException("the predicate does not hold for " + program.name());
        }
        ProgramSize before = ProgramSize.of(program);
        Program current = program;
        ProgramSize currentSize = before;
        Set<Program> seen = new HashSet<>();
        seen.add(ProgramNormalizer.normalize(program));
        int tests = 0;
        int steps = 0;
        boolean progressed = true;
        search:
        while (progressed) {
            progressed = false;
            for (Pass pass : Pass.values()) {
                for (Program candidate : pass.candidates(current)) {
                    ProgramSize size = ProgramSize.of(candidate);
                    if (!size.smallerThan(currentSize) || !seen.add(candidate) || !valid(candidate)) {
                        continue;
                    }
                    if (tests >= maxTests) {
                        return new Result(current, before, currentSize, tests, steps, false);
                    }
                    tests++;
                    if (stillFails.test(candidate)) {
                        current = candidate;
                        currentSize = size;
                        steps++;
                        progressed = true;
                        continue search;
                    }
                }
            }
        }
        return new Result(current, before, currentSize, tests, steps, true);
    }

    private static boolean valid(Program p) {
        try {
            ProgramValidator.validate(p);
            return !p.threads().isEmpty();
        } catch (LitmusException e) {
            return false;
        }
    }

    /** The candidate edits, in the order they are tried. */
    private enum Pass {
        REMOVE_THREAD {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                if (p.threads().size() > 1) {
                    for (int t = 0; t < p.threads().size(); t++) {
                        out.add(ValidityRepair.repair(ProgramEdits.removeThread(p, t)));
                    }
                }
                return out;
            }
        },
        REMOVE_INSTRUCTIONS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                int n = p.instructionCount();
                for (int chunk = Math.max(1, n / 2); ; chunk /= 2) {
                    for (int start = 0; start < n; start += chunk) {
                        Set<Integer> removed = new LinkedHashSet<>();
                        for (int i = start; i < Math.min(n, start + chunk); i++) {
                            removed.add(i);
                        }
                        Program plain = ProgramEdits.removeInstructions(p, removed);
                        out.add(plain);
                        out.add(ValidityRepair.repair(plain));
                    }
                    if (chunk == 1) {
                        break;
                    }
                }
                return out;
            }
        },
        MERGE_NODES {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                List<Integer> nodes = new ArrayList<>(ProgramEdits.nodes(p));
                for (int i = 0; i < nodes.size(); i++) {
                    for (int j = i + 1; j < nodes.size(); j++) {
                        out.add(ProgramEdits.renameNodes(p, Map.of(nodes.get(j), nodes.get(i))));
                    }
                }
                return out;
            }
        },
        REMOVE_UNUSED_LOCATIONS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                List<String> unused = ProgramEdits.unusedLocations(p);
                if (!unused.isEmpty()) {
                    out.add(ProgramEdits.removeLocations(p, new LinkedHashSet<>(unused)));
                    for (String name : unused) {
                        out.add(ProgramEdits.removeLocations(p, Set.of(name)));
                    }
                }
                return out;
            }
        },
        REMOVE_TAGS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                for (int index : ProgramEdits.taggedOperations(p)) {
                    Program plain = ProgramEdits.dropTag(p, index);
                    out.add(plain);
                    out.add(ValidityRepair.repair(plain));
                }
                return out;
            }
        },
        PLAIN_PUTS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                for (int index : new java.util.LinkedHashSet<>(ProgramEdits.putOptions(p))) {
                    out.add(ProgramEdits.dropPutOption(p, index, true));
                    Program signalled = ProgramEdits.dropPutOption(p, index, false);
                    out.add(signalled);
                    out.add(ValidityRepair.repair(signalled));
                }
                return out;
            }
        },
        REMOVE_EXTRAS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                for (FlagSetting f : p.flags()) {
                    ProgramEdits.Copy c = new ProgramEdits.Copy(p);
                    c.flags.remove(f);
                    out.add(c.build());
                }
                for (RegisterInit r : p.registerInits()) {
                    ProgramEdits.Copy c = new ProgramEdits.Copy(p);
                    c.registerInits.remove(r);
                    Program plain = c.build();
                    out.add(plain);
                    out.add(ValidityRepair.repair(plain));
                }
                for (ItemRef item : p.shownItems()) {
                    ProgramEdits.Copy c = new ProgramEdits.Copy(p);
                    c.shownItems.remove(item);
                    out.add(c.build());
                }
                if (p.filter() != null) {
                    out.add(ProgramEdits.withConstraints(p, null, p.quantifier(), p.condition()));
                }
                return out;
            }
        },
        SIMPLIFY_CONDITION {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                if (p.quantifier() != Quantifier.EXISTS) {
                    out.add(ProgramEdits.withConstraints(p, p.filter(), Quantifier.EXISTS, p.condition()));
                }
                for (Prop c : PropRewriting.simplifications(p.condition())) {
                    out.add(ProgramEdits.withConstraints(p, p.filter(), p.quantifier(), c));
                }
                if (p.filter() != null) {
                    for (Prop f : PropRewriting.simplifications(p.filter())) {
                        out.add(ProgramEdits.withConstraints(p, f, p.quantifier(), p.condition()));
                    }
                }
                return out;
            }
        },
        SIMPLIFY_CONSTANTS {
            @Override List<Program> candidates(Program p) {
                List<Program> out = new ArrayList<>();
                List<Long> constants = ProgramEdits.constants(p);
                for (int k = 0; k < constants.size(); k++) {
                    long v = constants.get(k);
                    for (long simpler : new long[] {0, 1}) {
                        if (ProgramSize.weight(simpler) < ProgramSize.weight(v)) {
                            out.add(ProgramEdits.withConstant(p, k, simpler));
                        }
                    }
                }
                return out;
            }
        },
        RENUMBER {
            @Override List<Program> candidates(Program p) {
                return List.of(ProgramEdits.renumber(p));
            }
        };

        /** The candidate edits of {@code p}, in the order they are tried. */
        abstract List<Program> candidates(Program p);
    }
}
