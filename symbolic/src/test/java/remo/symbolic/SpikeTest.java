package remo.symbolic;

import org.junit.jupiter.api.Test;
import remo.core.Flag;
import remo.core.FlagValues;
import remo.litmus.ProgramPrinter;
import remo.models.ModelLibrary;

class SpikeTest {
    public static void main(String[] a) throws Exception {
        new SpikeTest().spike();
    }

    @Test
    void spike() throws Exception {
        FlagValues f1 = FlagValues.defaults();
        FlagValues f2 = FlagValues.defaults();
        if (System.getProperty("set") != null) {
            String[] kv = System.getProperty("set").split("=");
            f1 = f1.with(Flag.valueOf(kv[0]), kv[1]);
        }
        if (System.getProperty("set2") != null) {
            String[] kv = System.getProperty("set2").split("=");
            f2 = f2.with(Flag.valueOf(kv[0]), kv[1]);
        }
        ModelSide s1 = new ModelSide(new ModelLibrary().load(System.getProperty("m1", "tso")), f1);
        ModelSide s2 = new ModelSide(new ModelLibrary().load(System.getProperty("m2", "sc")), f2);
        ComparisonOptions o = ComparisonOptions.upTo(Integer.getInteger("max", 5))
                .withShape(Integer.getInteger("threads", 4), Integer.getInteger("nodes", 2))
                .withProgress(System.err::println);
        ComparisonResult r = new ModelComparator(o).compare(s1, s2);
        System.out.println(r.summary() + " cpu " + java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9);
        if (r.test() != null) {
            System.out.println(r.execution().describe(LitmusConstruction.locationNames(r.execution().locationCount())));
            System.out.println(ProgramPrinter.print(r.test()));
            System.out.println(r.verdictAllowing() + " / " + r.verdictForbidding());
        }
    }
}
