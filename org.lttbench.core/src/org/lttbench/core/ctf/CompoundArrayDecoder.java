package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/** Array or sequence of compound elements: each element's values go to the event's arena. */
final class CompoundArrayDecoder extends ElementArrayDecoder {
    /** Slots of one element, laid out from 0. */
    final int elementSlots;

    CompoundArrayDecoder(int slot, FieldDecoder element, int elementSlots, long fixedLength, ValueRef lengthRef, int align) {
        super(slot, element, fixedLength, lengthRef, align);
        this.elementSlots = Math.max(1, elementSlots);
    }

    @Override
    int slots() {
        return 2;
    }

    @Override
    void decode(DecodeState s, int b) throws DecodeException {
        long n = length(s, b);
        // before the loop: elements that take few bits but many decoder calls must not run unbounded
        s.spend(sizeTimes(n, element.cost));
        int start = s.allocate(n * elementSlots);
        s.values[b + slot] = start;
        s.values[b + slot + 1] = n;
        for (int i = 0; i < n; i++) {
            element.decode(s, start + i * elementSlots);
        }
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
        int start = (int) s.values[b + slot];
        long n = s.values[b + slot + 1];
        w.beginArray();
        for (int i = 0; i < n; i++) {
            element.write(w, s, start + i * elementSlots);
        }
        w.endArray();
    }
}
