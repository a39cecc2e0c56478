package remo.locks.harness;

import java.util.ArrayList;
import java.util.List;
import remo.locks.harness.Instr.Assign;
import remo.locks.harness.Instr.Assume;
import remo.locks.harness.Instr.Gf;
import remo.locks.harness.Instr.Get;
import remo.locks.harness.Instr.Load;
import remo.locks.harness.Instr.Put;
import remo.locks.harness.Instr.Rcas;
import remo.locks.harness.Instr.Rfaa;
import remo.locks.harness.Instr.Store;
import remo.locks.harness.Instr.Wait;

/**
 * The procedures of locks.md §7.2, the one description of each lock's IR from which every harness
 * file is generated ({@link HarnessCatalog}); {@code LockOpSequenceTest} checks that the Java classes
 * perform the same calls in the same order. A {@code call NAME(args)} of the spec is the
 * instruction list a method here returns (the language has no macros, language.md §4).
 *
 * <p>Registers (locks.md §7.4 Corrections): {@code my}/{@code g} is the register passed in
 * ({@code r0}, the second acquisition's {@code my2} is {@code r10}), the spin loads {@code a, b, c}
 * are {@code r1}–{@code r3}, {@code n} is {@code r4}, {@code v} is {@code r5}, {@code r} is {@code r6}.
 * Work ids are not renamed per call: all calls of a thread share {@code wa}, {@code wb}, {@code wr},
 * as the Java lock shares its private work ids.
 */
final class LockIr {
    /** Register {@code n} of the releases. */
    static final String N = "r4";
    /** Register {@code v} of the critical-section bodies. */
    static final String V = "r5";
    /** Register {@code r} of the MP bodies. */
    static final String R = "r6";
    private static final String[] SPIN = {"r1", "r2", "r3"};

    /**
     * An expanded call: the procedure's name as the spec writes the call, and its instructions.
     *
     * @param name the call as written in locks.md, e.g. {@code TACQ2(TK0, S0_1, S1_1, my)}
     * @param body the inlined instructions
     */
    record Call(String name, List<Instr> body) {
        Call {
            body = List.copyOf(body);
        }

        /** The procedure's name without arguments. */
        String procedure() {
            int p = name.indexOf('(');
            return p < 0 ? name : name.substring(0, p);
        }
    }

    private LockIr() {
    }

    private static String myName(String my) {
        return my.equals("r10") ? "my2" : my.equals("r0") ? "my" : my;
    }

    /** {@code TACQ2}/{@code TACQ3}: draw a ticket from {@code next}, wait, read it, spin on the rows. */
    static Call tacq(String tk, List<String> rows, String my) {
        return tacq(tk, rows, my, true, true);
    }

    /**
     * The ticket acquire with parts left out, for NAIVE-NOWAIT (locks.md §9).
     *
     * @param withWait   keep {@code wait wa}
     * @param withAssume keep the spin's final {@code assume}
     */
    static Call tacq(String tk, List<String> rows, String my, boolean withWait, boolean withAssume) {
        List<Instr> b = new ArrayList<>();
        b.add(new Rfaa("wa", tk, "next", 1));
        if (withWait) {
            b.add(new Wait("wa"));
        }
        b.add(new Load(my, tk));
        List<String> tests = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            b.add(new Load(SPIN[i], rows.get(i)));
            tests.add(SPIN[i] + " >= " + my);
        }
        if (withAssume) {
            b.add(new Assume(String.join(" || ", tests)));
        }
        return new Call("TACQ" + rows.size() + "(" + tk + ", " + String.join(", ", rows) + ", " + myName(my) + ")", b);
    }

    /** {@code WREL1}/{@code WREL2}/{@code WREL3}: {@code n = my + 1; store OWN, n; put^wb FAR, OWN …}. */
    static Call wrel(String own, List<String> far, String my) {
        List<Instr> b = new ArrayList<>();
        b.add(new Assign(N, my + " + 1"));
        b.add(new Store(own, N));
        for (String f : far) {
            b.add(new Put("wb", f, own));
        }
        List<String> args = new ArrayList<>();
        args.add(own);
        args.addAll(far);
        args.add(myName(my));
        return new Call("WREL" + (far.size() + 1) + "(" + String.join(", ", args) + ")", b);
    }

    /** {@code SREL1}/{@code SREL2}/{@code SREL3}: {@code gf} then the weak release. */
    static Call srel(String own, List<String> far, String my) {
        Call w = wrel(own, far, my);
        List<Instr> b = new ArrayList<>();
        b.add(new Gf());
        b.addAll(w.body());
        return new Call("S" + w.name().substring(1), b);
    }

    /** {@code CACQ(G, g)}: one successful RCAS attempt; {@code withAssume} false drops the final assume (C-DOUBLE). */
    static Call cacq(String g, String reg, boolean withAssume) {
        List<Instr> b = new ArrayList<>();
        b.add(new Rcas("wa", g, "L", 0, 1));
        b.add(new Wait("wa"));
        b.add(new Load(reg, g));
        if (withAssume) {
            b.add(new Assume(reg + " == 0"));
        }
        return new Call("CACQ(" + g + ", g)", b);
    }

    /** {@code CREL(Z)}: {@code gf; put^wr L, Z}. */
    static Call crel(String z) {
        return new Call("CREL(" + z + ")", List.of(new Gf(), new Put("wr", "L", z)));
    }

    /** {@code CREL_RFAA(J)}: {@code gf; rfaa^wr J, L, -1}. */
    static Call crelRfaa(String j) {
        return new Call("CREL_RFAA(" + j + ")", List.of(new Gf(), new Rfaa("wr", j, "L", -1)));
    }

    /** {@code CREL_NOGF(Z)}: {@code put^wr L, Z} without gf (WRONG: negative test only). */
    static Call crelNoGf(String z) {
        return new Call("CREL_NOGF(" + z + ")", List.of(new Put("wr", "L", z)));
    }

    /** {@code INC_CPU(C)}: {@code v = load C; v = v + 1; store C, v}. */
    static Call incCpu(String c) {
        return new Call("INC_CPU(" + c + ")", List.of(new Load(V, c), new Assign(V, V + " + 1"), new Store(c, V)));
    }

    /** {@code INC_W(C, T, U)}: a remote increment whose get and put are both waited. */
    static Call incW(String c, String t, String u) {
        return inc(c, t, u, true);
    }

    /** {@code INC_NW(C, T, U)}: as {@code INC_W} without the final wait. */
    static Call incNw(String c, String t, String u) {
        return inc(c, t, u, false);
    }

    private static Call inc(String c, String t, String u, boolean waitPut) {
        List<Instr> b = new ArrayList<>(List.of(new Get("c", t, c), new Wait("c"), new Load(V, t), new Assign(V, V + " + 1"),
                new Store(u, V), new Put("c", c, u)));
        if (waitPut) {
            b.add(new Wait("c"));
        }
        return new Call((waitPut ? "INC_W(" : "INC_NW(") + c + ", " + t + ", " + u + ")", b);
    }

    /** Client code that is not a locks.md §7.2 procedure (written inline in the harness table), under a label. */
    static Call inline(String label, Instr... body) {
        return new Call(label, List.of(body));
    }
}
