package remo.locks.liveness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits TLC's {@code -tool} output, fed line by line, into {@link ToolMessage}s and the plain
 * lines between them (SANY's parse and semantic errors are plain text). Messages may nest (TLC
 * wraps a configuration error in a general one) and a start marker may follow text on the same
 * line; a nested message is delivered on its own and left out of its parent's text.
 */
final class ToolOutputReader {
    private static final Pattern MARKER = Pattern.compile("@!@!@(?:STARTMSG (\\d+):(\\d+)|ENDMSG (\\d+)) @!@!@");

    private final Consumer<ToolMessage> messages;
    private final List<String> plain = new ArrayList<>();
    private final Deque<Open> open = new ArrayDeque<>();

    private record Open(int code, int severity, StringBuilder text) {
    }

    /** @param messages receives every complete message, in the order they end */
    ToolOutputReader(Consumer<ToolMessage> messages) {
        this.messages = messages;
    }

    /** Feeds one line of output (without its line break). */
    void line(String line) {
        Matcher m = MARKER.matcher(line);
        int from = 0;
        while (m.find()) {
            text(line.substring(from, m.start()), false);
            if (m.group(1) != null) {
                open.push(new Open(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), new StringBuilder()));
            } else if (!open.isEmpty()) {
                Open o = open.pop();
                messages.accept(new ToolMessage(o.code(), o.severity(), o.text().toString().strip()));
            }
            from = m.end();
        }
        text(line.substring(from), true);
    }

    private void text(String s, boolean endOfLine) {
        if (open.isEmpty()) {
            if (!s.isBlank()) {
                plain.add(s.strip());
            }
        } else {
            open.peek().text().append(s);
            if (endOfLine) {
                open.peek().text().append('\n');
            }
        }
    }

    /** The non-blank lines outside every message, stripped, in order. */
    List<String> plainLines() {
        return List.copyOf(plain);
    }
}
