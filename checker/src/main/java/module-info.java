/**
 * The axiomatic checker and the operational explorer of litmus tests, robustness with fence
 * repair; the differential fuzzer is the command line's.
 */
module remo.checker {
    requires transitive remo.models;
    requires jdk.management; // LengthBenchmark reads the checking thread's CPU time and the heap's peak

    exports remo.checker;
    exports remo.checker.operational;
    exports remo.checker.robust;
    exports remo.checker.fuzz to remo.cli;
}
