package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/**
 * An array ({@code lengthRef} null) or sequence of 8-bit UTF-8 characters (CTF 1.8), or a CTF 2 static- or
 * dynamic-length string: a string of at most that many bytes.
 */
final class TextArrayDecoder extends TextDecoder {
    final long fixedLength;
    final ValueRef lengthRef;

    TextArrayDecoder(int slot, int align, long fixedLength, ValueRef lengthRef) {
        this(slot, align, fixedLength, lengthRef, TypeDecl.Encoding.UTF8);
    }

    TextArrayDecoder(int slot, int align, long fixedLength, ValueRef lengthRef, TypeDecl.Encoding encoding) {
        super(slot, align, encoding);
        this.fixedLength = fixedLength;
        this.lengthRef = lengthRef;
    }

    @Override
    long minBits() {
        return lengthRef == null ? sizeTimes(fixedLength, 8) : 0;
    }

    @Override
    long fixedBits() {
        // must start on a byte: StructDecoder checks where it falls
        return lengthRef == null && fixedLength <= (1L << 28) ? fixedLength * 8 : -1;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long n = checkedLength(s, b, this, fixedLength, lengthRef, 8, "text field");
        if ((s.pos & 7) != 0) {
            throw new DecodeException("a text field does not start on a byte boundary");
        }
        s.values[b + slot] = s.pos >>> 3;
        s.values[b + slot + 1] = n;
        s.pos += n << 3;
    }
}
