package remo.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph of docs/architecture.md, checked on the compiled main classes of every module
 * (this test lives in cli, the one module that sees them all): core ← litmus ← models ← checker ←
 * conformance, checker ← symbolic (used by the cli only, never reaching the NIC or the cat
 * implementation), core ← nic ← conformance, nic and models ← loco-objects (the objects stand on the
 * NIC's API; their specifications use the models' relation algebra, never the checker), nic and
 * loco-objects ← locks (the locks are LOCO objects: their main code uses the NIC's API and the object
 * model {@code remo.loco}, nothing else of loco-objects), conformance ← testing (the property-test API, used
 * by nobody else), cli on top; nic never reaches the checker, nothing reaches the cli or testing,
 * the cli uses the models' API but not the cat language's implementation, nothing outside the NIC
 * uses its engines, and TLC's classes are used only by the child JVM's entry point (TLC never runs
 * in remo's own JVM).
 */
class ArchitectureTest {
    private static JavaClasses classes;

    /** The modules whose main classes are checked (every module of the root pom). */
    private static final List<String> MODULES = List.of("core", "litmus", "models", "checker", "nic", "symbolic", "conformance",
            "locks", "loco-objects", "testing", "cli");

    @BeforeAll
    static void importClasses() {
        // each module's compiled main classes, read from its build directory (scanning the whole
        // class path would read every library jar too)
        Path root = Path.of(System.getProperty("remo.root", ".."));
        List<Path> dirs = MODULES.stream().map(m -> root.resolve(m).resolve("target").resolve("classes")).toList();
        for (Path d : dirs) {
            assertTrue(Files.isDirectory(d), "compiled classes of " + d);
        }
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPaths(dirs);
        assertTrue(classes.contain("remo.core.rdma.SameQpOrder") && classes.contain("remo.cli.Main")
                && classes.contain("remo.testing.LitmusProperty"));
    }

    /** The modules as layers (one package tree each) and who may use each. */
    static ArchRule moduleGraph() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("core").definedBy("remo.core..")
                .layer("litmus").definedBy("remo.litmus..")
                .layer("models").definedBy("remo.models..")
                .layer("checker").definedBy("remo.checker..")
                .layer("nic").definedBy("remo.nic..")
                .layer("symbolic").definedBy("remo.symbolic..")
                .layer("conformance").definedBy("remo.conformance..")
                .layer("locks").definedBy("remo.locks..")
                .layer("loco").definedBy("remo.loco..")
                .layer("testing").definedBy("remo.testing..")
                .layer("cli").definedBy("remo.cli..")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("testing").mayNotBeAccessedByAnyLayer()
                .whereLayer("locks").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("loco").mayOnlyBeAccessedByLayers("locks", "cli")
                .whereLayer("conformance").mayOnlyBeAccessedByLayers("testing", "cli")
                .whereLayer("symbolic").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("checker").mayOnlyBeAccessedByLayers("symbolic", "conformance", "testing", "cli")
                .whereLayer("nic").mayOnlyBeAccessedByLayers("conformance", "locks", "loco", "testing", "cli")
                .whereLayer("models").mayOnlyBeAccessedByLayers("checker", "symbolic", "conformance", "loco", "testing", "cli")
                .whereLayer("litmus").mayOnlyBeAccessedByLayers("models", "checker", "symbolic", "conformance", "testing", "cli")
                .whereLayer("core").mayOnlyBeAccessedByLayers("litmus", "models", "checker", "nic", "symbolic", "conformance", "locks",
                        "loco",
                        "testing", "cli");
    }

    @Test
    void modulesDependOneWay() {
        moduleGraph().check(classes);
    }

    @Test
    void tlcRunsOnlyInAChildJvm() {
        noClasses().that().doNotHaveFullyQualifiedName("remo.locks.liveness.TlcChild").should().dependOnClassesThat()
                .resideInAnyPackage("tlc2..", "tla2sany..", "tla2tex..", "pcal..", "util..")
                .because("TLC keeps global state and ends its JVM (locks.md §8.5): only the child's entry point "
                        + "TlcChild, started by TlcProcess in its own JVM, touches TLC's classes")
                .check(classes);
    }

    @Test
    void theNicKnowsNoChecker() {
        noClasses().that().resideInAPackage("remo.nic..").should().dependOnClassesThat()
                .resideInAnyPackage("remo.checker..", "remo.models..", "remo.litmus..", "remo.conformance..")
                .check(classes);
    }

    @Test
    void theLocksUseOnlyTheNicApiAndTheObjectModel() {
        noClasses().that().resideInAPackage("remo.locks..").should().dependOnClassesThat()
                .resideInAnyPackage("remo.checker..", "remo.models..", "remo.litmus..", "remo.conformance..",
                        "remo.loco.spec..", "remo.loco.lin..", "remo.loco.runs..", "remo.loco.bench..")
                .because("the locks stand on the NIC's API (locks.md §1.2) and on the LOCO object model "
                        + "(loco.md §3: LocoNode, LocoObject, its exceptions); the checker, the objects' "
                        + "specifications and the linearizability checker are for the tests")
                .check(classes);
    }

    @Test
    void theCliUsesTheModelsApiNotTheCatImplementation() {
        noClasses().that().resideInAPackage("remo.cli..").should().dependOnClassesThat()
                .resideInAPackage("remo.models.cat..")
                .because("the cat lexer, parser and expression tree are internal to models; the cli loads models "
                        + "through ModelLibrary and CatModel")
                .check(classes);
    }

    @Test
    void symbolicComparisonReadsModelsThroughTheirApi() {
        noClasses().that().resideInAPackage("remo.symbolic..").should().dependOnClassesThat()
                .resideInAnyPackage("remo.models.cat..", "remo.nic..", "remo.conformance..")
                .because("the translator walks cat models through ModelExpression and its visitor; the comparison "
                        + "confirms tests with the checker, never with the NIC")
                .check(classes);
    }

    @Test
    void theObjectsStandOnTheNicApiAndTheRelationAlgebra() {
        noClasses().that().resideInAPackage("remo.loco..").should().dependOnClassesThat()
                .resideInAnyPackage("remo.checker..", "remo.conformance..", "remo.litmus..", "remo.models.cat..")
                .because("loco-objects depends on nic and models only (docs/architecture.md); the checker and "
                        + "conformance judge its harnesses and recorded graphs in its tests, not at run time")
                .check(classes);
    }

    @Test
    void onlyTheNicUsesItsEngines() {
        noClasses().that().resideOutsideOfPackage("remo.nic..").should().dependOnClassesThat()
                .resideInAnyPackage("remo.nic.det..", "remo.nic.conc..", "remo.nic.fabric..", "remo.nic.trace..")
                .because("the NIC's API is remo.nic (and remo.nic.error); its engines are behind SimCluster")
                .check(classes);
    }
}
