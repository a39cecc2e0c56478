/** The model checker applied to remo's own locks and objects: bounds, planted bugs, trace validation. */
module remo.verify {
    requires transitive remo.conformance;
    requires transitive remo.locks;

    exports remo.verify;
}
