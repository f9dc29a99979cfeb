package org.lttbench.core.ctf;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.FieldHandle.FieldKind;

/**
 * A decoder compiled once per field class: it reads its field at the cursor of a {@link DecodeState}, checks it
 * against the bytes left, and stores its value in fixed slots ({@code base + slot}). Reading the values back
 * ({@link #longValue}, {@link #write}) needs no allocation except for strings.
 */
abstract class FieldDecoder {
    /** First value slot, relative to the base the decoder is called with. */
    final int slot;
    final int align;

    FieldDecoder(int slot, int align) {
        this.slot = slot;
        this.align = align;
    }

    /** Value slots this field takes from {@link #slot} on. */
    abstract int slots();

    /** Fewest bits this field can take (to check declared lengths against the bytes left). */
    abstract long minBits();

    abstract FieldKind kind();

    abstract void decode(DecodeState s, int base) throws DecodeException;

    abstract void write(ValueWriter w, DecodeState s, int base) throws DecodeException;

    long longValue(DecodeState s, int base) {
        throw new IllegalArgumentException("a " + kind() + " field has no integer value");
    }

    double doubleValue(DecodeState s, int base) {
        return longValue(s, base);
    }

    String stringValue(DecodeState s, int base) {
        StringBuilder sb = new StringBuilder();
        try {
            write(new TextValueWriter(sb), s, base);
        } catch (DecodeException e) {
            return "<" + e.getMessage() + ">";
        }
        return sb.toString();
    }

    /** A reference to an already decoded integer: absolute slot, or relative to the enclosing array element. */
    record SlotRef(int slot, boolean relative) {
        long get(DecodeState s, int base) {
            return s.values[relative ? base + slot : slot];
        }
    }

    // ---- scalars

    static class Int extends FieldDecoder {
        static final int ROLE_NONE = 0;
        static final int ROLE_CLOCK = 1;
        static final int ROLE_EVENT_ID = 2;

        final int size;
        final boolean signed;
        final boolean bigEndian;
        final int base;
        final int role;
        private final int signShift;

        Int(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role) {
            super(slot, align);
            this.size = size;
            this.signed = signed;
            this.bigEndian = bigEndian;
            this.base = base;
            this.role = role;
            this.signShift = 64 - size;
        }

        @Override
        int slots() {
            return 1;
        }

        @Override
        long minBits() {
            return size;
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
            long raw = bigEndian ? s.readBE(size) : s.readLE(size);
            s.values[b + slot] = signed ? (raw << signShift) >> signShift : raw;
            if (role != ROLE_NONE) {
                if (role == ROLE_CLOCK) {
                    s.updateClock(raw, size);
                } else {
                    s.eventId = raw;
                }
            }
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            w.integer(s.values[b + slot], signed, base);
        }

        @Override
        final long longValue(DecodeState s, int b) {
            return s.values[b + slot];
        }

        @Override
        final double doubleValue(DecodeState s, int b) {
            long v = s.values[b + slot];
            return signed || v >= 0 ? v : (double) (v >>> 1) * 2.0 + (v & 1);
        }

        @Override
        String stringValue(DecodeState s, int b) {
            long v = s.values[b + slot];
            return signed ? Long.toString(v) : Long.toUnsignedString(v);
        }
    }

    static final class Enum extends Int {
        final String[] labels;
        /** Ranges, flattened: label index, low, high (bounds signed or unsigned like the container). */
        final int[] rangeLabel;
        final long[] rangeLow;
        final long[] rangeHigh;

        Enum(int slot, int align, int size, boolean signed, boolean bigEndian, int role, List<TypeDecl.Mapping> mappings) {
            super(slot, align, size, signed, bigEndian, 10, role);
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

        /** Labels whose ranges hold {@code v}, in declaration order, into {@code out}; returns how many. */
        int labelsOf(long v, String[] out) {
            int n = 0;
            for (int l = 0; l < labels.length; l++) {
                for (int r = 0; r < rangeLabel.length; r++) {
                    if (rangeLabel[r] == l && contains(r, v)) {
                        out[n++] = labels[l];
                        break;
                    }
                }
            }
            return n;
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            long v = s.values[b + slot];
            String[] out = new String[labels.length];
            w.enumeration(v, signed, out, labelsOf(v, out));
        }

        @Override
        String stringValue(DecodeState s, int b) {
            long v = s.values[b + slot];
            String[] out = new String[labels.length];
            int n = labelsOf(v, out);
            return n > 0 ? out[0] : super.stringValue(s, b);
        }
    }

    static final class Float extends FieldDecoder {
        final boolean single;
        final boolean bigEndian;

        Float(int slot, int align, boolean single, boolean bigEndian) {
            super(slot, align);
            this.single = single;
            this.bigEndian = bigEndian;
        }

        @Override
        int slots() {
            return 1;
        }

        @Override
        long minBits() {
            return single ? 32 : 64;
        }

        @Override
        FieldKind kind() {
            return FieldKind.FLOATING_POINT;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            if (align > 1) {
                s.align(align);
            }
            int size = single ? 32 : 64;
            long raw = bigEndian ? s.readBE(size) : s.readLE(size);
            double v = single ? java.lang.Float.intBitsToFloat((int) raw) : Double.longBitsToDouble(raw);
            s.values[b + slot] = Double.doubleToRawLongBits(v);
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            w.floating(Double.longBitsToDouble(s.values[b + slot]), single);
        }

        @Override
        long longValue(DecodeState s, int b) {
            return (long) doubleValue(s, b);
        }

        @Override
        double doubleValue(DecodeState s, int b) {
            return Double.longBitsToDouble(s.values[b + slot]);
        }

        @Override
        String stringValue(DecodeState s, int b) {
            return Double.toString(doubleValue(s, b));
        }
    }

    /** Text: a NUL-terminated string, or an array or sequence of 8-bit characters; slots: byte index, length. */
    abstract static class Text extends FieldDecoder {
        Text(int slot, int align) {
            super(slot, align);
        }

        @Override
        final int slots() {
            return 2;
        }

        @Override
        final FieldKind kind() {
            return FieldKind.STRING;
        }

        /** Bytes of the value: up to the first NUL. */
        final int length(DecodeState s, int b) {
            int index = (int) s.values[b + slot];
            int n = (int) s.values[b + slot + 1];
            for (int i = 0; i < n; i++) {
                if (s.le.get(index + i) == 0) {
                    return i;
                }
            }
            return n;
        }

        @Override
        final void write(ValueWriter w, DecodeState s, int b) {
            w.string(s.le, (int) s.values[b + slot], length(s, b));
        }

        @Override
        final String stringValue(DecodeState s, int b) {
            int index = (int) s.values[b + slot];
            int n = length(s, b);
            byte[] bytes = new byte[n];
            s.le.get(index, bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        }

        @Override
        long longValue(DecodeState s, int b) {
            throw new IllegalArgumentException("a string field has no integer value");
        }
    }

    static final class Str extends Text {
        Str(int slot) {
            super(slot, 8);
        }

        @Override
        long minBits() {
            return 8;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            s.align(8);
            int index = (int) (s.pos >>> 3);
            int n = s.stringLength(index);
            s.values[b + slot] = index;
            s.values[b + slot + 1] = n;
            s.pos += (n + 1L) << 3;
        }
    }

    /** An array ({@code lengthRef} null) or sequence of 8-bit UTF-8 characters: a string of at most that length. */
    static final class TextArray extends Text {
        final long fixedLength;
        final SlotRef lengthRef;

        TextArray(int slot, int align, long fixedLength, SlotRef lengthRef) {
            super(slot, align);
            this.fixedLength = fixedLength;
            this.lengthRef = lengthRef;
        }

        @Override
        long minBits() {
            return lengthRef == null ? sizeTimes(fixedLength, 8) : 0;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            long n = checkedLength(s, b, this, fixedLength, lengthRef, 8, "text field");
            if ((s.pos & 7) != 0) {
                throw new DecodeException("a text field does not start on a byte boundary");
            }
            s.values[b + slot] = s.pos >>> 3;
            s.values[b + slot + 1] = n;
            s.pos += n << 3;
        }
    }

    // ---- compounds

    static final class Struct extends FieldDecoder {
        final String[] names;
        final FieldDecoder[] members;
        private final int slots;

        Struct(int slot, int align, String[] names, FieldDecoder[] members, int slots) {
            super(slot, align);
            this.names = names;
            this.members = members;
            this.slots = slots;
        }

        @Override
        int slots() {
            return slots;
        }

        @Override
        long minBits() {
            long n = 0;
            for (FieldDecoder m : members) {
                n = m.minBits() >= Long.MAX_VALUE - n ? Long.MAX_VALUE : n + m.minBits();
            }
            return n;
        }

        @Override
        FieldKind kind() {
            return FieldKind.COMPOUND;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            if (align > 1) {
                s.align(align);
            }
            for (FieldDecoder m : members) {
                m.decode(s, b);
            }
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
            w.beginStruct();
            for (int i = 0; i < members.length; i++) {
                w.name(names[i]);
                members[i].write(w, s, b);
            }
            w.endStruct();
        }

        /** Member index by name (without underscore), or -1. */
        int indexOf(String name) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }

    static final class Variant extends FieldDecoder {
        final SlotRef tag;
        final String[] names;
        final FieldDecoder[] options;
        final Enum tagDecoder;
        /** For each range of the tag enumeration, the option it selects, or -1. */
        final int[] rangeOption;
        private final int slots;

        Variant(int slot, SlotRef tag, Enum tagDecoder, String[] names, String[] origNames, FieldDecoder[] options,
                int slots) {
            super(slot, 1);
            this.tag = tag;
            this.tagDecoder = tagDecoder;
            this.names = names;
            this.options = options;
            this.slots = slots;
            rangeOption = new int[tagDecoder.rangeLabel.length];
            for (int r = 0; r < rangeOption.length; r++) {
                rangeOption[r] = -1;
                String label = tagDecoder.labels[tagDecoder.rangeLabel[r]];
                for (int o = 0; o < origNames.length; o++) {
                    if (origNames[o].equals(label)) {
                        rangeOption[r] = o;
                        break;
                    }
                }
            }
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
            for (int r = 0; r < rangeOption.length; r++) {
                if (rangeOption[r] >= 0 && tagDecoder.contains(r, v)) {
                    option = rangeOption[r];
                    break;
                }
            }
            if (option < 0) {
                throw new DecodeException("variant tag value " + v + " selects none of the variant's options");
            }
            s.values[b + slot] = option;
            options[option].decode(s, b);
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
            int option = (int) s.values[b + slot];
            w.beginVariant(names[option]);
            options[option].write(w, s, b);
            w.endVariant();
        }
    }

    /**
     * The length of an array or sequence at the cursor (aligned first), checked against the bits left in the packet:
     * a hostile length never makes a loop run or an allocation happen.
     */
    static long checkedLength(DecodeState s, int b, FieldDecoder array, long fixedLength, SlotRef lengthRef,
            long bitsEach, String what) throws DecodeException {
        if (array.align > 1) {
            s.align(array.align);
        }
        long n = lengthRef == null ? fixedLength : lengthRef.get(s, b);
        long each = Math.max(1, bitsEach);
        if (n < 0 || n > s.remainingBits() / each) {
            throw new DecodeException("a " + what + " declares " + Long.toUnsignedString(n) + " elements of " + each
                    + " bits but only " + Math.max(0, s.remainingBits()) + " bits remain in the packet content");
        }
        return n;
    }

    /** {@code a * b} for non-negative sizes, saturating instead of overflowing (hostile metadata). */
    static long sizeTimes(long a, long b) {
        return Math.multiplyHigh(a, b) != 0 || a * b < 0 ? Long.MAX_VALUE : a * b;
    }

    /** An array ({@code lengthRef} null) or a sequence of elements that are not characters. */
    abstract static class ElementArray extends FieldDecoder {
        final FieldDecoder element;
        final long fixedLength;
        final SlotRef lengthRef;

        ElementArray(int slot, FieldDecoder element, long fixedLength, SlotRef lengthRef) {
            super(slot, element.align);
            this.element = element;
            this.fixedLength = fixedLength;
            this.lengthRef = lengthRef;
        }

        @Override
        final long minBits() {
            return lengthRef == null ? sizeTimes(fixedLength, element.minBits()) : 0;
        }

        @Override
        final FieldKind kind() {
            return FieldKind.COMPOUND;
        }

        final long length(DecodeState s, int b) throws DecodeException {
            return checkedLength(s, b, this, fixedLength, lengthRef, element.minBits(),
                    lengthRef == null ? "array" : "sequence");
        }
    }

    /** Array or sequence of integers, enumerations or floats: elements are checked when decoded, read again on demand. */
    static final class ScalarArray extends ElementArray {

        /** The element decoder writes into slot {@code slot + 2} (scratch). */
        ScalarArray(int slot, FieldDecoder element, long fixedLength, SlotRef lengthRef) {
            super(slot, element, fixedLength, lengthRef);
        }

        @Override
        int slots() {
            return 3;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            long n = length(s, b);
            s.values[b + slot] = s.pos;
            s.values[b + slot + 1] = n;
            int scratch = b + slot + 2 - element.slot;
            for (long i = 0; i < n; i++) {
                element.decode(s, scratch);
            }
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) throws DecodeException {
            long saved = s.pos;
            s.pos = s.values[b + slot];
            long n = s.values[b + slot + 1];
            int scratch = b + slot + 2 - element.slot;
            w.beginArray();
            for (long i = 0; i < n; i++) {
                element.decode(s, scratch);
                element.write(w, s, scratch);
            }
            w.endArray();
            s.pos = saved;
        }
    }

    /** Array or sequence of compound elements: each element's values go to the event's arena. */
    static final class CompoundArray extends ElementArray {
        /** Slots of one element, laid out from 0. */
        final int elementSlots;

        CompoundArray(int slot, FieldDecoder element, int elementSlots, long fixedLength, SlotRef lengthRef) {
            super(slot, element, fixedLength, lengthRef);
            this.elementSlots = Math.max(1, elementSlots);
        }

        @Override
        int slots() {
            return 2;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            long n = length(s, b);
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
}
