package org.lttbench.core.ctf;

import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * A variant: the selector's value picks the option whose ranges hold it (CTF 1.8: the ranges of the tag
 * enumeration's labels that name an option; CTF 2: each option's selector ranges). Slot: the selected option.
 */
final class VariantDecoder extends FieldDecoder {
    final ValueRef tag;
    final String[] names;
    final FieldDecoder[] options;
    /** Selector ranges, flattened, in the order they are tried: bounds and the option each selects. */
    final long[] rangeLow;
    final long[] rangeHigh;
    final int[] rangeOption;
    final boolean signed;
    private final int slots;

    /** For many ranges, the first that holds a value, found in logarithmic time; null for few. */
    private final RangeIndex index;

    VariantDecoder(int slot, ValueRef tag, boolean signed, long[] rangeLow, long[] rangeHigh, int[] rangeOption,
            String[] names, FieldDecoder[] options, int slots) {
        super(slot, 1);
        this.tag = tag;
        this.signed = signed;
        this.rangeLow = rangeLow;
        this.rangeHigh = rangeHigh;
        this.rangeOption = rangeOption;
        this.names = names;
        this.options = options;
        this.slots = slots;
        this.index = RangeIndex.of(rangeLow, rangeHigh, signed);
        long most = 0;
        for (FieldDecoder o : options) {
            most = Math.max(most, o.cost);
        }
        cost = addCost(cost, most);
    }

    /** CTF 1.8: a tag enumeration's ranges select the option named like their label. */
    static VariantDecoder tagged(int slot, ValueRef tag, EnumDecoder tagDecoder, String[] names, String[] origNames,
            FieldDecoder[] options, int slots) {
        List<long[]> ranges = new java.util.ArrayList<>();
        List<Integer> selects = new java.util.ArrayList<>();
        java.util.Map<String, Integer> optionOf = new java.util.HashMap<>();
        for (int o = origNames.length - 1; o >= 0; o--) {
            optionOf.put(origNames[o], o); // the first option of a name
        }
        for (int r = 0; r < tagDecoder.rangeLabel.length; r++) {
            Integer o = optionOf.get(tagDecoder.labels[tagDecoder.rangeLabel[r]]);
            if (o != null) {
                ranges.add(new long[] { tagDecoder.rangeLow[r], tagDecoder.rangeHigh[r] });
                selects.add(o);
            }
        }
        return of(slot, tag, tagDecoder.signed, ranges, selects, names, options, slots);
    }

    /**
     * A variant of selector ranges in the order they are tried: each range ({@code {low, high}}) selects the option
     * of the same position in {@code selects}.
     */
    static VariantDecoder of(int slot, ValueRef tag, boolean signed, List<long[]> ranges, List<Integer> selects,
            String[] names, FieldDecoder[] options, int slots) {
        long[] low = new long[ranges.size()];
        long[] high = new long[ranges.size()];
        int[] option = new int[ranges.size()];
        for (int i = 0; i < low.length; i++) {
            low[i] = ranges.get(i)[0];
            high[i] = ranges.get(i)[1];
            option[i] = selects.get(i);
        }
        return new VariantDecoder(slot, tag, signed, low, high, option, names, options, slots);
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
        long v = tag.get(s, b);
        int option = -1;
        if (index != null) {
            int r = index.first(v);
            option = r < 0 ? -1 : rangeOption[r];
        } else {
            for (int r = 0; r < rangeOption.length; r++) {
                if (signed ? rangeLow[r] <= v && v <= rangeHigh[r]
                        : Long.compareUnsigned(rangeLow[r], v) <= 0 && Long.compareUnsigned(v, rangeHigh[r]) <= 0) {
                    option = rangeOption[r];
                    break;
                }
            }
        }
        if (option < 0) {
            throw new DecodeException("variant tag value " + (signed ? Long.toString(v) : Long.toUnsignedString(v))
                    + " selects none of the variant's options");
        }
        s.values[b + slot] = option;
        options[option].decode(s, b);
    }

    /** babeltrace2 keeps every option of a variant when it keeps one (the selector may pick any). */
    @Override
    boolean shown() {
        for (FieldDecoder o : options) {
            if (o.shown()) {
                return true;
            }
        }
        return false;
    }

    @Override
    void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
        int option = (int) s.values[b + slot];
        w.beginVariant(names[option]);
        options[option].write(w, s, b);
        w.endVariant();
    }
}
