package remo.locks.harness;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * One instruction of a lock harness (locks.md §7.1), written with the names of locks.md §7.2 and rendered in
 * the spelling of language.md §4. Locations are names; their homes come from the harness's
 * location table when an instruction names a remote operand ({@code x@n}).
 */
sealed interface Instr {

    /** The instruction in language.md spelling; {@code home} gives a location's home node. */
    String render(ToIntFunction<String> home);

    /** The locations the instruction names. */
    List<String> locations();

    /** {@code r = load x}. */
    record Load(String reg, String loc) implements Instr {
        public String render(ToIntFunction<String> home) {
            return reg + " = " + loc;
        }

        public List<String> locations() {
            return List.of(loc);
        }
    }

    /** {@code store x, v}: {@code value} is a register or a constant. */
    record Store(String loc, String value) implements Instr {
        public String render(ToIntFunction<String> home) {
            return loc + " = " + value;
        }

        public List<String> locations() {
            return List.of(loc);
        }
    }

    /** {@code r = a + k} (register arithmetic; {@code expr} is the right-hand side). */
    record Assign(String reg, String expr) implements Instr {
        public String render(ToIntFunction<String> home) {
            return reg + " = " + expr;
        }

        public List<String> locations() {
            return List.of();
        }
    }

    /** {@code rfaa^d z, x, k}. */
    record Rfaa(String wid, String result, String target, long delta) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "rfaa " + result + ", " + target + "@" + home.applyAsInt(target) + ", " + delta + " #" + wid;
        }

        public List<String> locations() {
            return List.of(result, target);
        }
    }

    /** {@code rcas^d z, x, e, v}. */
    record Rcas(String wid, String result, String target, long expect, long update) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "rcas " + result + ", " + target + "@" + home.applyAsInt(target) + ", " + expect + ", " + update + " #" + wid;
        }

        public List<String> locations() {
            return List.of(result, target);
        }
    }

    /** {@code put^d x, y}: remote {@code dst} := local {@code src}. */
    record Put(String wid, String dst, String src) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "put " + dst + "@" + home.applyAsInt(dst) + ", " + src + " #" + wid;
        }

        public List<String> locations() {
            return List.of(dst, src);
        }
    }

    /** {@code get^d y, x}: local {@code dst} := remote {@code src}. */
    record Get(String wid, String dst, String src) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "get " + dst + ", " + src + "@" + home.applyAsInt(src) + " #" + wid;
        }

        public List<String> locations() {
            return List.of(dst, src);
        }
    }

    /** {@code wait d}. */
    record Wait(String wid) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "wait " + wid;
        }

        public List<String> locations() {
            return List.of();
        }
    }

    /** {@code gf}. */
    record Gf() implements Instr {
        public String render(ToIntFunction<String> home) {
            return "gf";
        }

        public List<String> locations() {
            return List.of();
        }
    }

    /** {@code assume (c)}; {@code condition} is written in language.md's bexp syntax. */
    record Assume(String condition) implements Instr {
        public String render(ToIntFunction<String> home) {
            return "assume (" + condition + ")";
        }

        public List<String> locations() {
            return List.of();
        }
    }

    /** {@code r = cas x, e, v} (locked CPU CAS). */
    record Cas(String reg, String loc, long expect, long update) implements Instr {
        public String render(ToIntFunction<String> home) {
            return reg + " = cas(" + loc + ", " + expect + ", " + update + ")";
        }

        public List<String> locations() {
            return List.of(loc);
        }
    }

    /** {@code r = faa x, k} (locked CPU fetch-and-add). */
    record Faa(String reg, String loc, long delta) implements Instr {
        public String render(ToIntFunction<String> home) {
            return reg + " = faa(" + loc + ", " + delta + ")";
        }

        public List<String> locations() {
            return List.of(loc);
        }
    }
}
