package org.lttbench.core.ctf;

/** CTF 2 fixed-length boolean: false when every bit is clear. */
final class BoolDecoder extends IntDecoder {
    BoolDecoder(int slot, int align, int size, boolean bigEndian, int form) {
        super(slot, align, size, false, bigEndian, 10, ROLE_NONE, form);
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        w.bool(s.values[b + slot] != 0);
    }

    /** 1 for true, 0 for false. */
    @Override
    long longValue(DecodeState s, int b) {
        return s.values[b + slot] != 0 ? 1 : 0;
    }

    @Override
    double doubleValue(DecodeState s, int b) {
        return longValue(s, b);
    }

    @Override
    String stringValue(DecodeState s, int b) {
        return Boolean.toString(s.values[b + slot] != 0);
    }
}
