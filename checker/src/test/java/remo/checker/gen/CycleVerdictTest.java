package remo.checker.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import remo.checker.AxiomaticChecker;
import remo.checker.CheckOptions;
import remo.checker.Verdict;
import remo.core.FlagValues;
import remo.litmus.Program;
import remo.litmus.ProgramPrinter;
import remo.litmus.gen.CycleTestBuilder;
import remo.models.CatModel;
import remo.models.ModelLibrary;

/**
 * Tests generated from cycles of relaxation edges (docs/diy-edges.md) have the verdicts of their
 * classic counterparts (suite.md C01–C04, L01) and of the RDMA suite tests they reproduce.
 */
class CycleVerdictTest {

    private static final Map<String, CatModel> MODELS = new ConcurrentHashMap<>();

    private static Verdict verdict(Program p, String model) throws Exception {
        CatModel m = MODELS.computeIfAbsent(model, name -> {
            try {
                return new ModelLibrary().load(name);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        return AxiomaticChecker.check(p, m, FlagValues.defaults(), CheckOptions.defaults()).verdict();
    }

    @ParameterizedTest(name = "{0}: tso {2}, sc {3}")
    @CsvSource(delimiter = ';', value = {
            "SB;   PodWR Fre PodWR Fre;            Allowed;   Forbidden",
            "MP;   PodWW Rfe PodRR Fre;            Forbidden; Forbidden",
            "LB;   PodRW Rfe PodRW Rfe;            Forbidden; Forbidden",
            "IRIW; Rfe PodRR Fre Rfe PodRR Fre;    Forbidden; Forbidden",
            "2+2W; PodWW Coe PodWW Coe;            Forbidden; Forbidden",
            "R;    PodWW Coe PodWR Fre;            Allowed;   Forbidden",
            "S;    PodWW Rfe PodRW Coe;            Forbidden; Forbidden",
            "WRC;  Rfe PodRW Rfe PodRR Fre;        Forbidden; Forbidden",
            "SB+mfences; MFencedWR Fre MFencedWR Fre; Forbidden; Forbidden",
            "Rfe+PosRR+Fre; Rfe PosRR Fre;         Forbidden; Forbidden"})
    void classicShapesUnderTsoAndSc(String name, String cycle, String tso, String sc) throws Exception {
        Program p = CycleTestBuilder.fromEdges(cycle, null, "<test>", 1);
        assertEquals(name, p.name());
        String text = ProgramPrinter.print(p);
        assertEquals(Verdict.parse(tso), verdict(p, "tso"), text);
        assertEquals(Verdict.parse(sc), verdict(p, "sc"), text);
        // CPU-only tests: the RDMA^TSO family agrees with tso, rdma-sc-rmw with sc (models.md §6.3).
        assertEquals(Verdict.parse(tso), verdict(p, "rdma-tso-rmw"), text);
        assertEquals(Verdict.parse(sc), verdict(p, "rdma-sc-rmw"), text);
    }

    @ParameterizedTest(name = "{0} ({1}): {3}")
    @CsvSource(delimiter = ';', value = {
            "put-put MP to one node;            L05;  PodPP Rfe PodRR Fre;   Forbidden",
            "put-put MP on two QPs;             L06;  PxdPP Rfe PodRG Fre;   Allowed",
            "put-put MP with poll;              L06p; PolldPP Rfe PodRR Fre; Forbidden",
            "put-put MP across QPs with wait;   V2;   WaitdPP Rfe PodRG Fre; Forbidden",
            "put-put MP across QPs, no wait;    V1;   PxdPP Rfe PodRG Fre;   Allowed",
            "get then put of the fetched buffer; L07;  PosLS Fri;            Allowed",
            "get, rfence, put;                  L07r; RFencesLS Fri;         Forbidden",
            "get, poll, put;                    L07p; PollsLS Fri;           Forbidden",
            "put buffer reuse;                  L03;  PosSW Rfi;             Allowed",
            "put buffer reuse after poll;       L03p; PollsSW Rfi;           Forbidden",
            "store then put of the buffer;      L02;  PosWS Fri;             Forbidden",
            "get then put to one remote word;   L08;  PosGP Rfi;             Allowed",
            "same, with rfence;                 L08r; RFencesGP Rfi;         Forbidden",
            "two gets land in order;            L10;  PodLL Rfe PodRR Fre;   Forbidden",
            "two gets on two QPs;               L10d; PxdLL Rfe PodRR Fre;   Allowed",
            "SB between a CPU and a NIC;        L11;  PolldPG FreGW PodWR FreRP; Allowed"})
    void rdmaShapesUnderRdmaTsoRmw(String what, String suiteTest, String cycle, String verdict) throws Exception {
        Program p = CycleTestBuilder.fromEdges(cycle, null, "<test>", 1);
        assertEquals(Verdict.parse(verdict), verdict(p, "rdma-tso-rmw"), what + " (like " + suiteTest + ")\n" + ProgramPrinter.print(p));
        assertEquals(Verdict.FORBIDDEN, verdict(p, "rdma-sc-rmw"), ProgramPrinter.print(p));
    }
}
