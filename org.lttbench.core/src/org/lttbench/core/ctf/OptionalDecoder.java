package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/**
 * A CTF 2 optional: present when its boolean selector is true or its integer selector lies in its ranges. Slots:
 * presence (0 or 1), then the field's.
 */
final class OptionalDecoder extends SelectedDecoder {
    final FieldDecoder field;

    OptionalDecoder(int slot, ValueRef selector, boolean signed, long[] rangeLow, long[] rangeHigh, FieldDecoder field,
            int slots) {
        super(slot, selector, signed, rangeLow, rangeHigh, slots);
        this.field = field;
        cost = addCost(cost, field.cost);
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long v = selector.get(s, b);
        boolean present = rangeLow == null ? v != 0 : range(v) >= 0;
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
