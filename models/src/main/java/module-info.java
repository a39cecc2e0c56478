/**
 * Memory models as data: the cat language, the bundled {@code .cat} files, and the relation algebra
 * they are evaluated with (docs/reference/models.md §1). The cat syntax tree is internal to the
 * checker that evaluates it.
 */
module remo.models {
    requires transitive remo.core;
    requires transitive remo.litmus;

    exports remo.models;
    exports remo.models.algebra;
    exports remo.models.cat to remo.checker;
}
