package org.lttbench.core.ctf;

import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * A compound whose content another field's value picks (its selector): a variant's option, an optional's presence.
 * The selector's value is looked up in ranges tried in order (CTF 2's selector ranges, or those of a CTF 1.8 tag
 * enumeration's labels): the first that holds it decides.
 */
abstract class SelectedDecoder extends FieldDecoder {
    final ValueRef selector;
    /** Selector ranges, flattened, in the order they are tried; null for an optional's boolean selector. */
    final long[] rangeLow;
    final long[] rangeHigh;
    final boolean signed;
    private final int slots;

    /** For many ranges, the first that holds a value, found in logarithmic time; null for few. */
    private final RangeIndex index;

    SelectedDecoder(int slot, ValueRef selector, boolean signed, long[] rangeLow, long[] rangeHigh, int slots) {
        super(slot, 1);
        this.selector = selector;
        this.signed = signed;
        this.rangeLow = rangeLow;
        this.rangeHigh = rangeHigh;
        this.slots = slots;
        this.index = rangeLow == null ? null : RangeIndex.of(rangeLow, rangeHigh, signed);
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

    /** The first selector range that holds {@code v} (compared as the selector is signed or not), or -1. */
    final int range(long v) {
        if (index != null) {
            return index.first(v);
        }
        for (int r = 0; r < rangeLow.length; r++) {
            if (signed ? rangeLow[r] <= v && v <= rangeHigh[r]
                    : Long.compareUnsigned(rangeLow[r], v) <= 0 && Long.compareUnsigned(v, rangeHigh[r]) <= 0) {
                return r;
            }
        }
        return -1;
    }
}
