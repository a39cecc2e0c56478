package remo.litmus.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import remo.core.Position;
import remo.litmus.FlagSetting;
import remo.litmus.Instruction;
import remo.litmus.ItemRef;
import remo.litmus.LocationDecl;
import remo.litmus.Program;
import remo.litmus.Prop;
import remo.litmus.Register;
import remo.litmus.RegisterInit;
import remo.litmus.ThreadCode;

/**
 * Compares programs "up to source": two programs are equal when they differ only in source
 * positions, in {@link ThreadCode#sourceTexts()} and in {@link Program#sourceName()}. This is the
 * equality that a print→parse round trip ({@code ProgramPrinter.print} then
 * {@code LitmusParser.parseAndValidate}) must preserve, and the one the shrinker uses to recognise a
 * candidate it has already tried.
 */
public final class ProgramNormalizer {

    private ProgramNormalizer() {
    }

    /**
     * The normal form of {@code program}: every position {@link Position#NONE} and source texts replaced
     * by the RDMA renderings of the instructions. Everything else (names, source name, node reference
     * texts, register spellings, the order of declarations) is kept.
     *
     * @param program any program
     * @return a program {@code equals} to the normal form of every program that differs only in
     *         positions and source texts
     */
    public static Program normalize(Program program) {
        return normalize(program, program.sourceName());
    }

    private static Program normalize(Program program, String sourceName) {
        InstructionRewriter erase = InstructionRewriter.erasing();
        List<FlagSetting> flags = new ArrayList<>();
        for (FlagSetting f : program.flags()) {
            flags.add(new FlagSetting(f.name(), f.value(), Position.NONE, Position.NONE));
        }
        List<LocationDecl> locations = new ArrayList<>();
        for (LocationDecl d : program.locations()) {
            locations.add(new LocationDecl(d.name(), d.home(), d.initial(), Position.NONE));
        }
        List<RegisterInit> inits = new ArrayList<>();
        for (RegisterInit r : program.registerInits()) {
            inits.add(new RegisterInit(r.thread(), Register.of(r.register().name()), r.value(), Position.NONE));
        }
        List<ThreadCode> threads = new ArrayList<>();
        for (ThreadCode t : program.threads()) {
            List<Instruction> code = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                code.add(erase.apply(i));
            }
            threads.add(ThreadCode.of(t.index(), t.node(), code));
        }
        List<ItemRef> shown = new ArrayList<>();
        for (ItemRef r : program.shownItems()) {
            shown.add(erase(r));
        }
        return new Program(program.name(), program.dialect(), program.doc(), sourceName, flags,
                program.nodeConstants(), locations, inits, threads, shown,
                program.filter() == null ? null : mapAtoms(program.filter(), a -> new Prop.Atom(erase(a.ref()), a.equal(), a.value())),
                program.quantifier(), mapAtoms(program.condition(), a -> new Prop.Atom(erase(a.ref()), a.equal(), a.value())));
    }

    /**
     * Whether {@code a} and {@code b} are equal up to positions, source texts and source names.
     */
    public static boolean equalIgnoringSource(Program a, Program b) {
        return normalize(a, "").equals(normalize(b, ""));
    }

    private static ItemRef erase(ItemRef r) {
        return new ItemRef(r.item(), r.spelling(), Position.NONE);
    }

    /** Rebuilds {@code p} with every atom replaced by {@code f(atom)} (which may be any proposition). */
    static Prop mapAtoms(Prop p, Function<Prop.Atom, Prop> f) {
        if (p instanceof Prop.Atom a) {
            return f.apply(a);
        }
        if (p instanceof Prop.Not n) {
            return new Prop.Not(mapAtoms(n.operand(), f));
        }
        if (p instanceof Prop.And a) {
            Prop left = mapAtoms(a.left(), f);
            return new Prop.And(left, mapAtoms(a.right(), f));
        }
        if (p instanceof Prop.Or o) {
            Prop left = mapAtoms(o.left(), f);
            return new Prop.Or(left, mapAtoms(o.right(), f));
        }
        if (p instanceof Prop.Implies i) {
            Prop left = mapAtoms(i.left(), f);
            return new Prop.Implies(left, mapAtoms(i.right(), f));
        }
        return p;
    }
}
