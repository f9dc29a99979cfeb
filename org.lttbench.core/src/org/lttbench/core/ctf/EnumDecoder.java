package org.lttbench.core.ctf;

import java.util.List;

import org.lttbench.core.trace.FieldHandle.FieldKind;

/** An integer whose values have labels: each label names ranges of values (several may hold one value). */
final class EnumDecoder extends IntDecoder {
    final String[] labels;
    /** Ranges, flattened: label index, low, high (bounds signed or unsigned like the container). */
    final int[] rangeLabel;
    final long[] rangeLow;
    final long[] rangeHigh;

    EnumDecoder(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role,
            List<TypeDecl.Mapping> mappings, int form) {
        super(slot, align, size, signed, bigEndian, base, role, form);
        labels = new String[mappings.size()];
        int n = 0;
        for (TypeDecl.Mapping m : mappings) {
            n += m.ranges().size();
        }
        rangeLabel = new int[n];
        rangeLow = new long[n];
        rangeHigh = new long[n];
        int r = 0;
        for (int i = 0; i < mappings.size(); i++) {
            labels[i] = mappings.get(i).label();
            for (long[] range : mappings.get(i).ranges()) {
                rangeLabel[r] = i;
                rangeLow[r] = range[0];
                rangeHigh[r] = range[1];
                r++;
            }
        }
    }

    @Override
    FieldKind kind() {
        return FieldKind.ENUMERATION;
    }

    boolean contains(int range, long v) {
        return signed ? rangeLow[range] <= v && v <= rangeHigh[range]
                : Long.compareUnsigned(rangeLow[range], v) <= 0 && Long.compareUnsigned(v, rangeHigh[range]) <= 0;
    }

    /**
     * Labels whose ranges hold {@code v}, in declaration order, into {@code out}; returns how many. The ranges are
     * flattened label after label, so one pass over them finds each label once, in order.
     */
    int labelsOf(long v, String[] out) {
        int n = 0;
        int lastLabel = -1;
        for (int r = 0; r < rangeLabel.length; r++) {
            if (rangeLabel[r] != lastLabel && contains(r, v)) {
                lastLabel = rangeLabel[r];
                out[n++] = labels[lastLabel];
            }
        }
        return n;
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) {
        long v = s.values[b + slot];
        String[] out = new String[labels.length];
        w.enumeration(v, signed, base, size, out, labelsOf(v, out));
    }

    @Override
    String stringValue(DecodeState s, int b) {
        long v = s.values[b + slot];
        String[] out = new String[labels.length];
        int n = labelsOf(v, out);
        return n > 0 ? out[0] : super.stringValue(s, b);
    }
}
