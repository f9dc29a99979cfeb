package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/** Array or sequence of integers, enumerations or floats: elements are checked when decoded, read again on demand. */
final class ScalarArrayDecoder extends ElementArrayDecoder {

    /** The element decoder writes into slot {@code slot + 2} (scratch). */
    ScalarArrayDecoder(int slot, FieldDecoder element, long fixedLength, ValueRef lengthRef, int align) {
        super(slot, element, fixedLength, lengthRef, align);
    }

    @Override
    int slots() {
        return 3;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long n = length(s, b);
        s.values[b + slot] = s.pos;
        s.values[b + slot + 1] = n;
        int scratch = b + slot + 2 - element.slot;
        for (long i = 0; i < n; i++) {
            element.decode(s, scratch);
        }
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
        long saved = s.pos;
        s.pos = s.values[b + slot];
        long n = s.values[b + slot + 1];
        int scratch = b + slot + 2 - element.slot;
        w.beginArray();
        for (long i = 0; i < n; i++) {
            element.decode(s, scratch);
            element.write(w, s, scratch);
        }
        w.endArray();
        s.pos = saved;
    }
}
