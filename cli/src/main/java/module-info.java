/** The {@code remo} command line, the server and the playground; it exports nothing. */
module remo.cli {
    requires remo.checker;
    requires remo.symbolic;
    requires remo.conformance;
    requires remo.verify;
    requires info.picocli;
    requires com.fasterxml.jackson.databind;
    requires me.tongfei.progressbar;
    requires jdk.httpserver;
    requires jdk.management;

    // picocli sets the commands' annotated fields by reflection
    opens remo.cli to info.picocli;
    opens remo.cli.playground to info.picocli, com.fasterxml.jackson.databind;
    opens remo.cli.report to com.fasterxml.jackson.databind;
}
