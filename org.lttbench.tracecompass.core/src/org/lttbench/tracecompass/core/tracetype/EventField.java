package org.lttbench.tracecompass.core.tracetype;

import java.util.StringJoiner;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.ctf.core.CtfEnumPair;

/**
 * A field of an event read by LTTbench's reader, with the value types Trace Compass's CTF events give (its analyses
 * read them so): integers as {@code Long}, enumerations as {@link CtfEnumPair}, floats as {@code Double}, strings
 * (character arrays too) as {@code String}, arrays of integers as {@code long[]}, other arrays, structures and
 * variants as their sub-fields; CTF 2's booleans as {@code Boolean} and an absent optional as {@code null}. Its text
 * ({@link #getFormattedValue()}) is what the events table shows.
 */
public class EventField extends TmfEventField {

    EventField(String name, Object value, ITmfEventField[] fields) {
        super(name, value, fields);
    }

    @Override
    public String getFormattedValue() {
        Object v = getValue();
        return v == null ? "<none>" : v.toString();
    }

    @Override
    public String toString() {
        if (getName().equals(ITmfEventField.ROOT_FIELD_ID)) {
            StringJoiner j = new StringJoiner(", ");
            getFields().forEach(f -> j.add(f.toString()));
            return j.toString();
        }
        return getName() + '=' + getFormattedValue();
    }

    /** An integer in the base the metadata prefers, unsigned ones as unsigned. */
    public static final class IntegerField extends EventField {
        private final boolean signed;
        private final int base;

        IntegerField(String name, long value, boolean signed, int base) {
            super(name, value, null);
            this.signed = signed;
            this.base = base;
        }

        /** Whether the value is signed (else an unsigned 64-bit value above {@code Long.MAX_VALUE} is negative). */
        public boolean isSigned() {
            return signed;
        }

        @Override
        public Long getValue() {
            return (Long) super.getValue();
        }

        @Override
        public String getFormattedValue() {
            return format(getValue(), signed, base);
        }

        static String format(long v, boolean signed, int base) {
            return switch (base) {
            case 16 -> "0x" + Long.toHexString(v);
            case 8 -> "0" + Long.toOctalString(v);
            case 2 -> "0b" + Long.toBinaryString(v);
            default -> signed ? Long.toString(v) : Long.toUnsignedString(v);
            };
        }
    }

    /** An enumeration: its label(s) and its integer, read as either. */
    public static final class EnumField extends EventField {
        EnumField(String name, CtfEnumPair value) {
            super(name, value, null);
        }

        @Override
        public CtfEnumPair getValue() {
            return (CtfEnumPair) super.getValue();
        }

        @Override
        public String getFormattedValue() {
            return getValue().getStringValue();
        }

        @Override
        public <T> T getFieldValue(Class<T> type) {
            CtfEnumPair v = getValue();
            Object out;
            if (type.isAssignableFrom(CtfEnumPair.class)) {
                out = v;
            } else if (type == Long.class) {
                out = v.getLongValue();
            } else if (type == Integer.class) {
                out = v.getLongValue().intValue();
            } else if (type == Double.class) {
                out = v.getLongValue().doubleValue();
            } else if (type == String.class) {
                out = v.getStringValue();
            } else {
                return null;
            }
            return type.cast(out);
        }
    }

    /** A string, shown quoted. */
    public static final class StringField extends EventField {
        StringField(String name, String value) {
            super(name, value, null);
        }

        @Override
        public String getValue() {
            return (String) super.getValue();
        }

        @Override
        public String getFormattedValue() {
            return '"' + getValue() + '"';
        }
    }

    /** An array of integers, as one {@code long[]}. */
    public static final class IntegerArrayField extends EventField {
        private final boolean signed;
        private final int base;

        IntegerArrayField(String name, long[] values, boolean signed, int base) {
            super(name, values, null);
            this.signed = signed;
            this.base = base;
        }

        public boolean isSigned() {
            return signed;
        }

        @Override
        public long[] getValue() {
            return (long[]) super.getValue();
        }

        @Override
        public String getFormattedValue() {
            StringJoiner j = new StringJoiner(", ", "[", "]");
            for (long v : getValue()) {
                j.add(IntegerField.format(v, signed, base));
            }
            return j.toString();
        }
    }

    /** Fields under one: a structure, an array of non-integers, a variant (its option's field). */
    public static final class CompoundField extends EventField {
        private final boolean array;

        CompoundField(String name, Object value, ITmfEventField[] fields, boolean array) {
            super(name, value, fields);
            this.array = array;
        }

        /** An array (its elements are its fields), else a structure or a variant (whose value is its option). */
        public boolean isArray() {
            return array;
        }

        @Override
        public String getFormattedValue() {
            Object v = getValue();
            if (v instanceof ITmfEventField[] fields) {
                StringJoiner j = new StringJoiner(", ", "[", "]");
                for (ITmfEventField f : fields) {
                    j.add(array ? f.getFormattedValue() : f.toString());
                }
                return j.toString();
            }
            return v instanceof ITmfEventField option ? option.toString() : String.valueOf(v);
        }

        @Override
        public String toString() {
            return getName() + '=' + getFormattedValue();
        }
    }
}
