package remo.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import remo.checker.AxiomaticChecker;
import remo.checker.TestRunner;
import remo.checker.operational.OperationalExplorer;

/** The engines selectable with {@code --engine}: the axiomatic checker and the operational explorer. */
public enum EngineName {
    /** Candidate enumeration against the cat model ({@link AxiomaticChecker}). */
    AXIOMATIC(AxiomaticChecker::check),
    /** Exhaustive exploration of the abstract machine of operational.md ({@link OperationalExplorer}). */
    OPERATIONAL(OperationalExplorer::check);

    private final TestRunner.Engine engine;

    EngineName(TestRunner.Engine engine) {
        this.engine = engine;
    }

    /** The engine. */
    public TestRunner.Engine engine() {
        return engine;
    }

    /** The name as written on the command line. */
    public String optionValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The engine named {@code value} ({@code axiomatic}, {@code operational}), or null. */
    public static EngineName byName(String value) {
        for (EngineName e : values()) {
            if (e.optionValue().equals(value)) {
                return e;
            }
        }
        return null;
    }

    /** Converts {@code axiomatic}/{@code operational}; anything else is a picocli usage error. */
    static final class Converter implements CommandLine.ITypeConverter<EngineName> {
        @Override
        public EngineName convert(String value) {
            for (EngineName e : values()) {
                if (e.optionValue().equals(value)) {
                    return e;
                }
            }
            throw new CommandLine.TypeConversionException("unknown engine '" + value + "'; expected axiomatic or operational");
        }
    }

    /** The values shown in help and completion. */
    static final class Candidates implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of(AXIOMATIC.optionValue(), OPERATIONAL.optionValue()).iterator();
        }
    }
}
