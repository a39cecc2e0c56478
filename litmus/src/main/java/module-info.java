/** The litmus language: parser, programs, generators of programs (docs/reference/language.md §1). */
module remo.litmus {
    requires transitive remo.core;

    exports remo.litmus;
    exports remo.litmus.gen;
}
