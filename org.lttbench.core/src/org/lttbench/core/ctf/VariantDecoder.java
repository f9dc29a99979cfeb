package org.lttbench.core.ctf;

import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;

/**
 * A variant: the selector's value picks the option whose ranges hold it (CTF 1.8: the ranges of the tag
 * enumeration's labels that name an option; CTF 2: each option's selector ranges). Slot: the selected option.
 */
final class VariantDecoder extends SelectedDecoder {
    final String[] names;
    final FieldDecoder[] options;
    /** The option each selector range selects. */
    final int[] rangeOption;

    VariantDecoder(int slot, ValueRef tag, boolean signed, long[] rangeLow, long[] rangeHigh, int[] rangeOption,
            String[] names, FieldDecoder[] options, int slots) {
        super(slot, tag, signed, rangeLow, rangeHigh, slots);
        this.rangeOption = rangeOption;
        this.names = names;
        this.options = options;
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
    void decode(DecodeState s, int b) throws DecodeException {
        long v = selector.get(s, b);
        int r = range(v);
        if (r < 0) {
            throw new DecodeException("variant tag value " + (signed ? Long.toString(v) : Long.toUnsignedString(v))
                    + " selects none of the variant's options");
        }
        int option = rangeOption[r];
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
