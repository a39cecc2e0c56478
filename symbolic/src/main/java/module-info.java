/** Symbolic comparison of two models over all programs up to a size, on Kodkod (Alloy 6.2). */
module remo.symbolic {
    requires transitive remo.checker;
    requires org.alloytools.pardinus.core; // Kodkod
    requires org.sat4j.core; // SAT4J, for solves that stop at a deadline

    exports remo.symbolic;
}
