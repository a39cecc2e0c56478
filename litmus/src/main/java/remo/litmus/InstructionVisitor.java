package remo.litmus;

/**
 * Visitor over {@link Instruction}s. Every method has a default that falls back to its category
 * ({@link #visitNicOperation} for the four NIC operations, {@link #visitDefault} otherwise), and
 * {@link #visitDefault} throws {@link UnsupportedOperationException} naming the visitor and the
 * instruction: an analysis overrides only what it handles, and an unhandled construct fails loudly.
 *
 * @param <T> the result type
 */
public interface InstructionVisitor<T> {

    /**
     * Fallback for every instruction class the visitor does not handle.
     *
     * @throws UnsupportedOperationException always, unless overridden
     */
    default T visitDefault(Instruction instruction) {
        throw new UnsupportedOperationException(getClass().getName() + " does not handle instruction '"
                + instruction + "' (" + instruction.getClass().getSimpleName() + ")");
    }

    /** Fallback for {@code put}, {@code get}, {@code rcas} and {@code rfaa}. */
    default T visitNicOperation(Instruction.NicOperation op) { return visitDefault(op); }

    default T visitLoad(Instruction.Load i) { return visitDefault(i); }
    default T visitStore(Instruction.Store i) { return visitDefault(i); }
    default T visitAssign(Instruction.Assign i) { return visitDefault(i); }
    default T visitRegisterSwap(Instruction.RegisterSwap i) { return visitDefault(i); }
    default T visitMFence(Instruction.MFence i) { return visitDefault(i); }
    default T visitLockedRmw(Instruction.LockedRmw i) { return visitDefault(i); }
    default T visitPlainRmw(Instruction.PlainRmw i) { return visitDefault(i); }
    default T visitGuarded(Instruction.Guarded i) { return visitDefault(i); }
    default T visitCutoff(Instruction.Cutoff i) { return visitDefault(i); }
    default T visitAssume(Instruction.Assume i) { return visitDefault(i); }
    default T visitAwait(Instruction.Await i) { return visitDefault(i); }
    default T visitPut(Instruction.Put i) { return visitNicOperation(i); }
    default T visitGet(Instruction.Get i) { return visitNicOperation(i); }
    default T visitRemoteCas(Instruction.RemoteCas i) { return visitNicOperation(i); }
    default T visitRemoteFaa(Instruction.RemoteFaa i) { return visitNicOperation(i); }
    default T visitPoll(Instruction.Poll i) { return visitDefault(i); }
    default T visitRFence(Instruction.RFence i) { return visitDefault(i); }
    default T visitWait(Instruction.Wait i) { return visitDefault(i); }
    default T visitGlobalFence(Instruction.GlobalFence i) { return visitDefault(i); }
}
