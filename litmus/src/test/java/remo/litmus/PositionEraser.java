package remo.litmus;

import java.util.ArrayList;
import java.util.List;
import remo.core.Position;

/**
 * Rebuilds a program with every source position set to {@link Position#NONE} and the source texts
 * replaced by the instructions' renderings, so that two programs can be compared "up to positions
 * and source texts" with {@code equals}.
 */
final class PositionEraser {
    private static final Position NONE = Position.NONE;

    private PositionEraser() {
    }

    static Program erase(Program p) {
        List<FlagSetting> flags = new ArrayList<>();
        for (FlagSetting f : p.flags()) {
            flags.add(new FlagSetting(f.name(), f.value(), NONE, NONE));
        }
        List<LocationDecl> locations = new ArrayList<>();
        for (LocationDecl d : p.locations()) {
            locations.add(new LocationDecl(d.name(), d.home(), d.initial(), NONE));
        }
        List<RegisterInit> inits = new ArrayList<>();
        for (RegisterInit r : p.registerInits()) {
            inits.add(new RegisterInit(r.thread(), reg(r.register()), r.value(), NONE));
        }
        List<ThreadCode> threads = new ArrayList<>();
        for (ThreadCode t : p.threads()) {
            List<Instruction> code = new ArrayList<>();
            for (Instruction i : t.instructions()) {
                code.add(erase(i));
            }
            threads.add(ThreadCode.of(t.index(), t.node(), code));
        }
        List<ItemRef> shown = new ArrayList<>();
        for (ItemRef r : p.shownItems()) {
            shown.add(erase(r));
        }
        return new Program(p.name(), p.dialect(), p.doc(), p.sourceName(), flags, p.nodeConstants(), locations, inits,
                threads, shown, p.filter() == null ? null : erase(p.filter()), p.quantifier(), erase(p.condition()));
    }

    static ItemRef erase(ItemRef r) {
        return new ItemRef(r.item(), r.spelling(), NONE);
    }

    static Prop erase(Prop p) {
        if (p instanceof Prop.Atom a) {
            return new Prop.Atom(erase(a.ref()), a.equal(), a.value());
        }
        if (p instanceof Prop.Not n) {
            return new Prop.Not(erase(n.operand()));
        }
        if (p instanceof Prop.And a) {
            return new Prop.And(erase(a.left()), erase(a.right()));
        }
        if (p instanceof Prop.Or o) {
            return new Prop.Or(erase(o.left()), erase(o.right()));
        }
        if (p instanceof Prop.Implies i) {
            return new Prop.Implies(erase(i.left()), erase(i.right()));
        }
        return p;
    }

    static Instruction erase(Instruction i) {
        return i.accept(new InstructionVisitor<Instruction>() {
            @Override public Instruction visitLoad(Instruction.Load x) {
                return new Instruction.Load(reg(x.destination()), loc(x.source()), NONE);
            }
            @Override public Instruction visitStore(Instruction.Store x) {
                return new Instruction.Store(loc(x.destination()), op(x.value()), NONE);
            }
            @Override public Instruction visitAssign(Instruction.Assign x) {
                return new Instruction.Assign(reg(x.destination()), op(x.left()), x.op(), op(x.right()), NONE);
            }
            @Override public Instruction visitRegisterSwap(Instruction.RegisterSwap x) {
                return new Instruction.RegisterSwap(reg(x.first()), reg(x.second()), NONE);
            }
            @Override public Instruction visitMFence(Instruction.MFence x) {
                return new Instruction.MFence(NONE);
            }
            @Override public Instruction visitLockedRmw(Instruction.LockedRmw x) {
                return new Instruction.LockedRmw(x.kind(), reg(x.result()), loc(x.location()), op(x.first()), op(x.second()), NONE);
            }
            @Override public Instruction visitAssume(Instruction.Assume x) {
                return new Instruction.Assume(erase(x.condition()), NONE);
            }
            @Override public Instruction visitAwait(Instruction.Await x) {
                return new Instruction.Await(loc(x.location()), op(x.expected()), NONE);
            }
            @Override public Instruction visitPut(Instruction.Put x) {
                return new Instruction.Put(loc(x.remote()), node(x.node()), loc(x.source()), wid(x.tag()), x.inline(), x.unsignaled(), NONE);
            }
            @Override public Instruction visitGet(Instruction.Get x) {
                return new Instruction.Get(loc(x.destination()), loc(x.remote()), node(x.node()), wid(x.tag()), NONE);
            }
            @Override public Instruction visitRemoteCas(Instruction.RemoteCas x) {
                return new Instruction.RemoteCas(loc(x.result()), loc(x.remote()), node(x.node()), op(x.expected()),
                        op(x.newValue()), wid(x.tag()), NONE);
            }
            @Override public Instruction visitRemoteFaa(Instruction.RemoteFaa x) {
                return new Instruction.RemoteFaa(loc(x.result()), loc(x.remote()), node(x.node()), op(x.addend()), wid(x.tag()), NONE);
            }
            @Override public Instruction visitPoll(Instruction.Poll x) {
                return new Instruction.Poll(node(x.node()), NONE);
            }
            @Override public Instruction visitRFence(Instruction.RFence x) {
                return new Instruction.RFence(node(x.node()), NONE);
            }
            @Override public Instruction visitWait(Instruction.Wait x) {
                return new Instruction.Wait(wid(x.id()), NONE);
            }
            @Override public Instruction visitGlobalFence(Instruction.GlobalFence x) {
                return new Instruction.GlobalFence(NONE);
            }
        });
    }

    static BoolExpr erase(BoolExpr e) {
        if (e instanceof BoolExpr.Compare c) {
            return new BoolExpr.Compare(op(c.left()), c.op(), op(c.right()));
        }
        if (e instanceof BoolExpr.Not n) {
            return new BoolExpr.Not(erase(n.operand()));
        }
        if (e instanceof BoolExpr.And a) {
            return new BoolExpr.And(erase(a.left()), erase(a.right()));
        }
        BoolExpr.Or o = (BoolExpr.Or) e;
        return new BoolExpr.Or(erase(o.left()), erase(o.right()));
    }

    private static Register reg(Register r) {
        return r == null ? null : Register.of(r.name());
    }

    private static Operand op(Operand o) {
        if (o == null) {
            return null;
        }
        return o instanceof Operand.Constant c ? Operand.constant(c.value()) : reg((Register) o);
    }

    private static LocationRef loc(LocationRef l) {
        return LocationRef.of(l.name());
    }

    private static NodeRef node(NodeRef n) {
        return new NodeRef(n.node(), n.text(), NONE);
    }

    private static WorkIdRef wid(WorkIdRef w) {
        return w == null ? null : WorkIdRef.of(w.name());
    }
}
