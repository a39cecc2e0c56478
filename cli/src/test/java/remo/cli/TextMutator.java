package remo.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * remo's seeded mutator of input files (issue 17): from one seed and a valid file, 1–3 of deleted,
 * duplicated and swapped lines, inserted tokens, huge numbers, truncation, raw bytes (NUL, ESC,
 * DEL, C1, U+2028, invalid UTF-8) and changed headers. The same seed always gives the same mutant.
 */
final class TextMutator {

    private static final String[] TOKENS = {
        "(", ")", "{", "}", "[", "]", ";", "|", ",", "=", "==", "<>", "/\\", "\\/", "~", "*", "+", "^", "-1",
        "99999999999999999999999999", "9223372036854775808", "0x7fffffffffffffff", "\"", "(*", "*)", "include", "let",
        "rec", "acyclic", "empty", "irreflexive", "as", "in", "fun", "procedure", "call", "flag", "show", "exists",
        "forall", "~exists", "filter", "locations", "P0", "P9", "P0@1", "@", "x", "r0", "0:r0", "put", "get", "poll",
        "rfence", "mfence", "MOV", "EAX", "[x]", "$1", "LOCK", "XCHG", "jmp", "L0:", "include \"\"",
        "include \"\u0000\"", "include \"\u001b[2J\"", "\u0000", "\u001b[31m", "\u007f", "\u0085", "\u2028", "\u2029",
        "\u202e", "\uFEFF", "\t", "\r", "é", "\uD83D\uDE00", "RDMA", "X86", "X86_64", "ARM",
    };

    private static final String[] HEADERS = {"RDMA", "X86", "X86_64", "AArch64", "rdma", "", "\u0000", "RDMA\u0000", "\"title\""};

    private TextMutator() {
    }

    /** The mutant of {@code text} for {@code seed}: 1–3 mutations. */
    static byte[] mutate(String text, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        byte[] raw = null;
        int n = 1 + r.nextInt(3);
        for (int k = 0; k < n; k++) {
            if (lines.isEmpty()) {
                lines.add("");
            }
            int i = r.nextInt(lines.size());
            switch (r.nextInt(9)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, lines.get(i));
                case 2 -> {
                    int j = r.nextInt(lines.size());
                    String t = lines.get(i);
                    lines.set(i, lines.get(j));
                    lines.set(j, t);
                }
                case 3, 4 -> {
                    String l = lines.get(i);
                    int at = l.isEmpty() ? 0 : r.nextInt(l.length() + 1);
                    if (at > 0 && at < l.length() && Character.isLowSurrogate(l.charAt(at))) {
                        at--;
                    }
                    lines.set(i, l.substring(0, at) + " " + TOKENS[r.nextInt(TOKENS.length)] + " " + l.substring(at));
                }
                case 5 -> lines.set(i, lines.get(i).replaceAll("\\d+", r.nextBoolean() ? "123456789012345678901234567890"
                        : "4294967296"));
                case 6 -> {
                    String joined = String.join("\n", lines);
                    int cut = joined.isEmpty() ? 0 : r.nextInt(joined.length());
                    if (cut > 0 && Character.isLowSurrogate(joined.charAt(cut))) {
                        cut--;
                    }
                    lines = new ArrayList<>(List.of(joined.substring(0, cut).split("\n", -1)));
                }
                case 7 -> {
                    String first = lines.get(0);
                    int sp = first.indexOf(' ');
                    lines.set(0, HEADERS[r.nextInt(HEADERS.length)] + (sp < 0 ? "" : first.substring(sp)));
                }
                default -> raw = new byte[] {(byte) r.nextInt(256), (byte) (0x80 + r.nextInt(64)), 0, 0x1b, (byte) 0xff};
            }
        }
        byte[] bytes = String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        if (raw != null) {
            // raw bytes (possibly invalid UTF-8) spliced in at a seeded offset
            int at = bytes.length == 0 ? 0 : r.nextInt(bytes.length + 1);
            int len = 1 + r.nextInt(raw.length);
            byte[] out = new byte[bytes.length + len];
            System.arraycopy(bytes, 0, out, 0, at);
            System.arraycopy(raw, 0, out, at, len);
            System.arraycopy(bytes, at, out, at + len, bytes.length - at);
            bytes = out;
        }
        return bytes;
    }

    /**
     * remo's line shrinker (ddmin over lines, then over the characters of each line): a locally
     * minimal input for which {@code stillFails} holds.
     */
    static byte[] shrink(byte[] input, java.util.function.Predicate<byte[]> stillFails) {
        String text = new String(input, StandardCharsets.ISO_8859_1);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        for (int chunk = Math.max(1, lines.size() / 2); chunk >= 1; chunk /= 2) {
            for (int start = 0; start < lines.size(); ) {
                List<String> fewer = new ArrayList<>(lines.subList(0, start));
                fewer.addAll(lines.subList(Math.min(lines.size(), start + chunk), lines.size()));
                if (!fewer.isEmpty() && stillFails.test(bytes(fewer))) {
                    lines = fewer;
                } else {
                    start += chunk;
                }
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            for (int c = lines.get(i).length() - 1; c >= 0; c--) {
                String l = lines.get(i);
                if (c >= l.length()) {
                    continue;
                }
                List<String> shorter = new ArrayList<>(lines);
                shorter.set(i, l.substring(0, c) + l.substring(c + 1));
                if (stillFails.test(bytes(shorter))) {
                    lines = shorter;
                }
            }
        }
        return bytes(lines);
    }

    private static byte[] bytes(List<String> lines) {
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }
}
