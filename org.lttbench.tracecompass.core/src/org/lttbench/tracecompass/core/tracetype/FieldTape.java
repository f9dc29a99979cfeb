package org.lttbench.tracecompass.core.tracetype;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.lttbench.core.ctf.ValueWriter;

/**
 * An event's fields as the reader wrote them, kept as values in three arrays (what was written, numbers, names and
 * strings) until someone asks for them: Trace Compass builds an event's fields only when they are read, and most
 * reads (indexing, the histogram, statistics, many of an analysis's events) never do. Recording costs a few array
 * writes per field; {@link Recorded#replay} writes the same calls to a {@link ValueWriter} later. One tape per
 * reading context, reused from event to event; each event keeps its {@link Recorded} copy.
 */
final class FieldTape implements ValueWriter {
    static final byte BEGIN_STRUCT = 1;
    static final byte NAME = 2;
    static final byte END_STRUCT = 3;
    static final byte BEGIN_ARRAY = 4;
    static final byte END_ARRAY = 5;
    static final byte INTEGER = 6;
    static final byte SIGNED_INTEGER = 7;
    static final byte ENUMERATION = 8;
    static final byte FLOATING = 9;
    static final byte STRING_BYTES = 10;
    static final byte BOOL = 11;
    static final byte TEXT = 12;
    static final byte NIL = 13;
    static final byte BEGIN_VARIANT = 14;
    static final byte END_VARIANT = 15;

    private byte[] ops = new byte[64];
    private long[] numbers = new long[64];
    private Object[] refs = new Object[64];
    private int opCount;
    private int numberCount;
    private int refCount;

    /** What was written since the last call, as an event keeps it. */
    Recorded take() {
        Recorded r = new Recorded(Arrays.copyOf(ops, opCount), Arrays.copyOf(numbers, numberCount),
                Arrays.copyOf(refs, refCount));
        Arrays.fill(refs, 0, refCount, null);
        opCount = 0;
        numberCount = 0;
        refCount = 0;
        return r;
    }

    private void op(byte op) {
        if (opCount == ops.length) {
            ops = Arrays.copyOf(ops, 2 * opCount);
        }
        ops[opCount++] = op;
    }

    private void number(long v) {
        if (numberCount == numbers.length) {
            numbers = Arrays.copyOf(numbers, 2 * numberCount);
        }
        numbers[numberCount++] = v;
    }

    private void ref(Object o) {
        if (refCount == refs.length) {
            refs = Arrays.copyOf(refs, 2 * refCount);
        }
        refs[refCount++] = o;
    }

    @Override
    public void beginStruct() {
        op(BEGIN_STRUCT);
    }

    @Override
    public void name(String name) {
        op(NAME);
        ref(name);
    }

    @Override
    public void endStruct() {
        op(END_STRUCT);
    }

    @Override
    public void beginArray() {
        op(BEGIN_ARRAY);
    }

    @Override
    public void endArray() {
        op(END_ARRAY);
    }

    @Override
    public void integer(long value, boolean signed, int base, int size) {
        op(signed ? SIGNED_INTEGER : INTEGER);
        number(value);
        number((long) base << 32 | size);
    }

    @Override
    public void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount) {
        op(ENUMERATION);
        number(value);
        number((long) base << 32 | (long) size << 1 | (signed ? 1 : 0));
        // the label array is the decoder's scratch: keep its labels, not it
        ref(labelCount == 1 ? labels[0] : Arrays.copyOf(labels, labelCount));
    }

    @Override
    public void floating(double value, boolean single) {
        op(FLOATING);
        number(Double.doubleToRawLongBits(value));
        number(single ? 1 : 0);
    }

    @Override
    public void string(ByteBuffer bytes, int index, int length) {
        op(STRING_BYTES);
        byte[] b = new byte[length];
        bytes.get(index, b);
        ref(b);
    }

    @Override
    public void bool(boolean value) {
        op(BOOL);
        number(value ? 1 : 0);
    }

    @Override
    public void text(String value) {
        op(TEXT);
        ref(value);
    }

    @Override
    public void nil() {
        op(NIL);
    }

    @Override
    public void beginVariant(String option) {
        op(BEGIN_VARIANT);
        ref(option);
    }

    @Override
    public void endVariant() {
        op(END_VARIANT);
    }

    /** What one event's reader wrote. Immutable. */
    static final class Recorded {
        private final byte[] ops;
        private final long[] numbers;
        private final Object[] refs;

        Recorded(byte[] ops, long[] numbers, Object[] refs) {
            this.ops = ops;
            this.numbers = numbers;
            this.refs = refs;
        }

        /** Writes the recorded calls to {@code w}, in order. */
        void replay(ValueWriter w) {
            int n = 0;
            int r = 0;
            for (byte op : ops) {
                switch (op) {
                case BEGIN_STRUCT -> w.beginStruct();
                case NAME -> w.name((String) refs[r++]);
                case END_STRUCT -> w.endStruct();
                case BEGIN_ARRAY -> w.beginArray();
                case END_ARRAY -> w.endArray();
                case INTEGER, SIGNED_INTEGER -> {
                    w.integer(numbers[n], op == SIGNED_INTEGER, (int) (numbers[n + 1] >>> 32), (int) numbers[n + 1]);
                    n += 2;
                }
                case ENUMERATION -> {
                    Object labels = refs[r++];
                    String[] l = labels instanceof String s ? new String[] { s } : (String[]) labels;
                    long form = numbers[n + 1];
                    w.enumeration(numbers[n], (form & 1) != 0, (int) (form >>> 32), (int) form >>> 1, l, l.length);
                    n += 2;
                }
                case FLOATING -> {
                    w.floating(Double.longBitsToDouble(numbers[n]), numbers[n + 1] != 0);
                    n += 2;
                }
                case STRING_BYTES -> {
                    byte[] b = (byte[]) refs[r++];
                    w.string(ByteBuffer.wrap(b), 0, b.length);
                }
                case BOOL -> w.bool(numbers[n++] != 0);
                case TEXT -> w.text((String) refs[r++]);
                case NIL -> w.nil();
                case BEGIN_VARIANT -> w.beginVariant((String) refs[r++]);
                case END_VARIANT -> w.endVariant();
                default -> throw new IllegalStateException("not a recorded call: " + op);
                }
            }
        }
    }
}
