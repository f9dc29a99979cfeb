package org.lttbench.core.ctf;

import java.util.List;

import org.lttbench.core.trace.FieldHandle.FieldKind;

/** CTF 2 fixed-length bit map: an unsigned value whose flags are active when any of their bits is set. */
final class BitMapDecoder extends IntDecoder {
    final String[] flags;
    final long[] masks;

    BitMapDecoder(int slot, int align, int size, boolean bigEndian, int form, List<TypeDecl.Mapping> flags) {
        super(slot, align, size, false, bigEndian, 16, ROLE_NONE, form);
        this.flags = new String[flags.size()];
        this.masks = new long[flags.size()];
        for (int i = 0; i < flags.size(); i++) {
            this.flags[i] = flags.get(i).label();
            long mask = 0;
            for (long[] r : flags.get(i).ranges()) {
                for (long bit = Math.max(0, r[0]); bit <= Math.min(63, r[1]); bit++) {
                    mask |= 1L << bit;
                }
            }
            masks[i] = mask;
        }
    }

    @Override
    FieldKind kind() {
        return FieldKind.ENUMERATION;
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        long v = s.values[b + slot];
        String[] out = new String[flags.length];
        int n = 0;
        for (int i = 0; i < flags.length; i++) {
            if ((v & masks[i]) != 0) {
                out[n++] = flags[i];
            }
        }
        w.enumeration(v, false, 10, size, out, n);
    }
}
