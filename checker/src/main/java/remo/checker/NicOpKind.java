package remo.checker;

/** The four NIC operations ({@code op(e)} of models.md §2.1). */
public enum NicOpKind {
    PUT, GET, RCAS, RFAA
}
