package org.lttbench.core.ctf;

import java.nio.charset.StandardCharsets;

import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * Text: a NUL-terminated string, a CTF 1.8 array or sequence of 8-bit characters, or a CTF 2 static- or
 * dynamic-length string; slots: byte index, length in bytes. UTF-8 (every CTF 1.8 string) or, in CTF 2, UTF-16 or
 * UTF-32 (code units of 2 or 4 bytes; the value ends at the first NUL code unit).
 */
abstract class TextDecoder extends FieldDecoder {
    final TypeDecl.Encoding encoding;
    /** Bytes of one code unit. */
    final int unit;

    TextDecoder(int slot, int align, TypeDecl.Encoding encoding) {
        super(slot, align);
        this.encoding = encoding;
        this.unit = encoding.unit;
    }

    @Override
    final int slots() {
        return 2;
    }

    @Override
    final FieldKind kind() {
        return FieldKind.STRING;
    }

    /** Bytes of the value: up to the first NUL code unit. */
    final int length(DecodeState s, int b) {
        int index = (int) s.values[b + slot];
        int n = (int) s.values[b + slot + 1];
        if (unit == 1) {
            for (int i = 0; i < n; i++) {
                if (s.le.get(index + i) == 0) {
                    return i;
                }
            }
            return n;
        }
        int whole = n - n % unit;
        for (int i = 0; i < whole; i += unit) {
            if (zeroUnit(s, index + i)) {
                return i;
            }
        }
        return whole;
    }

    final boolean zeroUnit(DecodeState s, int index) {
        return unit == 2 ? s.le.getShort(index) == 0 : s.le.getInt(index) == 0;
    }

    @Override
    final void write(ValueWriter w, DecodeState s, int b) {
        if (unit == 1) {
            w.string(s.le, (int) s.values[b + slot], length(s, b));
        } else {
            w.text(stringValue(s, b));
        }
    }

    @Override
    final String stringValue(DecodeState s, int b) {
        int index = (int) s.values[b + slot];
        int n = length(s, b);
        byte[] bytes = new byte[n];
        s.le.get(index, bytes);
        return new String(bytes, charset());
    }

    /**
     * As {@code expected.equals(stringValue(s, b))}; compares bytes while both are ASCII, so most calls make nothing.
     * The bytes are copied out of the packet at once: read one by one from the buffer, a thread's name compared at each
     * context switch was 4% of a diff's CPU.
     */
    final boolean stringEquals(DecodeState s, int b, String expected) {
        if (unit != 1) {
            return expected.equals(stringValue(s, b));
        }
        int n = (int) s.values[b + slot + 1];
        byte[] bytes = s.textBytes((int) s.values[b + slot], n);
        for (int i = 0; i < n; i++) {
            byte c = bytes[i];
            if (c == 0) {
                return i == expected.length(); // the value ends at its first NUL
            }
            if (c < 0) {
                return expected.equals(stringValue(s, b)); // UTF-8 beyond ASCII
            }
            if (i >= expected.length() || c != expected.charAt(i)) {
                return false;
            }
        }
        return n == expected.length();
    }

    private java.nio.charset.Charset charset() {
        return switch (encoding) {
        case UTF16BE -> StandardCharsets.UTF_16BE;
        case UTF16LE -> StandardCharsets.UTF_16LE;
        case UTF32BE -> java.nio.charset.Charset.forName("UTF-32BE");
        case UTF32LE -> java.nio.charset.Charset.forName("UTF-32LE");
        default -> StandardCharsets.UTF_8;
        };
    }

    @Override
    long longValue(DecodeState s, int b) {
        throw new IllegalArgumentException("a string field has no integer value");
    }
}
