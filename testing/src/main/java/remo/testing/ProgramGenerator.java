package remo.testing;

import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import remo.litmus.Program;

/**
 * A source of litmus programs as a value: draw {@code index} of seed {@code seed} is always the same
 * program, whatever was drawn before, so a failing try is regenerated from its two numbers alone.
 * Build one with {@link Programs} and refine it with {@link #filter} and {@link #map}.
 *
 * <p>A generator is either infinite (random programs, random cycles: every index gives a new draw)
 * or finite (a list of cycles, a directory of tests: {@link #size()} elements, draw {@code index} is
 * element {@code index mod size}, the seed is not used). A {@link LitmusProperty} runs at most
 * {@code size()} tries of a finite generator.
 *
 * <p>Implementations must be deterministic and free of shared mutable state; a property may draw
 * from one generator on several threads.
 */
public interface ProgramGenerator {

    /**
     * Draw {@code index} of seed {@code seed}.
     *
     * @param seed  the property's seed
     * @param index the try's index, from 0
     * @return the program, or a draw without one when a filter rejected every attempt
     * @throws IllegalArgumentException if the source cannot produce a program (a mapping that fails)
     */
    Draw draw(long seed, long index);

    /** A one-line description for reports, e.g. {@code random(rdma-wait-rmw knobs)}. */
    String description();

    /**
     * The number of distinct elements of a finite generator.
     *
     * @return the size, or empty for an infinite generator
     */
    default OptionalLong size() {
        return OptionalLong.empty();
    }

    /**
     * The program of draw {@code index} of seed {@code seed}.
     *
     * @return the program
     * @throws IllegalStateException if a filter rejected every attempt of this draw
     */
    default Program program(long seed, long index) {
        Draw d = draw(seed, index);
        if (d.program() == null) {
            throw new IllegalStateException("draw " + index + " of seed " + seed + " of " + description()
                    + ": the filter rejected all " + d.discarded() + " attempts");
        }
        return d.program();
    }

    /**
     * The programs of this generator that satisfy {@code keep}, with up to
     * {@value Draw#DEFAULT_ATTEMPTS} attempts per draw.
     *
     * @see #filter(Predicate, int)
     */
    default ProgramGenerator filter(Predicate<Program> keep) {
        return filter(keep, Draw.DEFAULT_ATTEMPTS);
    }

    /**
     * The programs of this generator that satisfy {@code keep}. An infinite generator is asked again
     * for a rejected draw, attempt {@code a} at seed {@link Draw#attemptSeed(long, int) attemptSeed(seed, a)}
     * and the same index (so the result still depends only on seed and index); a finite generator is
     * not (its element would be the same), the draw is then empty. Rejected attempts are counted in
     * {@link Draw#discarded()} and in the property's statistics.
     *
     * @param keep     the condition
     * @param attempts the most attempts per draw (at least 1)
     * @return the filtered generator
     * @throws IllegalArgumentException if {@code attempts < 1}
     */
    default ProgramGenerator filter(Predicate<Program> keep, int attempts) {
        Objects.requireNonNull(keep, "keep");
        if (attempts < 1) {
            throw new IllegalArgumentException("a filter needs at least 1 attempt per draw, found " + attempts);
        }
        ProgramGenerator source = this;
        int tries = source.size().isPresent() ? 1 : attempts;
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                int discarded = 0;
                for (int a = 0; a < tries; a++) {
                    Draw d = source.draw(Draw.attemptSeed(seed, a), index);
                    discarded += d.discarded();
                    if (d.program() != null && keep.test(d.program())) {
                        return new Draw(d.program(), discarded);
                    }
                    if (d.program() != null) {
                        discarded++;
                    }
                }
                return new Draw(null, discarded);
            }

            @Override
            public String description() {
                return source.description() + ".filter(…)";
            }

            @Override
            public OptionalLong size() {
                return source.size();
            }
        };
    }

    /**
     * This generator with {@code f} applied to every program (a compiler pass, a fence insertion, a
     * renaming). The result must be a valid program for the property's checks.
     *
     * @param f the mapping; a {@link RuntimeException} it throws propagates to the try that draws
     * @return the mapped generator
     */
    default ProgramGenerator map(UnaryOperator<Program> f) {
        Objects.requireNonNull(f, "f");
        ProgramGenerator source = this;
        return new ProgramGenerator() {
            @Override
            public Draw draw(long seed, long index) {
                Draw d = source.draw(seed, index);
                return d.program() == null ? d : new Draw(Objects.requireNonNull(f.apply(d.program()),
                        "the mapping returned null"), d.discarded());
            }

            @Override
            public String description() {
                return source.description() + ".map(…)";
            }

            @Override
            public OptionalLong size() {
                return source.size();
            }
        };
    }
}
