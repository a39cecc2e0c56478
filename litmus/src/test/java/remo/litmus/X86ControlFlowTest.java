package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static remo.litmus.X86TestSupport.instructions;
import static remo.litmus.X86TestSupport.parse;
import static remo.litmus.X86TestSupport.single;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * herd7's X86 forms beyond language.md §10.3's table: labels and jumps unrolled into guarded
 * straight-line code, memory operands through registers and arrays, read-modify-writes of memory
 * with and without LOCK, sized moves, NOP forms, shifts, hexadecimal constants.
 */
class X86ControlFlowTest {

    private static List<Instruction> code(String text) throws LitmusException {
        return parse(text).thread(0).instructions();
    }

    private static String oneThread(String rows, String init) {
        return "X86 T\n{ " + init + " }\n P0 ;\n" + rows + "exists (x=1)\n";
    }

    @Test
    void aJumpDecidedWhenUnrollingLeavesNoGuard() throws LitmusException {
        List<Instruction> c = code(oneThread(" MOV EAX,1 ;\n CMP EAX,1 ;\n JE L1 ;\n MOV [x],2 ;\n L1: MOV [x],1 ;\n", ""));
        assertEquals(2, c.size(), c.toString());
        assertInstanceOf(Instruction.Assign.class, c.get(0));
        Instruction.Store s = assertInstanceOf(Instruction.Store.class, c.get(1));
        assertEquals(1, ((Operand.Constant) s.value()).value(), "MOV [x],2 is jumped over");
    }

    @Test
    void aJumpOnAValueReadGuardsBothPaths() throws LitmusException {
        List<Instruction> c = code(oneThread(" MOV EAX,[y] ;\n CMP EAX,1 ;\n JNE L1 ;\n MOV [x],1 ;\n L1: ;\n", ""));
        assertEquals(2, c.size(), c.toString());
        assertInstanceOf(Instruction.Load.class, c.get(0));
        Instruction.Guarded g = assertInstanceOf(Instruction.Guarded.class, c.get(1));
        assertEquals("!(RAX != 1)", g.guard().toString(), "the store runs when the jump is not taken");
        assertInstanceOf(Instruction.Store.class, g.body());
    }

    @Test
    void aLoopIsUnrolledUpToTheBoundThenCut() throws LitmusException {
        String loop = oneThread(" L0: MOV EAX,[x] ;\n CMP EAX,0 ;\n JE L0 ;\n", "");
        List<Instruction> c = LitmusParser.parse("t.litmus", loop, 2).thread(0).instructions();
        long loads = c.stream().filter(i -> (i instanceof Instruction.Guarded g ? g.body() : i) instanceof Instruction.Load).count();
        assertEquals(3, loads, "the first read and two more iterations: " + c);
        assertEquals(1, c.stream().filter(i -> i instanceof Instruction.Guarded g && g.body() instanceof Instruction.Cutoff).count());
        List<Instruction> none = LitmusParser.parse("t.litmus", loop, 0).thread(0).instructions();
        assertEquals(1, none.stream().filter(i -> i instanceof Instruction.Load).count(), "--unroll 0: no iteration again");
    }

    /**
     * Straight-line code of any length unrolls to itself (issue 28: 100 000 loads were refused at
     * 20 000 instructions, and each instruction scanned the rest of the thread for a flag reader);
     * paths that multiply are still stopped, at 20 000 instructions more than four per instruction.
     */
    @Test
    void longStraightLineCodeUnrollsButMultiplyingPathsStop() throws LitmusException {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 120_000; i++) {
            rows.append(" MOV EAX,[x] ;\n");
        }
        List<Instruction> c = LitmusParser.parse("t.litmus", oneThread(rows.toString(), ""), 2).thread(0).instructions();
        assertEquals(120_000, c.size());
        StringBuilder diamonds = new StringBuilder();
        for (int k = 0; k < 20; k++) {
            diamonds.append(" MOV EAX,[y] ;\n CMP EAX,0 ;\n JE L").append(k).append(" ;\n MOV [x],1 ;\n L").append(k).append(": ;\n");
        }
        LitmusException e = org.junit.jupiter.api.Assertions.assertThrows(LitmusException.class,
                () -> LitmusParser.parse("t.litmus", oneThread(diamonds.toString(), ""), 2));
        assertTrue(e.getMessage().contains("the unrolled code has more than 20320 instructions"), e.getMessage());
    }

    @Test
    void retEndsThePathAndAnUnconditionalLoopIsCut() throws LitmusException {
        assertEquals(1, code(oneThread(" MOV [x],1 ;\n RET ;\n MOV [x],2 ;\n", "")).size());
        List<Instruction> c = code(oneThread(" L0: MOV [x],1 ;\n JMP L0 ;\n", ""));
        assertEquals(4, c.size(), c.toString());
        assertInstanceOf(Instruction.Cutoff.class, c.get(3));
    }

    @Test
    void registersHoldingAddressesFromTheInitBlock() throws LitmusException {
        Instruction.Store s = assertInstanceOf(Instruction.Store.class, code(oneThread(" MOV [EBX],1 ;\n", "0:EBX=x;")).get(0));
        assertEquals("x", s.destination().name());
        Instruction.Load l = assertInstanceOf(Instruction.Load.class,
                code(oneThread(" MOV ECX,EBX ;\n MOV EAX,[ECX] ;\n", "0:EBX=y;")).get(0));
        assertEquals("y", l.source().name(), "an address moved to another register");
    }

    @Test
    void arraysAndIndexedAddressing() throws LitmusException {
        Program p = parse("X86_64 T\n{ int64_t t[2]={1,-1}; 0:rax=t; 0:rbx=1; }\n P0 ;\n movq 0(%rax,%rbx,8),%rcx ;\n"
                + "forall 0:rcx=-1\n");
        assertEquals(List.of("t", "t[1]"), p.locations().stream().map(LocationDecl::name).toList());
        assertEquals(List.of(1L, -1L), p.locations().stream().map(LocationDecl::initial).toList());
        assertEquals("t[1]", assertInstanceOf(Instruction.Load.class, p.thread(0).instructions().get(0)).source().name());
    }

    @Test
    void readModifyWritesOfMemoryWithAndWithoutLock() throws LitmusException {
        Instruction.PlainRmw inc = assertInstanceOf(Instruction.PlainRmw.class, single(Dialect.X86, "INC [x]"));
        assertEquals(Instruction.RmwKind.FAA, inc.kind());
        assertInstanceOf(Instruction.PlainRmw.class, single(Dialect.X86_64, "addl $2,(x)"));
        assertInstanceOf(Instruction.PlainRmw.class, single(Dialect.X86, "XADD [x],EAX"));
        assertEquals(Instruction.RmwKind.CAS, assertInstanceOf(Instruction.PlainRmw.class, single(Dialect.X86, "CMPXCHG [x],EBX")).kind());
        assertEquals(Instruction.RmwKind.OR, assertInstanceOf(Instruction.LockedRmw.class, single(Dialect.X86, "LOCK OR [x],2")).kind());
        assertEquals(Instruction.RmwKind.AND, assertInstanceOf(Instruction.LockedRmw.class, single(Dialect.X86_64, "lock andl $6,(x)")).kind());
        assertEquals(Instruction.RmwKind.XOR, assertInstanceOf(Instruction.LockedRmw.class, single(Dialect.X86, "LOCK XOR [x],EAX")).kind());
        assertEquals(Instruction.RmwKind.SUB, assertInstanceOf(Instruction.LockedRmw.class, single(Dialect.X86, "LOCK SUB [x],1")).kind());
        assertEquals(7, Instruction.RmwKind.OR.written(5, 2, 0));
        assertEquals(4, Instruction.RmwKind.AND.written(5, 6, 0));
    }

    @Test
    void cmpxchgKeepsTheExpectedValueOnlyForAJumpOnItsFlags() throws LitmusException {
        assertEquals(1, instructions(Dialect.X86, "LOCK CMPXCHG [x],EBX").size());
        List<Instruction> c = code(oneThread(" L0: LOCK CMPXCHG [x],EBX ;\n JNE L0 ;\n", ""));
        assertInstanceOf(Instruction.Assign.class, c.get(0), "the expected value (RAX) is kept: " + c);
        assertInstanceOf(Instruction.LockedRmw.class, c.get(1));
    }

    @Test
    void sizedMovesNopsShiftsAndConstants() throws LitmusException {
        assertInstanceOf(Instruction.Store.class, single(Dialect.X86_64, "movb $1,(x)"));
        assertInstanceOf(Instruction.Load.class, single(Dialect.X86_64, "movw (x),%ax"));
        assertInstanceOf(Instruction.Store.class, single(Dialect.X86, "MOVNTI [x],EAX"));
        assertTrue(instructions(Dialect.X86_64, "nopl 0(%rax,%eax,0)").isEmpty());
        assertTrue(instructions(Dialect.X86_64, "NOPL %cs:0(%rax,%eax,0)").isEmpty());
        assertTrue(instructions(Dialect.X86_64, "endbr64").isEmpty());
        Instruction.Assign shl = assertInstanceOf(Instruction.Assign.class, single(Dialect.X86_64, "shl 2,%eax"));
        assertEquals(BinOp.SHL, shl.op());
        assertEquals(4, BinOp.SHL.apply(1, 2));
        Program hex = parse("X86_64 T\n{ 0:RBX=0x202020202020202; }\n P0 ;\n MOVQ %RBX,(x) ;\nforall [x]=0x10\n");
        assertEquals(144680345676153346L, hex.registerInits().get(0).value());
        assertEquals("rbx", X86Registers.herdName("RBX", Dialect.X86_64));
        assertEquals("EBX", X86Registers.herdName("RBX", Dialect.X86));
    }
}
