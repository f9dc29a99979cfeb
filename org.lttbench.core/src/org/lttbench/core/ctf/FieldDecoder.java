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
    /**
     * Most decoder calls one decoding of this field makes, array elements aside (compound arrays count theirs as
     * they decode): the work a field can do without moving through the packet, which the packet's budget bounds
     * ({@link DecodeState#spend}).
     */
    long cost = 1;
    /**
     * The reader consumes this field (a clock snapshot, a packet's sizes, counters or sequence number): babeltrace2
     * leaves it out of the values it shows, unless another field's length or selector reads it ({@link #read}).
     */
    boolean consumed;
    /** Another field's length or selector reads this one. */
    boolean read;

    FieldDecoder(int slot, int align) {
        this.slot = slot;
        this.align = align;
    }

    /** {@code a + b} for costs, saturating. */
    static long addCost(long a, long b) {
        return a + b < 0 ? Long.MAX_VALUE : a + b;
    }

    /** Value slots this field takes from {@link #slot} on. */
    abstract int slots();

    /** Fewest bits this field can take (to check declared lengths against the bytes left). */
    abstract long minBits();

    abstract FieldKind kind();

    abstract void decode(DecodeState s, int base) throws DecodeException;

    /**
     * Bits this field always takes when it starts aligned to {@link #align}, whatever its values, or -1: a field of
     * fixed layout can be stepped over without reading it, and read later only if someone asks for a value.
     */
    long fixedBits() {
        return -1;
    }

    abstract void write(ValueWriter w, DecodeState s, int base) throws DecodeException;

    /**
     * Whether babeltrace2 shows this field among the values (its trace IR holds it): a field the reader does not
     * consume, or one another field reads; a compound when one of its members, its element or an option is shown
     * (an empty structure is). Known once the whole metadata is compiled: a later event class may read a field of the
     * packet context.
     */
    boolean shown() {
        return !consumed || read;
    }

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

    /** Where a dependent field (array, string or BLOB length, variant or optional selector) finds a decoded value. */
    interface ValueRef {
        long get(DecodeState s, int base) throws DecodeException;
    }

    /** A reference to an already decoded integer: absolute slot, or relative to the enclosing array element. */
    record SlotRef(int slot, boolean relative) implements ValueRef {
        @Override
        public long get(DecodeState s, int base) {
            return s.values[relative ? base + slot : slot];
        }
    }

    /**
     * CTF 2: a value inside an already decoded variant, found through the option it selected ({@code perOption} holds
     * null for an option without such a field).
     */
    record OptionRef(int variantSlot, boolean relative, ValueRef[] perOption, String path) implements ValueRef {
        @Override
        public long get(DecodeState s, int base) throws DecodeException {
            int option = (int) s.values[relative ? base + variantSlot : variantSlot];
            ValueRef r = perOption[option];
            if (r == null) {
                throw new DecodeException("the field location " + path + " points to no field in the variant's selected option");
            }
            return r.get(s, base);
        }
    }

    /** CTF 2: a value inside an already decoded optional, which must be present. */
    record PresentRef(int flagSlot, boolean relative, ValueRef inner, String path) implements ValueRef {
        @Override
        public long get(DecodeState s, int base) throws DecodeException {
            if (s.values[relative ? base + flagSlot : flagSlot] == 0) {
                throw new DecodeException("the field location " + path + " points into an optional field that is absent");
            }
            return inner.get(s, base);
        }
    }

    // ---- scalars

    static class Int extends FieldDecoder {
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

        Int(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role) {
            this(slot, align, size, signed, bigEndian, base, role, FIXED);
        }

        Int(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role, int form) {
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
                raw = bigEndian ? s.readBE(size) : s.readLE(size);
            } else if (form == VARIABLE) {
                raw = s.readLeb128();
                bits = s.leb128Bits;
            } else {
                raw = Long.reverse(bigEndian ? s.readBE(size) : s.readLE(size)) >>> (64 - size);
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

    /** CTF 2 fixed-length boolean: false when every bit is clear. */
    static final class Bool extends Int {
        Bool(int slot, int align, int size, boolean bigEndian, int form) {
            super(slot, align, size, false, bigEndian, 10, ROLE_NONE, form);
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            w.bool(s.values[b + slot] != 0);
        }

        /** 1 for true, 0 for false. */
        @Override
        long longValue(DecodeState s, int b) {
            return s.values[b + slot] != 0 ? 1 : 0;
        }

        @Override
        double doubleValue(DecodeState s, int b) {
            return longValue(s, b);
        }

        @Override
        String stringValue(DecodeState s, int b) {
            return Boolean.toString(s.values[b + slot] != 0);
        }
    }

    /** CTF 2 fixed-length bit map: an unsigned value whose flags are active when any of their bits is set. */
    static final class BitMap extends Int {
        final String[] flags;
        final long[] masks;

        BitMap(int slot, int align, int size, boolean bigEndian, int form, List<TypeDecl.Mapping> flags) {
            super(slot, align, size, false, bigEndian, 16, ROLE_NONE, form);
            this.flags = new String[flags.size()];
            this.masks = new long[flags.size()];
            for (int i = 0; i < flags.size(); i++) {
                this.flags[i] = flags.get(i).label();
                long mask = 0;
                for (long[] r : flags.get(i).ranges()) {
                    for (long bit = Math.max(0, r[0]); bit <= Math.min(63, r[1]); bit++) {
                        mask |= 1L << bit;
                    }
                }
                masks[i] = mask;
            }
        }

        @Override
        FieldKind kind() {
            return FieldKind.ENUMERATION;
        }

        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            long v = s.values[b + slot];
            String[] out = new String[flags.length];
            int n = 0;
            for (int i = 0; i < flags.length; i++) {
                if ((v & masks[i]) != 0) {
                    out[n++] = flags[i];
                }
            }
            w.enumeration(v, false, 10, size, out, n);
        }
    }

    static final class Enum extends Int {
        final String[] labels;
        /** Ranges, flattened: label index, low, high (bounds signed or unsigned like the container). */
        final int[] rangeLabel;
        final long[] rangeLow;
        final long[] rangeHigh;

        Enum(int slot, int align, int size, boolean signed, boolean bigEndian, int base, int role,
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

    /** IEEE 754 binary16 (CTF 2), binary32 or binary64. */
    static final class Float extends FieldDecoder {
        final int size;
        final boolean single;
        final boolean bigEndian;

        Float(int slot, int align, int size, boolean bigEndian) {
            super(slot, align);
            this.size = size;
            this.single = size != 64;
            this.bigEndian = bigEndian;
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
        long fixedBits() {
            return size;
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
            long raw = bigEndian ? s.readBE(size) : s.readLE(size);
            double v = size == 32 ? java.lang.Float.intBitsToFloat((int) raw)
                    : size == 64 ? Double.longBitsToDouble(raw) : java.lang.Float.float16ToFloat((short) raw);
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

    /**
     * Text: a NUL-terminated string, a CTF 1.8 array or sequence of 8-bit characters, or a CTF 2 static- or
     * dynamic-length string; slots: byte index, length in bytes. UTF-8 (every CTF 1.8 string) or, in CTF 2, UTF-16 or
     * UTF-32 (code units of 2 or 4 bytes; the value ends at the first NUL code unit).
     */
    abstract static class Text extends FieldDecoder {
        final TypeDecl.Encoding encoding;
        /** Bytes of one code unit. */
        final int unit;

        Text(int slot, int align, TypeDecl.Encoding encoding) {
            super(slot, align);
            this.encoding = encoding;
            this.unit = encoding.unit;
        }

        @Override
        final int slots() {
            return 2;
        }

        @Override
        final FieldKind kind() {
            return FieldKind.STRING;
        }

        /** Bytes of the value: up to the first NUL code unit. */
        final int length(DecodeState s, int b) {
            int index = (int) s.values[b + slot];
            int n = (int) s.values[b + slot + 1];
            if (unit == 1) {
                for (int i = 0; i < n; i++) {
                    if (s.le.get(index + i) == 0) {
                        return i;
                    }
                }
                return n;
            }
            int whole = n - n % unit;
            for (int i = 0; i < whole; i += unit) {
                if (zeroUnit(s, index + i)) {
                    return i;
                }
            }
            return whole;
        }

        final boolean zeroUnit(DecodeState s, int index) {
            return unit == 2 ? s.le.getShort(index) == 0 : s.le.getInt(index) == 0;
        }

        @Override
        final void write(ValueWriter w, DecodeState s, int b) {
            if (unit == 1) {
                w.string(s.le, (int) s.values[b + slot], length(s, b));
            } else {
                w.text(stringValue(s, b));
            }
        }

        @Override
        final String stringValue(DecodeState s, int b) {
            int index = (int) s.values[b + slot];
            int n = length(s, b);
            byte[] bytes = new byte[n];
            s.le.get(index, bytes);
            return new String(bytes, charset());
        }

        /** As {@code expected.equals(stringValue(s, b))}; compares bytes while both are ASCII, so most calls make nothing. */
        final boolean stringEquals(DecodeState s, int b, String expected) {
            if (unit != 1) {
                return expected.equals(stringValue(s, b));
            }
            int index = (int) s.values[b + slot];
            int n = length(s, b);
            for (int i = 0; i < n; i++) {
                byte c = s.le.get(index + i);
                if (c < 0) {
                    return expected.equals(stringValue(s, b)); // UTF-8 beyond ASCII
                }
                if (i >= expected.length() || c != expected.charAt(i)) {
                    return false;
                }
            }
            return n == expected.length();
        }

        private java.nio.charset.Charset charset() {
            return switch (encoding) {
            case UTF16BE -> StandardCharsets.UTF_16BE;
            case UTF16LE -> StandardCharsets.UTF_16LE;
            case UTF32BE -> java.nio.charset.Charset.forName("UTF-32BE");
            case UTF32LE -> java.nio.charset.Charset.forName("UTF-32LE");
            default -> StandardCharsets.UTF_8;
            };
        }

        @Override
        long longValue(DecodeState s, int b) {
            throw new IllegalArgumentException("a string field has no integer value");
        }
    }

    static final class Str extends Text {
        Str(int slot) {
            this(slot, TypeDecl.Encoding.UTF8);
        }

        Str(int slot, TypeDecl.Encoding encoding) {
            super(slot, 8, encoding);
        }

        @Override
        long minBits() {
            return 8L * unit;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            s.align(8);
            int index = (int) (s.pos >>> 3);
            int n = unit == 1 ? s.stringLength(index) : s.stringLength(index, unit);
            s.values[b + slot] = index;
            s.values[b + slot + 1] = n;
            s.pos += (n + (long) unit) << 3;
        }
    }

    /**
     * An array ({@code lengthRef} null) or sequence of 8-bit UTF-8 characters (CTF 1.8), or a CTF 2 static- or
     * dynamic-length string: a string of at most that many bytes.
     */
    static final class TextArray extends Text {
        final long fixedLength;
        final ValueRef lengthRef;

        TextArray(int slot, int align, long fixedLength, ValueRef lengthRef) {
            this(slot, align, fixedLength, lengthRef, TypeDecl.Encoding.UTF8);
        }

        TextArray(int slot, int align, long fixedLength, ValueRef lengthRef, TypeDecl.Encoding encoding) {
            super(slot, align, encoding);
            this.fixedLength = fixedLength;
            this.lengthRef = lengthRef;
        }

        @Override
        long minBits() {
            return lengthRef == null ? sizeTimes(fixedLength, 8) : 0;
        }

        @Override
        long fixedBits() {
            // must start on a byte: Struct checks where it falls
            return lengthRef == null && fixedLength <= (1L << 28) ? fixedLength * 8 : -1;
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

    /** A CTF 2 static-length ({@code lengthRef} null) or dynamic-length BLOB; slots: byte index, length in bytes. */
    static final class Blob extends FieldDecoder {
        final long fixedLength;
        final ValueRef lengthRef;

        Blob(int slot, long fixedLength, ValueRef lengthRef) {
            super(slot, 8);
            this.fixedLength = fixedLength;
            this.lengthRef = lengthRef;
        }

        @Override
        int slots() {
            return 2;
        }

        @Override
        long minBits() {
            return lengthRef == null ? sizeTimes(fixedLength, 8) : 0;
        }

        @Override
        FieldKind kind() {
            return FieldKind.COMPOUND;
        }

        @Override
        void decode(DecodeState s, int b) throws DecodeException {
            long n = checkedLength(s, b, this, fixedLength, lengthRef, 8, "BLOB");
            s.values[b + slot] = s.pos >>> 3;
            s.values[b + slot + 1] = n;
            s.pos += n << 3;
        }

        /** Byte index of the BLOB's first byte in the packet. */
        int byteIndex(DecodeState s, int b) {
            return (int) s.values[b + slot];
        }

        /** The bytes, as an array of unsigned 8-bit integers. */
        @Override
        void write(ValueWriter w, DecodeState s, int b) {
            int index = (int) s.values[b + slot];
            long n = s.values[b + slot + 1];
            w.beginArray();
            for (int i = 0; i < n; i++) {
                w.integer(s.le.get(index + i) & 0xFF, false, 10, 8);
            }
            w.endArray();
        }
    }

    // ---- compounds

    static final class Struct extends FieldDecoder {
        final String[] names;
        final FieldDecoder[] members;
        private final int slots;

        private final long minBits;
        /** See {@link FieldDecoder#fixedBits()}. */
        final long fixedBits;
        /** Member index by name, for large structures (a linear search of many members, often, is quadratic). */
        private java.util.Map<String, Integer> index;
        /** Which members babeltrace2 shows, found at the first write (the metadata is compiled by then). */
        private Shown shown;

        /** Final fields: an instance another thread sees is whole. */
        private record Shown(boolean[] members, boolean any) {
        }

        Struct(int slot, int align, String[] names, FieldDecoder[] members, int slots) {
            super(slot, align);
            this.names = names;
            this.members = members;
            this.slots = slots;
            long n = 0;
            for (FieldDecoder m : members) {
                n = m.minBits() >= Long.MAX_VALUE - n ? Long.MAX_VALUE : n + m.minBits();
            }
            this.minBits = n;
            for (FieldDecoder m : members) {
                cost = addCost(cost, m.cost);
            }
            this.fixedBits = layout(align, members);
        }

        /**
         * The bits of a structure whose members all have a fixed layout and fall at the same offsets from its
         * (aligned) start whatever the values: no member aligned more than the structure, text on whole bytes. Else -1.
         */
        private static long layout(int align, FieldDecoder[] members) {
            long offset = 0;
            for (FieldDecoder m : members) {
                long bits = m.fixedBits();
                if (bits < 0 || m.align > align || align % m.align != 0) {
                    return -1;
                }
                offset = (offset + m.align - 1) & -(long) m.align;
                if (m instanceof TextArray && (align % 8 != 0 || offset % 8 != 0)) {
                    return -1;
                }
                offset += bits;
                if (offset > 1L << 40) {
                    return -1;
                }
            }
            return offset;
        }

        @Override
        long fixedBits() {
            return fixedBits;
        }

        @Override
        int slots() {
            return slots;
        }

        @Override
        long minBits() {
            return minBits;
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
            boolean[] show = shownMembers().members();
            w.beginStruct();
            for (int i = 0; i < members.length; i++) {
                if (show[i]) {
                    w.name(names[i]);
                    members[i].write(w, s, b);
                }
            }
            w.endStruct();
        }

        @Override
        boolean shown() {
            return members.length == 0 || shownMembers().any();
        }

        /** Whether babeltrace2 shows member {@code i}. */
        boolean memberShown(int i) {
            return shownMembers().members()[i];
        }

        /** Whether babeltrace2 shows any member. */
        boolean anyMemberShown() {
            return shownMembers().any();
        }

        private Shown shownMembers() {
            Shown known = shown;
            if (known == null) {
                boolean[] show = new boolean[members.length];
                boolean any = false;
                for (int i = 0; i < members.length; i++) {
                    show[i] = members[i].shown();
                    any |= show[i];
                }
                known = new Shown(show, any);
                shown = known;
            }
            return known;
        }

        /** Member index by name (without underscore), or -1: the first member of that name. */
        int indexOf(String name) {
            if (names.length > 16) {
                if (index == null) {
                    java.util.Map<String, Integer> m = new java.util.HashMap<>();
                    for (int i = names.length - 1; i >= 0; i--) {
                        m.put(names[i], i);
                    }
                    index = m;
                }
                Integer i = index.get(name);
                return i == null ? -1 : i;
            }
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return i;
                }
            }
            return -1;
        }
    }

    /**
     * A variant: the selector's value picks the option whose ranges hold it (CTF 1.8: the ranges of the tag
     * enumeration's labels that name an option; CTF 2: each option's selector ranges). Slot: the selected option.
     */
    static final class Variant extends FieldDecoder {
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

        Variant(int slot, ValueRef tag, boolean signed, long[] rangeLow, long[] rangeHigh, int[] rangeOption,
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
        static Variant tagged(int slot, ValueRef tag, Enum tagDecoder, String[] names, String[] origNames,
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
            long[] low = new long[ranges.size()];
            long[] high = new long[ranges.size()];
            int[] option = new int[ranges.size()];
            for (int i = 0; i < low.length; i++) {
                low[i] = ranges.get(i)[0];
                high[i] = ranges.get(i)[1];
                option[i] = selects.get(i);
            }
            return new Variant(slot, tag, tagDecoder.signed, low, high, option, names, options, slots);
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

    /**
     * A CTF 2 optional: present when its boolean selector is true or its integer selector lies in its ranges. Slots:
     * presence (0 or 1), then the field's.
     */
    static final class Optional extends FieldDecoder {
        final ValueRef selector;
        /** Null for a boolean selector. */
        final long[] rangeLow;
        final long[] rangeHigh;
        final boolean signed;
        final FieldDecoder field;
        private final int slots;

        private final RangeIndex index;

        Optional(int slot, ValueRef selector, boolean signed, long[] rangeLow, long[] rangeHigh, FieldDecoder field,
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

    /**
     * The length of an array or sequence at the cursor (aligned first), checked against the bits left in the packet:
     * a hostile length never makes a loop run or an allocation happen.
     */
    static long checkedLength(DecodeState s, int b, FieldDecoder array, long fixedLength, ValueRef lengthRef,
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
        final ValueRef lengthRef;

        /** The fewest bits an element takes (0: an element may take none, e.g. an empty structure). */
        final long elementBits;

        ElementArray(int slot, FieldDecoder element, long fixedLength, ValueRef lengthRef, int align) {
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

    /** Array or sequence of integers, enumerations or floats: elements are checked when decoded, read again on demand. */
    static final class ScalarArray extends ElementArray {

        /** The element decoder writes into slot {@code slot + 2} (scratch). */
        ScalarArray(int slot, FieldDecoder element, long fixedLength, ValueRef lengthRef, int align) {
            super(slot, element, fixedLength, lengthRef, align);
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

        CompoundArray(int slot, FieldDecoder element, int elementSlots, long fixedLength, ValueRef lengthRef, int align) {
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
}
