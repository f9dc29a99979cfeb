package org.lttbench.core.ctf;

import java.nio.ByteBuffer;

/** babeltrace2's text style for field values: {@code { a = 1, b = "x", c = [ [0] = 1 ] }}. */
final class TextValueWriter implements ValueWriter {
    private final StringBuilder out;
    private boolean first = true;
    private int[] arrayIndex = new int[8];
    private boolean[] inArray = new boolean[8];
    private int depth;

    TextValueWriter(StringBuilder out) {
        this.out = out;
    }

    private void push(boolean array) {
        depth++;
        if (depth >= inArray.length) {
            inArray = java.util.Arrays.copyOf(inArray, depth * 2);
            arrayIndex = java.util.Arrays.copyOf(arrayIndex, depth * 2);
        }
        inArray[depth] = array;
        arrayIndex[depth] = 0;
        first = true;
    }

    private void beforeValue() {
        if (inArray[depth]) {
            out.append(first ? " " : ", ").append('[').append(arrayIndex[depth]++).append("] = ");
            first = false;
        }
    }

    @Override
    public void beginStruct() {
        beforeValue();
        out.append('{');
        push(false);
    }

    @Override
    public void name(String name) {
        out.append(first ? " " : ", ").append(name).append(" = ");
        first = false;
    }

    @Override
    public void endStruct() {
        out.append(" }");
        depth--;
        first = false;
    }

    @Override
    public void beginArray() {
        beforeValue();
        out.append('[');
        push(true);
    }

    @Override
    public void endArray() {
        out.append(" ]");
        depth--;
        first = false;
    }

    @Override
    public void integer(long value, boolean signed, int base, int size) {
        beforeValue();
        appendInteger(value, signed, base, size);
    }

    /**
     * babeltrace2's text of an integer in its display base: binary with every one of its {@code size} bits; octal and
     * hexadecimal of the two's complement (signed values cut to whole digits: 3 bits, 4 bits); decimal signed or not.
     */
    private void appendInteger(long value, boolean signed, int base, int size) {
        int bits = Math.max(1, Math.min(64, size));
        switch (base) {
        case 2 -> {
            out.append("0b");
            for (int bit = bits - 1; bit >= 0; bit--) {
                out.append((char) ('0' + ((value >>> bit) & 1)));
            }
        }
        case 8 -> {
            int digits = ((bits - 1) / 3 + 1) * 3;
            out.append('0').append(Long.toOctalString(signed && digits < 64 ? value & ((1L << digits) - 1) : value));
        }
        case 16 -> {
            int nibbles = (bits + 3) & ~3;
            long v = nibbles < 64 ? value & ((1L << nibbles) - 1) : value;
            out.append("0x").append(Long.toHexString(v).toUpperCase(java.util.Locale.ROOT));
        }
        default -> out.append(signed ? Long.toString(value) : Long.toUnsignedString(value));
        }
    }

    @Override
    public void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount) {
        beforeValue();
        out.append("( ");
        if (labelCount == 0) {
            out.append("<unknown>");
        }
        for (int i = 0; i < labelCount; i++) {
            if (i > 0) {
                out.append(", ");
            }
            text((CharSequence) labels[i], false);
        }
        out.append(" : container = ");
        appendInteger(value, signed, base, size);
        out.append(" )");
    }

    @Override
    public void floating(double value, boolean single) {
        beforeValue();
        out.append(formatG(value));
    }

    /** C's {@code %g}: six significant digits, trailing zeros dropped, exponent form outside 1e-4 .. 1e6. */
    static String formatG(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return (1 / v < 0) ? "-0" : "0";
        }
        java.math.BigDecimal d = new java.math.BigDecimal(v).round(new java.math.MathContext(6));
        int exponent = d.precision() - d.scale() - 1;
        if (exponent < -4 || exponent >= 6) {
            java.math.BigDecimal mantissa = d.movePointLeft(exponent).stripTrailingZeros();
            String e = String.format("%02d", Math.abs(exponent));
            return mantissa.toPlainString() + "e" + (exponent < 0 ? "-" : "+") + e;
        }
        return d.stripTrailingZeros().toPlainString();
    }

    @Override
    public void string(ByteBuffer bytes, int index, int length) {
        StringBuilder decoded = new StringBuilder(length);
        JsonValueWriter.appendUtf8(decoded, bytes, index, length, false);
        text(decoded);
    }

    @Override
    public void text(String value) {
        text((CharSequence) value);
    }

    private void text(CharSequence decoded) {
        text(decoded, true);
    }

    private void text(CharSequence decoded, boolean value) {
        if (value) {
            beforeValue();
        }
        out.append('"');
        for (int i = 0; i < decoded.length(); i++) {
            appendEscaped(decoded.charAt(i));
        }
        out.append('"');
    }

    /** babeltrace2's {@code true} and {@code false}. */
    @Override
    public void bool(boolean value) {
        beforeValue();
        out.append(value);
    }

    /** babeltrace2's text for an absent optional field. */
    @Override
    public void nil() {
        beforeValue();
        out.append("<none>");
    }

    /** babeltrace2 prints a present optional field's value in braces. */
    @Override
    public void beginOptional() {
        beginBraced();
    }

    @Override
    public void endOptional() {
        endBraced();
    }

    /** babeltrace2's escapes: backslash, quotes and question mark, then C escapes or \xNN for control characters. */
    private void appendEscaped(char c) {
        switch (c) {
        case '\\' -> out.append("\\\\");
        case '\'' -> out.append("\\'");
        case '"' -> out.append("\\\"");
        case '?' -> out.append("\\?");
        case 0 -> out.append("\\0");
        case 7 -> out.append("\\a");
        case '\b' -> out.append("\\b");
        case 27 -> out.append("\\e");
        case '\f' -> out.append("\\f");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case 11 -> out.append("\\v");
        default -> {
            if (c < 0x20 || c == 0x7F) {
                out.append("\\x").append(String.format("%02x", (int) c));
            } else if (c >= 0xDC80 && c <= 0xDCFF) {
                // A byte that is not UTF-8 (babeltrace2 prints it raw; a text line cannot hold it).
                out.append("\\x").append(String.format("%02x", c - 0xDC00));
            } else {
                out.append(c);
            }
        }
        }
    }

    /** babeltrace2 shows the selected option's value in braces, without the option's name. */
    @Override
    public void beginVariant(String option) {
        beginBraced();
    }

    @Override
    public void endVariant() {
        endBraced();
    }

    /** babeltrace2's braces around one value with no name of its own (an optional's, a variant's): {@code { 1 }}. */
    private void beginBraced() {
        beforeValue();
        out.append("{ ");
        push(false);
        first = false;
    }

    private void endBraced() {
        depth--;
        out.append(" }");
        first = false;
    }
}
