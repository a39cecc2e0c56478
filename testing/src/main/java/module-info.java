/** The JUnit 5 property API: simulation properties, model checking of user code, litmus assertions. */
module remo.testing {
    requires transitive remo.conformance;
    requires transitive org.junit.jupiter.api;

    exports remo.testing;
}
