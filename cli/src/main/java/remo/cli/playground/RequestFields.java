package remo.cli.playground;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import remo.core.Diagnostic;
import remo.core.Flag;
import remo.core.Position;
import remo.core.SourceText;
import remo.models.CatModel;
import remo.models.ModelLibrary;


/**
 * The checks every playground request's fields go through before any work: texts within the input
 * limit, names that are names, numbers within the server's limits, flags as {@code --set} takes
 * them, and models that are bundled or pasted, never a path (the playground reads no file but its
 * own resources). A field that fails is a {@link BadRequest} naming the field.
 */
final class RequestFields {
    /** The file name of diagnostics about the request itself. */
    static final String REQUEST = "<request>";

    /** The longest file name a request may give its test or model. */
    private static final int MAX_NAME = 120;

    private final PlaygroundLimits limits;

    RequestFields(PlaygroundLimits limits) {
        this.limits = limits;
    }

    /**
     * A required text within the input limit.
     *
     * @param value the text, or null
     * @param field its field name, for messages
     * @param shown the file name its diagnostics use
     * @throws BadRequest 400 if missing, 413 (E-LIMIT, as for a file over {@code REMO_MAX_INPUT_BYTES}) if too large
     */
    String text(String value, String field, String shown) throws BadRequest {
        if (value == null) {
            throw BadRequest.of("E-REQUEST", "missing field '" + field + "'");
        }
        long bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > limits.maxInputBytes()) {
            throw new BadRequest(413, Diagnostic.error("E-LIMIT", shown, Position.START, field + " of " + bytes
                    + " bytes is over the playground's input size limit of " + limits.maxInputBytes()
                    + " bytes (remo serve --max-input-bytes)"));
        }
        return value;
    }

    /** A file name for messages: {@code fallback} when absent; printable, at most 120 characters, no path. */
    static String name(String value, String fallback, String field) throws BadRequest {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        if (value.length() > MAX_NAME || !SourceText.printable(value).equals(value) || value.contains("/")
                || value.contains("\\")) {
            throw BadRequest.of("E-REQUEST", "field '" + field + "' must be a file name of at most " + MAX_NAME
                    + " printable characters without '/' or '\\'");
        }
        return value;
    }

    /** A whole number in {@code 1..max}, or {@code fallback} when absent. */
    static int count(Integer value, int fallback, int max, String field) throws BadRequest {
        if (value == null) {
            return fallback;
        }
        if (value < 1 || value > max) {
            throw BadRequest.of("E-REQUEST", "field '" + field + "' must be between 1 and " + max + ", not " + value);
        }
        return value;
    }

    /** A number of seconds in {@code (0, the time limit]}, or the time limit when absent. */
    double seconds(Double value) throws BadRequest {
        if (value == null) {
            return limits.timeLimitSeconds();
        }
        if (!(value > 0) || value > limits.timeLimitSeconds()) {
            throw BadRequest.of("E-REQUEST", "field 'timeout' must be more than 0 and at most the playground's time "
                    + "limit of " + remo.checker.CheckOptions.seconds(limits.timeLimitSeconds()) + " s, not " + value);
        }
        return value;
    }

    /**
     * Model flags as {@code --set FLAG=VALUE} takes them (models.md §8).
     *
     * @throws BadRequest E-FLAG for an unknown flag or value
     */
    static Map<Flag, String> flags(Map<String, String> set) throws BadRequest {
        Map<Flag, String> out = new LinkedHashMap<>();
        if (set == null) {
            return out;
        }
        for (Map.Entry<String, String> e : set.entrySet()) {
            Flag f = Flag.byName(e.getKey()).orElse(null);
            if (f == null) {
                throw BadRequest.of("E-FLAG", "unknown flag '" + SourceText.printable(e.getKey()) + "' (field 'set')");
            }
            if (e.getValue() == null || !f.allowedValues().contains(e.getValue())) {
                throw BadRequest.of("E-FLAG", f.unknownValueMessage(String.valueOf(e.getValue())) + " (field 'set')");
            }
            out.put(f, e.getValue());
        }
        return out;
    }

    /**
     * A bundled model's name, or null when absent: never a path.
     *
     * @throws BadRequest E-MODEL for any other name
     */
    static String bundledModel(String value, String field) throws BadRequest {
        if (value == null || value.isEmpty()) {
            return null;
        }
        String name = value.endsWith(".cat") ? value.substring(0, value.length() - 4) : value;
        if (!ModelLibrary.BUNDLED.contains(name)) {
            throw BadRequest.of("E-MODEL", "unknown model '" + SourceText.quote(value) + "' (field '" + field
                    + "'); expected one of " + String.join(", ", ModelLibrary.BUNDLED) + ", or a model's text in a cat field");
        }
        return name;
    }

    /**
     * The model a request names: its cat text when given (loaded with the bundled library's
     * includes only), else a bundled model, else null (the dialect's default).
     *
     * @param library  the library (no cat path: it reads no file)
     * @param model    a bundled name, already checked by {@link #bundledModel}, or null
     * @param cat      cat text, already checked by {@link #text}, or null
     * @param catName  the cat text's file name
     * @return the model, or null for the default
     * @throws DiagnosticException a located error in the cat text, or E-MODEL
     */
    static CatModel model(ModelLibrary library, String model, String cat, String catName) throws remo.core.DiagnosticException {
        if (cat != null) {
            return library.loadText(catName, cat);
        }
        return model == null ? null : library.load(model);
    }

    /** Words of a list field that must each be one of {@code allowed}. */
    static String oneOf(String value, String fallback, List<String> allowed, String field) throws BadRequest {
        if (value == null) {
            return fallback;
        }
        if (!allowed.contains(value)) {
            throw BadRequest.of("E-REQUEST", "field '" + field + "' must be one of " + String.join(", ", allowed)
                    + ", not '" + SourceText.quote(value) + "'");
        }
        return value;
    }
}
