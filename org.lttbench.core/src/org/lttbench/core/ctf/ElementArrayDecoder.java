package org.lttbench.core.ctf;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/** An array ({@code lengthRef} null) or a sequence of elements that are not characters. */
abstract class ElementArrayDecoder extends FieldDecoder {
    final FieldDecoder element;
    final long fixedLength;
    final ValueRef lengthRef;

    /** The fewest bits an element takes (0: an element may take none, e.g. an empty structure). */
    final long elementBits;

    ElementArrayDecoder(int slot, FieldDecoder element, long fixedLength, ValueRef lengthRef, int align) {
        super(slot, Math.max(align, element.align));
        this.element = element;
        this.fixedLength = fixedLength;
        this.lengthRef = lengthRef;
        this.elementBits = element.minBits();
    }

    @Override
    final long minBits() {
        return lengthRef == null ? sizeTimes(fixedLength, elementBits) : 0;
    }

    @Override
    final FieldKind kind() {
        return FieldKind.COMPOUND;
    }

    @Override
    final boolean shown() {
        return element.shown();
    }

    final long length(DecodeState s, int b) throws DecodeException {
        return checkedLength(s, b, this, fixedLength, lengthRef, elementBits,
                lengthRef == null ? "array" : "sequence");
    }
}
