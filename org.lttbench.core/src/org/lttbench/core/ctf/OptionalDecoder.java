package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * A CTF 2 optional: present when its boolean selector is true or its integer selector lies in its ranges. Slots:
 * presence (0 or 1), then the field's.
 */
final class OptionalDecoder extends FieldDecoder {
    final ValueRef selector;
    /** Null for a boolean selector. */
    final long[] rangeLow;
    final long[] rangeHigh;
    final boolean signed;
    final FieldDecoder field;
    private final int slots;

    private final RangeIndex index;

    OptionalDecoder(int slot, ValueRef selector, boolean signed, long[] rangeLow, long[] rangeHigh, FieldDecoder field,
            int slots) {
        super(slot, 1);
        this.selector = selector;
        this.signed = signed;
        this.rangeLow = rangeLow;
        this.rangeHigh = rangeHigh;
        this.field = field;
        this.slots = slots;
        this.index = rangeLow == null ? null : RangeIndex.of(rangeLow, rangeHigh, signed);
        cost = addCost(cost, field.cost);
    }

    @Override
    int slots() {
        return slots;
    }

    @Override
    long minBits() {
        return 0;
    }

    @Override
    FieldKind kind() {
        return FieldKind.COMPOUND;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long v = selector.get(s, b);
        boolean present;
        if (rangeLow == null) {
            present = v != 0;
        } else if (index != null) {
            present = index.first(v) >= 0;
        } else {
            present = false;
            for (int r = 0; r < rangeLow.length && !present; r++) {
                present = signed ? rangeLow[r] <= v && v <= rangeHigh[r]
                        : Long.compareUnsigned(rangeLow[r], v) <= 0 && Long.compareUnsigned(v, rangeHigh[r]) <= 0;
            }
        }
        s.values[b + slot] = present ? 1 : 0;
        if (present) {
            field.decode(s, b);
        }
    }

    @Override
    boolean shown() {
        return field.shown();
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
        if (s.values[b + slot] == 0) {
            w.nil();
        } else {
            w.beginOptional();
            field.write(w, s, b);
            w.endOptional();
        }
    }
}
