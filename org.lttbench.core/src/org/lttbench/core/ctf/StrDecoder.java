package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/** A NUL-terminated string (UTF-8, or in CTF 2 UTF-16 or UTF-32). */
final class StrDecoder extends TextDecoder {
    StrDecoder(int slot) {
        this(slot, TypeDecl.Encoding.UTF8);
    }

    StrDecoder(int slot, TypeDecl.Encoding encoding) {
        super(slot, 8, encoding);
    }

    @Override
    long minBits() {
        return 8L * unit;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        s.align(8);
        int index = (int) (s.pos >>> 3);
        int n = unit == 1 ? s.stringLength(index) : s.stringLength(index, unit);
        s.values[b + slot] = index;
        s.values[b + slot + 1] = n;
        s.pos += (n + (long) unit) << 3;
    }
}
