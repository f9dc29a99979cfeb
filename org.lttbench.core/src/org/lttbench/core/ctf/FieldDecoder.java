package org.lttbench.core.ctf;

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
}
