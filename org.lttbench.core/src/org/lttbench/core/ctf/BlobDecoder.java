package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/** A CTF 2 static-length ({@code lengthRef} null) or dynamic-length BLOB; slots: byte index, length in bytes. */
final class BlobDecoder extends FieldDecoder {
    final long fixedLength;
    final ValueRef lengthRef;

    BlobDecoder(int slot, long fixedLength, ValueRef lengthRef) {
        super(slot, 8);
        this.fixedLength = fixedLength;
        this.lengthRef = lengthRef;
    }

    @Override
    int slots() {
        return 2;
    }

    @Override
    long minBits() {
        return lengthRef == null ? sizeTimes(fixedLength, 8) : 0;
    }

    @Override
    FieldKind kind() {
        return FieldKind.COMPOUND;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long n = checkedLength(s, b, this, fixedLength, lengthRef, 8, "BLOB");
        s.values[b + slot] = s.pos >>> 3;
        s.values[b + slot + 1] = n;
        s.pos += n << 3;
    }

    /** Byte index of the BLOB's first byte in the packet. */
    int byteIndex(DecodeState s, int b) {
        return (int) s.values[b + slot];
    }

    /** The bytes, as an array of unsigned 8-bit integers. */
    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        int index = (int) s.values[b + slot];
        long n = s.values[b + slot + 1];
        w.beginArray();
        for (int i = 0; i < n; i++) {
            w.integer(s.le.get(index + i) & 0xFF, false, 10, 8);
        }
        w.endArray();
    }
}
