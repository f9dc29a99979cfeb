package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/** IEEE 754 binary16 (CTF 2), binary32 or binary64. */
final class FloatDecoder extends FieldDecoder {
    final int size;
    final boolean single;
    final boolean bigEndian;

    FloatDecoder(int slot, int align, int size, boolean bigEndian) {
        super(slot, align);
        this.size = size;
        this.single = size != 64;
        this.bigEndian = bigEndian;
    }

    @Override
    int slots() {
        return 1;
    }

    @Override
    long minBits() {
        return size;
    }

    @Override
    long fixedBits() {
        return size;
    }

    @Override
    FieldKind kind() {
        return FieldKind.FLOATING_POINT;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        if (align > 1) {
            s.align(align);
        }
        long raw = s.read(size, bigEndian);
        double v = size == 32 ? Float.intBitsToFloat((int) raw)
                : size == 64 ? Double.longBitsToDouble(raw) : Float.float16ToFloat((short) raw);
        s.values[b + slot] = Double.doubleToRawLongBits(v);
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        w.floating(Double.longBitsToDouble(s.values[b + slot]), single);
    }

    @Override
    long longValue(DecodeState s, int b) {
        return (long) doubleValue(s, b);
    }

    @Override
    double doubleValue(DecodeState s, int b) {
        return Double.longBitsToDouble(s.values[b + slot]);
    }

    @Override
    String stringValue(DecodeState s, int b) {
        return Double.toString(doubleValue(s, b));
    }
}
