package remo.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static remo.litmus.X86TestSupport.instructions;
import static remo.litmus.X86TestSupport.reg;
import static remo.litmus.X86TestSupport.single;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.core.Position;

/**
 * Every instruction form of language.md §10.3, in Intel ({@code X86}) and AT&amp;T ({@code X86_64})
 * syntax, and its mapping onto the instruction AST.
 */
class X86InstructionTest {

    private static final Dialect INTEL = Dialect.X86;
    private static final Dialect ATT = Dialect.X86_64;

    private static void assertConstant(long expected, Operand operand) {
        Operand.Constant c = assertInstanceOf(Operand.Constant.class, operand);
        assertEquals(expected, c.value());
    }

    // ------------------------------------------------------------------ MOV

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # MOV [x],1     # 1",
        "X86    # mov [x], 1    # 1",
        "X86    # MOV [x],$1    # 1",
        "X86    # Mov [x],$-3   # -3",
        "X86    # mov [x],-3    # -3",
        "X86_64 # movl $1,(x)   # 1",
        "X86_64 # movq $7,(x)   # 7",
        "X86_64 # mov $-2,(x)   # -2",
        "X86_64 # MOVL $1,(x)   # 1",
    })
    void storeOfConstant(Dialect dialect, String cell, long value) throws LitmusException {
        Instruction.Store s = assertInstanceOf(Instruction.Store.class, single(dialect, cell));
        assertEquals("x", s.destination().name());
        assertConstant(value, s.value());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # MOV [x],EAX    # RAX",
        "X86    # mov [x],rbx    # RBX",
        "X86    # mov [x],%ecx   # RCX",
        "X86_64 # movl %eax,(x)  # RAX",
        "X86_64 # movq %RDX,(x)  # RDX",
        "X86_64 # movl esi,(x)   # RSI",
    })
    void storeOfRegister(Dialect dialect, String cell, String register) throws LitmusException {
        Instruction.Store s = assertInstanceOf(Instruction.Store.class, single(dialect, cell));
        assertEquals("x", s.destination().name());
        assertEquals(reg(register), s.value());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # MOV EAX,[y]     # RAX",
        "X86    # mov EAX, [y]    # RAX",
        "X86    # mov edi,[y]     # RDI",
        "X86_64 # movl (y),%eax   # RAX",
        "X86_64 # movq (y),%rbp   # RBP",
        "X86_64 # movl (y),%esp   # RSP",
    })
    void load(Dialect dialect, String cell, String register) throws LitmusException {
        Instruction.Load l = assertInstanceOf(Instruction.Load.class, single(dialect, cell));
        assertEquals(reg(register), l.destination());
        assertEquals("y", l.source().name());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # MOV EAX,5       # 5",
        "X86    # MOV EAX,$5      # 5",
        "X86_64 # movl $5,%eax    # 5",
    })
    void registerMoveOfConstant(Dialect dialect, String cell, long value) throws LitmusException {
        Instruction.Assign a = assertInstanceOf(Instruction.Assign.class, single(dialect, cell));
        assertEquals(reg("RAX"), a.destination());
        assertConstant(value, a.left());
        assertNull(a.op());
        assertNull(a.right());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # MOV EAX,EBX",
        "X86_64 # movl %ebx,%eax",
        "X86_64 # movq %rbx,%rax",
    })
    void registerMoveOfRegister(Dialect dialect, String cell) throws LitmusException {
        Instruction.Assign a = assertInstanceOf(Instruction.Assign.class, single(dialect, cell));
        assertEquals(reg("RAX"), a.destination());
        assertEquals(reg("RBX"), a.left());
        assertNull(a.op());
    }

    // ------------------------------------------------------------------ fences

    @ParameterizedTest
    @CsvSource({"X86, MFENCE", "X86, mfence", "X86_64, mfence", "X86_64, MFENCE"})
    void mfence(Dialect dialect, String cell) throws LitmusException {
        assertInstanceOf(Instruction.MFence.class, single(dialect, cell));
    }

    @ParameterizedTest
    @CsvSource({"X86, LFENCE", "X86, SFENCE", "X86_64, lfence", "X86_64, sfence"})
    void lfenceAndSfenceHaveNoEvent(Dialect dialect, String fence) throws LitmusException {
        String text = (dialect == INTEL ? "X86 T\n{ }\n P0 ;\n MOV [x],1 ;\n " + fence + " ;\n MOV EAX,[x] ;\n"
                : "X86_64 T\n{ }\n P0 ;\n movl $1,(x) ;\n " + fence + " ;\n movl (x),%eax ;\n") + "exists (0:EAX=1)";
        ThreadCode t = X86TestSupport.parse(text).thread(0);
        assertEquals(2, t.size());
        assertInstanceOf(Instruction.Store.class, t.instructions().get(0));
        assertInstanceOf(Instruction.Load.class, t.instructions().get(1));
        assertEquals(2, t.sourceTexts().size());
        assertTrue(t.sourceTexts().stream().noneMatch(s -> s.toLowerCase().contains("fence")));
    }

    // ------------------------------------------------------------------ XCHG

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # XCHG [x],EAX",
        "X86    # XCHG EAX,[x]",
        "X86    # xchg eax, [x]",
        "X86    # LOCK XCHG [x],EAX",
        "X86    # lock xchg EAX,[x]",
        "X86_64 # xchgl %eax,(x)",
        "X86_64 # xchgl (x),%eax",
        "X86_64 # xchgq %rax,(x)",
        "X86_64 # xchg (x),%eax",
        "X86_64 # lock xchgl %eax,(x)",
        "X86_64 # LOCK XCHGL (x),%EAX",
    })
    void lockedExchange(Dialect dialect, String cell) throws LitmusException {
        Instruction.LockedRmw r = assertInstanceOf(Instruction.LockedRmw.class, single(dialect, cell));
        assertEquals(Instruction.RmwKind.XCHG, r.kind());
        assertEquals(reg("RAX"), r.result());
        assertEquals("x", r.location().name());
        assertEquals(reg("RAX"), r.first());
        assertNull(r.second());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # XCHG EAX,EBX",
        "X86_64 # xchgl %ebx,%eax",
        "X86_64 # xchgq %rbx,%rax",
    })
    void registerSwap(Dialect dialect, String cell) throws LitmusException {
        Instruction.RegisterSwap s = assertInstanceOf(Instruction.RegisterSwap.class, single(dialect, cell));
        assertEquals(reg("RAX"), s.first());
        assertEquals(reg("RBX"), s.second());
    }

    // ------------------------------------------------------------------ locked RMWs

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # LOCK ADD [x],2      # 2",
        "X86    # lock add [x],$2     # 2",
        "X86    # LOCK INC [x]        # 1",
        "X86    # LOCK DEC [x]        # -1",
        "X86_64 # lock addl $2,(x)    # 2",
        "X86_64 # lock addq $2,(x)    # 2",
        "X86_64 # lock incl (x)       # 1",
        "X86_64 # lock decl (x)       # -1",
        "X86_64 # LOCK DECQ (x)       # -1",
    })
    void lockedAddOfConstant(Dialect dialect, String cell, long addend) throws LitmusException {
        Instruction.LockedRmw r = assertInstanceOf(Instruction.LockedRmw.class, single(dialect, cell));
        assertEquals(Instruction.RmwKind.FAA, r.kind());
        assertNull(r.result());
        assertEquals("x", r.location().name());
        assertConstant(addend, r.first());
        assertNull(r.second());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # LOCK ADD [x],EBX",
        "X86_64 # lock addl %ebx,(x)",
    })
    void lockedAddOfRegister(Dialect dialect, String cell) throws LitmusException {
        Instruction.LockedRmw r = assertInstanceOf(Instruction.LockedRmw.class, single(dialect, cell));
        assertEquals(Instruction.RmwKind.FAA, r.kind());
        assertNull(r.result());
        assertEquals(reg("RBX"), r.first());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # LOCK XADD [x],ECX",
        "X86_64 # lock xaddl %ecx,(x)",
        "X86_64 # lock xaddq %rcx,(x)",
    })
    void lockedXadd(Dialect dialect, String cell) throws LitmusException {
        Instruction.LockedRmw r = assertInstanceOf(Instruction.LockedRmw.class, single(dialect, cell));
        assertEquals(Instruction.RmwKind.FAA, r.kind());
        assertEquals(reg("RCX"), r.result());
        assertEquals("x", r.location().name());
        assertEquals(reg("RCX"), r.first());
        assertNull(r.second());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # LOCK CMPXCHG [x],EBX",
        "X86    # lock cmpxchg [x], rbx",
        "X86_64 # lock cmpxchgl %ebx,(x)",
        "X86_64 # lock cmpxchgq %rbx,(x)",
    })
    void lockedCompareExchange(Dialect dialect, String cell) throws LitmusException {
        Instruction.LockedRmw r = assertInstanceOf(Instruction.LockedRmw.class, single(dialect, cell));
        assertEquals(Instruction.RmwKind.CAS, r.kind());
        assertEquals(reg("RAX"), r.result());
        assertEquals("x", r.location().name());
        assertEquals(reg("RAX"), r.first());
        assertEquals(reg("RBX"), r.second());
    }

    // ------------------------------------------------------------------ register arithmetic

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # ADD EAX,3        # ADD",
        "X86    # SUB EAX,$3       # SUB",
        "X86    # and eax,3        # AND",
        "X86    # OR EAX,3         # OR",
        "X86    # XOR EAX,3        # XOR",
        "X86_64 # addl $3,%eax     # ADD",
        "X86_64 # subq $3,%rax     # SUB",
        "X86_64 # andl $3,%eax     # AND",
        "X86_64 # orl $3,%eax      # OR",
        "X86_64 # xorl $3,%eax     # XOR",
        "X86_64 # xor $3,%eax      # XOR",
    })
    void arithmeticWithConstant(Dialect dialect, String cell, BinOp op) throws LitmusException {
        Instruction.Assign a = assertInstanceOf(Instruction.Assign.class, single(dialect, cell));
        assertEquals(reg("RAX"), a.destination());
        assertEquals(reg("RAX"), a.left());
        assertEquals(op, a.op());
        assertConstant(3, a.right());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # ADD EAX,EDX      # ADD",
        "X86    # SUB EAX,EDX      # SUB",
        "X86    # AND EAX,EDX      # AND",
        "X86    # OR EAX,EDX       # OR",
        "X86    # XOR EAX,EDX      # XOR",
        "X86_64 # addl %edx,%eax   # ADD",
        "X86_64 # subl %edx,%eax   # SUB",
        "X86_64 # andl %edx,%eax   # AND",
        "X86_64 # orl %edx,%eax    # OR",
        "X86_64 # xorl %edx,%eax   # XOR",
    })
    void arithmeticWithRegister(Dialect dialect, String cell, BinOp op) throws LitmusException {
        Instruction.Assign a = assertInstanceOf(Instruction.Assign.class, single(dialect, cell));
        assertEquals(reg("RAX"), a.destination());
        assertEquals(reg("RAX"), a.left());
        assertEquals(op, a.op());
        assertEquals(reg("RDX"), a.right());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '#', value = {
        "X86    # INC EAX      # ADD",
        "X86    # DEC EAX      # SUB",
        "X86_64 # incl %eax    # ADD",
        "X86_64 # decq %rax    # SUB",
    })
    void incrementAndDecrementRegister(Dialect dialect, String cell, BinOp op) throws LitmusException {
        Instruction.Assign a = assertInstanceOf(Instruction.Assign.class, single(dialect, cell));
        assertEquals(reg("RAX"), a.destination());
        assertEquals(reg("RAX"), a.left());
        assertEquals(op, a.op());
        assertConstant(1, a.right());
    }

    // ------------------------------------------------------------------ positions, texts, registers

    @Test
    void positionsOfInstructionsAndOperands() throws LitmusException {
        String text = "X86 T\n{ }\n P0 ;\n   LOCK XADD [x],ECX ;\n MOV EAX , $5 ;\nexists (x=0)\n";
        ThreadCode t = X86TestSupport.parse(text).thread(0);
        Instruction.LockedRmw rmw = (Instruction.LockedRmw) t.instructions().get(0);
        assertEquals(new Position(4, 4), rmw.pos());
        assertEquals(new Position(4, 15), rmw.location().pos());
        assertEquals(new Position(4, 18), rmw.result().pos());
        Instruction.Assign mov = (Instruction.Assign) t.instructions().get(1);
        assertEquals(new Position(5, 2), mov.pos());
        assertEquals(new Position(5, 6), mov.destination().pos());
        assertEquals(new Position(5, 12), mov.left().pos());
        assertEquals(List.of("LOCK XADD [x],ECX", "MOV EAX , $5"), t.sourceTexts());
    }

    @Test
    void thirtyTwoAndSixtyFourBitNamesAreOneRegister() throws LitmusException {
        List<Instruction> list = instructions(INTEL, "MOV EAX,1 ;\n MOV rax,2 ;\n MOV %eAx,3 ;\n MOV %RAX,4");
        assertEquals(4, list.size());
        for (Instruction i : list) {
            assertEquals("RAX", ((Instruction.Assign) i).destination().name());
        }
        for (String r : List.of("EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP")) {
            Instruction.Assign a = (Instruction.Assign) single(ATT, "movl $1,%" + r.toLowerCase());
            assertEquals("R" + r.substring(1), a.destination().name());
        }
    }

    @Test
    void memoryOperandsDeclareLocationsInOrderOfFirstUse() throws LitmusException {
        Program p = X86TestSupport.parse("X86 T\n{ b = 2 }\n P0 | P1 ;\n MOV [z],1 | MOV EAX,[a] ;\n"
                + " MOV EBX,[b] | XCHG [z],EAX ;\nexists (c=0 /\\ [d]=1)\n");
        assertEquals(List.of("b", "z", "a", "c", "d"), p.locations().stream().map(LocationDecl::name).toList());
        assertEquals(2, p.location("b").orElseThrow().initial());
        assertEquals(new Position(2, 3), p.location("b").orElseThrow().pos());
        assertEquals(0, p.location("z").orElseThrow().initial());
        assertEquals(Position.NONE, p.location("z").orElseThrow().pos());
        assertTrue(p.locations().stream().allMatch(d -> d.home() == 1));
    }
}
