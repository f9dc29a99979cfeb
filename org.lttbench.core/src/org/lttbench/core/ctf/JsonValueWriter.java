package org.lttbench.core.ctf;

import java.nio.ByteBuffer;

/**
 * Field values as JSON: integers as integers, enumerations as their label, strings as strings, arrays as arrays,
 * structures and variants as objects. Non-ASCII text is escaped, and bytes that are not UTF-8 become U+DC80..U+DCFF
 * (Python's surrogateescape), so our output and babeltrace2's Python bindings agree character for character.
 */
final class JsonValueWriter implements ValueWriter {
    private final StringBuilder out;
    private boolean first = true;

    JsonValueWriter(StringBuilder out) {
        this.out = out;
    }

    private void comma() {
        if (!first) {
            out.append(',');
        }
        first = false;
    }

    @Override
    public void beginStruct() {
        comma();
        out.append('{');
        first = true;
    }

    @Override
    public void name(String name) {
        comma();
        appendString(out, name);
        out.append(':');
        first = true;
    }

    @Override
    public void endStruct() {
        out.append('}');
        first = false;
    }

    @Override
    public void beginArray() {
        comma();
        out.append('[');
        first = true;
    }

    @Override
    public void endArray() {
        out.append(']');
        first = false;
    }

    @Override
    public void integer(long value, boolean signed, int base, int size) {
        comma();
        if (signed) {
            out.append(value);
        } else {
            out.append(Long.toUnsignedString(value));
        }
    }

    @Override
    public void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount) {
        if (labelCount == 1) {
            comma();
            appendString(out, labels[0]);
        } else if (labelCount == 0) {
            integer(value, signed, 10, size);
        } else {
            beginArray();
            for (int i = 0; i < labelCount; i++) {
                comma();
                appendString(out, labels[i]);
            }
            endArray();
        }
    }

    @Override
    public void floating(double value, boolean single) {
        comma();
        if (Double.isNaN(value)) {
            out.append("NaN");
        } else if (Double.isInfinite(value)) {
            out.append(value > 0 ? "Infinity" : "-Infinity");
        } else {
            out.append(value);
        }
    }

    @Override
    public void string(ByteBuffer bytes, int index, int length) {
        comma();
        out.append('"');
        appendUtf8(out, bytes, index, length, true);
        out.append('"');
    }

    @Override
    public void bool(boolean value) {
        comma();
        out.append(value);
    }

    @Override
    public void text(String value) {
        comma();
        appendString(out, value);
    }

    @Override
    public void nil() {
        comma();
        out.append("null");
    }

    static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            appendChar(out, s.charAt(i), true);
        }
        out.append('"');
    }

    /** Decodes UTF-8 with Python's surrogateescape for invalid bytes; JSON-escapes when {@code json}. */
    static void appendUtf8(StringBuilder out, ByteBuffer b, int index, int length, boolean json) {
        int i = index;
        int end = index + length;
        while (i < end) {
            int c = b.get(i) & 0xFF;
            if (c < 0x80) {
                appendChar(out, (char) c, json);
                i++;
                continue;
            }
            int n;
            int cp;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                cp = c & 0x1F;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                cp = c & 0x0F;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                cp = c & 0x07;
                min = 0x10000;
            } else {
                n = -1;
                cp = 0;
                min = 0;
            }
            boolean ok = n > 0 && i + n < end + 1 && i + n <= end;
            for (int k = 1; ok && k <= n; k++) {
                int cc = b.get(i + k) & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    ok = false;
                } else {
                    cp = (cp << 6) | (cc & 0x3F);
                }
            }
            if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) {
                ok = false;
            }
            if (!ok) {
                appendChar(out, (char) (0xDC00 + c), json);
                i++;
                continue;
            }
            if (cp >= 0x10000) {
                appendChar(out, Character.highSurrogate(cp), json);
                appendChar(out, Character.lowSurrogate(cp), json);
            } else {
                appendChar(out, (char) cp, json);
            }
            i += n + 1;
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static void appendChar(StringBuilder out, char c, boolean json) {
        if (!json) {
            out.append(c);
            return;
        }
        switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
            if (c < 0x20 || c > 0x7E && c != 0x7F) {
                out.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15])
                        .append(HEX[c & 15]);
            } else {
                out.append(c);
            }
        }
        }
    }
}
