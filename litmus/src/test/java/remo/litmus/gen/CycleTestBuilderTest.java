package remo.litmus.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import remo.core.Diagnostic;
import remo.litmus.LitmusException;
import remo.litmus.LitmusParser;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;

/** diy-style generation from cycles (docs/diy-edges.md): shapes, placement, fences, errors. */
class CycleTestBuilderTest {

    private static String print(String cycle) throws LitmusException {
        return ProgramPrinter.print(CycleTestBuilder.fromEdges(cycle, null, "<test>", 1));
    }

    @Test
    void storeBuffering() throws LitmusException {
        assertEquals("""
                RDMA SB
                "diy cycle: PodWR Fre PodWR Fre"
                {
                  x@1 = 0; y@1 = 0;
                }
                 P0@1   | P1@1   ;
                 x = 1  | y = 1  ;
                 r0 = y | r0 = x ;
                exists (0:r0=0 /\\ 1:r0=0)
                """, print("PodWR Fre PodWR Fre"));
    }

    @Test
    void messagePassingIriwAndTwoPlusTwoW() throws LitmusException {
        assertEquals("""
                RDMA MP
                "diy cycle: PodWW Rfe PodRR Fre"
                {
                  x@1 = 0; y@1 = 0;
                }
                 P0@1  | P1@1   ;
                 x = 1 | r0 = y ;
                 y = 1 | r1 = x ;
                exists (1:r0=1 /\\ 1:r1=0)
                """, print("PodWW Rfe PodRR Fre"));
        assertEquals("""
                RDMA IRIW
                "diy cycle: Rfe PodRR Fre Rfe PodRR Fre"
                {
                  x@1 = 0; y@1 = 0;
                }
                 P0@1  | P1@1   | P2@1  | P3@1   ;
                 x = 1 | r0 = x | y = 1 | r0 = y ;
                       | r1 = y |       | r1 = x ;
                exists (1:r0=1 /\\ 1:r1=0 /\\ 3:r0=1 /\\ 3:r1=0)
                """, print("Rfe PodRR Fre Rfe PodRR Fre"));
        assertEquals("""
                RDMA 2+2W
                "diy cycle: PodWW Coe PodWW Coe"
                {
                  x@1 = 0; y@1 = 0;
                }
                 P0@1  | P1@1  ;
                 x = 2 | y = 2 ;
                 y = 1 | x = 1 ;
                exists (y=2 /\\ x=2)
                """, print("PodWW Coe PodWW Coe"));
    }

    @Test
    void shapesAreNamedUpToRotation() throws LitmusException {
        assertEquals("SB", Cycle.parse("Fre PodWR Fre PodWR", "<test>", 1).shapeName());
        assertEquals("LB", CycleTestBuilder.fromEdges("Rfe PodRW Rfe PodRW", null, "<test>", 1).name());
        assertNull(Cycle.parse("PosSW Rfi", "<test>", 1).shapeName());
        assertEquals("PosSW+Rfi", CycleTestBuilder.fromEdges("PosSW Rfi", null, "<test>", 1).name());
        assertEquals("mine", CycleTestBuilder.fromEdges("PosSW Rfi", "mine", "<test>", 1).name());
    }

    @Test
    void twoPutsOnOneQueuePairToTheReadersNode() throws LitmusException {
        assertEquals("""
                RDMA PodPP+Rfe+PodRR+Fre
                "diy cycle: PodPP Rfe PodRR Fre"
                {
                  x@2 = 0; y@2 = 0;
                  k0@1 = 1; k1@1 = 1;
                }
                 P0@1        | P1@2   ;
                 put x@2, k0 | r0 = y ;
                 put y@2, k1 | r1 = x ;
                exists (1:r0=1 /\\ 1:r1=0)
                """, print("PodPP Rfe PodRR Fre"));
    }

    @Test
    void getThenPutAndBufferReuseAreSingleThreadCycles() throws LitmusException {
        assertEquals("""
                RDMA PosLS+Fri
                "diy cycle: PosLS Fri"
                {
                  x@1 = 0;
                  g0@2 = 1; o1@2 = 0;
                }
                 P0@1        ;
                 get x, g0@2 ;
                 put o1@2, x ;
                exists (o1=0)
                """, print("PosLS Fri"));
        assertEquals("""
                RDMA PosSW+Rfi
                "diy cycle: PosSW Rfi"
                {
                  x@1 = 0;
                  o0@2 = 0;
                }
                 P0@1        ;
                 put o0@2, x ;
                 x = 1       ;
                exists (o0=1)
                """, print("PosSW Rfi"));
    }

    @Test
    void fencesAreInserted() throws LitmusException {
        String rfence = print("RFencesLS Fri");
        assertTrue(rfence.contains(" get x, g0@2 ;\n rfence 2    ;\n put o1@2, x ;\n"), rfence);
        String wait = print("WaitdPP Rfe PodRG Fre");
        assertTrue(wait.contains(" put x@3, k0 #d | r0 = y      ;\n wait d         | get o2, x@3 ;\n put y@2, k1    |"), wait);
        String gf = print("GFdPP Rfe PodRG Fre");
        assertTrue(gf.contains(" put x@3, k0 | r0 = y      ;\n gf          |"), gf);
        String mfence = print("MFencedWR Fre MFencedWR Fre");
        assertTrue(mfence.contains(" x = 1  | y = 1  ;\n mfence | mfence ;\n r0 = y | r0 = x ;"), mfence);
    }

    @Test
    void pollsAreRepeatedUntilTheyMatchTheOperation() throws LitmusException {
        // The second put is the second operation of the QP: two polls are needed to complete it. The
        // CPU read of x puts x, hence both puts (one QP), on the thread's own node.
        assertEquals("""
                RDMA PodPP+PolldPR+Fri
                "diy cycle: PodPP PolldPR Fri"
                {
                  x@1 = 0; y@1 = 0; k0@1 = 1; k1@1 = 1;
                }
                 P0@1        ;
                 put x@1, k0 ;
                 put y@1, k1 ;
                 poll 1      ;
                 poll 1      ;
                 r0 = x      ;
                exists (0:r0=0)
                """, print("PodPP PolldPR Fri"));
    }

    @Test
    void aCpuReadOfTheThreadsOwnPutForcesLoopback() throws LitmusException {
        assertEquals("""
                RDMA PosPR+Fri
                "diy cycle: PosPR Fri"
                {
                  x@1 = 0; k0@1 = 1;
                }
                 P0@1        ;
                 put x@1, k0 ;
                 r0 = x      ;
                exists (0:r0=0)
                """, print("PosPR Fri"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"PodWR Fre PodWR Fre", "PodWW Rfe PodRR Fre", "PodRW Rfe PodRW Rfe", "Rfe PodRR Fre Rfe PodRR Fre",
            "PodWW Coe PodWW Coe", "PodPP Rfe PodRR Fre", "PxdPP Rfe PodRG Fre", "PosLS Fri", "RFencesLS Fri", "PosSW Rfi",
            "PollsSW Rfi", "PosGP Rfi", "PodLL Rfe PodRR Fre", "PolldPG FreGW PodWR FreRP", "WaitdPP Rfe PodRG Fre",
            "Rfe PosRR Fre", "PosWR Fri", "PodWW Rfe PodRR Fre Coe", "RfePS PosSW Coe", "Rfi PodRW Rfe PodRR Fre", "PodPP PolldPR Fri"})
    void generatedTestsRoundTrip(String cycle) throws LitmusException {
        Program p = CycleTestBuilder.fromEdges(cycle, null, "<test>", 1);
        Program back = LitmusParser.parseAndValidate(p.sourceName(), ProgramPrinter.print(p));
        assertTrue(ProgramNormalizer.equalIgnoringSource(p, back), ProgramPrinter.print(p));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = ';', value = {
            "'';                     E-CYCLE; 5;  empty cycle",
            "PodWR Frx;              E-EDGE;  11; unknown edge 'Frx'",
            "PodWR Fre PodWX Fre;    E-EDGE;  15; unknown edge 'PodWX'",
            "PodWR Fre PodWW Fre;    E-CYCLE; 21; 'PodWW' ends with a CPU write (W) but 'Fre' starts with a read",
            "PodWR FreWW PodWR Fre;  E-CYCLE; 11; 'FreWW' must go from a read (R S G) to a write (W P L)",
            "PodWR FreRP PodWR Fre;  E-CYCLE; 17; 'FreRP' ends with a put's remote write (P) but 'PodWR' starts with a CPU write (W)",
            "PodRW RfeRW PodRW Rfe;  E-CYCLE; 11; 'RfeRW' must go from a write (W P L) to a read (R S G)",
            "Fre PodWR;              E-CYCLE; 5;  'Fre' is the only external edge",
            "PodWR PodRW;            E-CYCLE; 11; a cycle needs external edges",
            "PosWR Fre PodWR Fre;    E-CYCLE; 15; 'PodWR' is the only edge that changes location",
            "PxdPP Rfe PodRR Fre;    E-CYCLE; 5;  'PxdPP' needs its two NIC operations on different queue pairs",
            "PxdWP Rfe PodRR Fre;    E-CYCLE; 5;  'PxdWP' relates two NIC accesses (P S G L) on different queue pairs",
            "PolldWW Rfe PodRR Fre;  E-CYCLE; 5;  'PolldWW' completes the NIC operation of its first access",
            "PodWW Coe PosWW Coe PodWR Fre; E-CYCLE; 11; 'Coe' must end at the last write to its location"})
    void badCyclesAreRejectedAtTheirEdge(String cycle, String code, int column, String message) {
        LitmusException e = assertThrows(LitmusException.class, () -> CycleTestBuilder.fromEdges(cycle, null, "<command line>", 5));
        Diagnostic d = e.diagnostic();
        assertEquals(code, d.code(), d.format());
        assertEquals("<command line>", d.file());
        assertEquals(1, d.position().line());
        assertEquals(column, d.position().column(), d.format());
        assertTrue(d.message().startsWith(message), d.format());
    }
}
