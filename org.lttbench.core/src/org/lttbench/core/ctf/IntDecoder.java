package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * A fixed-length integer (every CTF 1.8 integer), or a CTF 2 variable-length (LEB128) or reversed-bit-order one;
 * it may be the clock ({@link #ROLE_CLOCK}) or the event class id ({@link #ROLE_EVENT_ID}). Slot: its value.
 */
class IntDecoder extends FieldDecoder {
    static final int ROLE_NONE = 0;
    static final int ROLE_CLOCK = 1;
    static final int ROLE_EVENT_ID = 2;
    /** Fixed-length, in the byte order's usual bit order (every CTF 1.8 integer). */
    static final int FIXED = 0;
    /** CTF 2 variable-length integer (LEB128). */
    static final int VARIABLE = 1;
    /** CTF 2 fixed-length, in the other bit order (first bit read is the most significant, little-endian). */
    static final int REVERSED = 2;

    final int size;
    final boolean signed;
    final boolean bigEndian;
    final int base;
    final int role;
    final int form;

    IntDecoder(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role) {
        this(slot, align, size, signed, bigEndian, base, role, FIXED);
    }

    IntDecoder(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role, int form) {
        super(slot, form == VARIABLE ? 8 : align);
        this.size = size;
        this.signed = signed;
        this.bigEndian = bigEndian;
        this.base = base;
        this.role = role;
        this.form = form;
    }

    @Override
    int slots() {
        return 1;
    }

    @Override
    long minBits() {
        return form == VARIABLE ? 8 : size;
    }

    @Override
    long fixedBits() {
        // a clock or event id updates the decoder's state as it is read: never stepped over
        return form != VARIABLE && role == ROLE_NONE ? size : -1;
    }

    @Override
    FieldKind kind() {
        return signed ? FieldKind.SIGNED_INTEGER : FieldKind.UNSIGNED_INTEGER;
    }

    @Override
    final void decode(DecodeState s, int b) throws DecodeException {
        if (align > 1) {
            s.align(align);
        }
        long raw;
        int bits = size;
        if (form == FIXED) {
            raw = s.read(size, bigEndian);
        } else if (form == VARIABLE) {
            raw = s.readLeb128();
            bits = s.leb128Bits;
        } else {
            raw = Long.reverse(s.read(size, bigEndian)) >>> (64 - size);
        }
        int shift = 64 - bits;
        s.values[b + slot] = signed ? (raw << shift) >> shift : raw;
        if (role != ROLE_NONE) {
            if (role == ROLE_CLOCK) {
                s.updateClock(raw, bits);
            } else {
                s.eventId = raw;
            }
        }
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        w.integer(s.values[b + slot], signed, base, size);
    }

    @Override
    long longValue(DecodeState s, int b) {
        return s.values[b + slot];
    }

    @Override
    double doubleValue(DecodeState s, int b) {
        long v = s.values[b + slot];
        return signed || v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
    }

    @Override
    String stringValue(DecodeState s, int b) {
        long v = s.values[b + slot];
        return signed ? Long.toString(v) : Long.toUnsignedString(v);
    }
}
