package org.lttbench.tests.writer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A CTF 1.8 field type as LTTng declares them in TSDL, and how a value of it is encoded. Values: {@link Long} (or
 * any {@link Number}) for integers and enumerations, {@link Double} for floats, {@link String} for strings and text
 * arrays, {@code long[]} for integer sequences and arrays.
 */
public sealed interface CtfType {

    /** The TSDL declaration of a field of this type named {@code tsdlName} (the underscore-prefixed name). */
    String declare(String tsdlName);

    /**
     * The CTF 2 field class of this type, as a JSON object, for a trace of that byte order (TSDL declares the
     * trace's native byte order; CTF 2 says it on every field class).
     */
    String json(java.nio.ByteOrder order);

    /** CTF 2's name for a byte order. */
    static String byteOrder(java.nio.ByteOrder order) {
        return order == java.nio.ByteOrder.BIG_ENDIAN ? "big-endian" : "little-endian";
    }

    /** Alignment in bits. */
    int alignBits();

    void encode(BitBuffer out, Object value);

    static IntegerType u8() {
        return new IntegerType(8, false, 8, 10);
    }

    static IntegerType u16() {
        return new IntegerType(16, false, 8, 10);
    }

    static IntegerType u32() {
        return new IntegerType(32, false, 8, 10);
    }

    static IntegerType s32() {
        return new IntegerType(32, true, 8, 10);
    }

    static IntegerType u64() {
        return new IntegerType(64, false, 8, 10);
    }

    static IntegerType s64() {
        return new IntegerType(64, true, 8, 10);
    }

    /** An integer; {@code alignBits} 8 packs it like LTTng kernel traces on x86, its size aligns it naturally. */
    record IntegerType(int sizeBits, boolean signed, int alignBits, int base) implements CtfType {
        public IntegerType {
            if (sizeBits < 1 || sizeBits > 64) {
                throw new IllegalArgumentException("integer size " + sizeBits);
            }
        }

        public IntegerType aligned(int bits) {
            return new IntegerType(sizeBits, signed, bits, base);
        }

        public IntegerType hex() {
            return new IntegerType(sizeBits, signed, alignBits, 16);
        }

        String body(String encoding) {
            return "integer { size = " + sizeBits + "; align = " + alignBits + "; signed = " + (signed ? 1 : 0)
                    + "; encoding = " + encoding + "; base = " + base + "; }";
        }

        @Override
        public String declare(String tsdlName) {
            return body("none") + " " + tsdlName;
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            return "{\"type\": \"fixed-length-" + (signed ? "signed" : "unsigned") + "-integer\", \"length\": " + sizeBits
                    + ", \"byte-order\": \"" + CtfType.byteOrder(order) + "\", \"alignment\": " + alignBits
                    + (base != 10 ? ", \"preferred-display-base\": " + base : "") + "}";
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            out.align(alignBits);
            out.writeBits(((Number) value).longValue(), sizeBits);
        }
    }

    /** A null-terminated UTF-8 string. */
    record StringType() implements CtfType {
        @Override
        public String declare(String tsdlName) {
            return "string " + tsdlName;
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            return "{\"type\": \"null-terminated-string\"}";
        }

        @Override
        public int alignBits() {
            return 8;
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            out.align(8);
            out.writeBytes(((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.writeBits(0, 8);
        }
    }

    /** A fixed-length UTF-8 character array, e.g. the kernel's {@code comm[16]}: zero-padded, truncated to fit. */
    record TextArrayType(int length) implements CtfType {
        @Override
        public String declare(String tsdlName) {
            return new IntegerType(8, false, 8, 10).body("UTF8") + " " + tsdlName + "[" + length + "]";
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            return "{\"type\": \"static-length-string\", \"length\": " + length + "}";
        }

        @Override
        public int alignBits() {
            return 8;
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            out.align(8);
            byte[] bytes = ((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < length; i++) {
                out.writeBits(i < bytes.length && i < length - 1 ? bytes[i] : 0, 8);
            }
        }
    }

    /**
     * Integers one after the other: a sequence whose length is the value of an earlier field ({@code length} is
     * that field's TSDL name), or a fixed-length array ({@code length} is a number).
     */
    record ArrayType(IntegerType element, String length) implements CtfType {
        /** A fixed-length array. */
        public ArrayType(IntegerType element, int length) {
            this(element, Integer.toString(length));
        }

        /** A sequence, its length in the field {@code lengthField} (TSDL name, e.g. {@code __vtids_length}). */
        public static ArrayType sequence(IntegerType element, String lengthField) {
            return new ArrayType(element, " " + lengthField + " ");
        }

        @Override
        public String declare(String tsdlName) {
            return element.body("none") + " " + tsdlName + "[" + length + "]";
        }

        /** A sequence's length is an earlier member of the same structure: a relative field location. */
        @Override
        public String json(java.nio.ByteOrder order) {
            if (length.startsWith(" ")) {
                String tsdlName = length.strip();
                return "{\"type\": \"dynamic-length-array\", \"length-field-location\": {\"path\": [\""
                        + tsdlName.substring(1) + "\"]}, \"element-field-class\": " + element.json(order) + "}";
            }
            return "{\"type\": \"static-length-array\", \"length\": " + length + ", \"element-field-class\": "
                    + element.json(order) + "}";
        }

        @Override
        public int alignBits() {
            return element.alignBits();
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            long[] values = (long[]) value;
            if (!length.startsWith(" ") && values.length != Integer.parseInt(length)) {
                throw new IllegalArgumentException("array of " + length + " given " + values.length + " values");
            }
            for (long v : values) {
                element.encode(out, v);
            }
        }
    }

    /** An enumeration over an integer container; labels map to single values. */
    record EnumType(IntegerType container, Map<String, Long> labels) implements CtfType {
        public EnumType {
            labels = new LinkedHashMap<>(labels);
        }

        @Override
        public String declare(String tsdlName) {
            StringBuilder s = new StringBuilder("enum : ").append(container.body("none")).append(" { ");
            boolean first = true;
            for (var e : labels.entrySet()) {
                s.append(first ? "" : ", ").append('"').append(e.getKey()).append("\" = ").append(e.getValue());
                first = false;
            }
            return s.append(" } ").append(tsdlName).toString();
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            String integer = container.json(order);
            StringBuilder s = new StringBuilder(integer.substring(0, integer.length() - 1)).append(", \"mappings\": {");
            boolean first = true;
            for (var e : labels.entrySet()) {
                s.append(first ? "" : ", ").append(TraceMetadata.jsonString(e.getKey())).append(": [[")
                        .append(e.getValue()).append(", ").append(e.getValue()).append("]]");
                first = false;
            }
            return s.append("}}").toString();
        }

        @Override
        public int alignBits() {
            return container.alignBits();
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            container.encode(out, value instanceof String label ? labels.get(label) : value);
        }
    }

    /** IEEE 754 binary32 or binary64. */
    record FloatType(int sizeBits) implements CtfType {
        public FloatType {
            if (sizeBits != 32 && sizeBits != 64) {
                throw new IllegalArgumentException("float size " + sizeBits);
            }
        }

        @Override
        public String declare(String tsdlName) {
            return "floating_point { exp_dig = " + (sizeBits == 32 ? 8 : 11) + "; mant_dig = " + (sizeBits == 32 ? 24 : 53)
                    + "; align = " + sizeBits + "; } " + tsdlName;
        }

        @Override
        public int alignBits() {
            return sizeBits;
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            return "{\"type\": \"fixed-length-floating-point-number\", \"length\": " + sizeBits + ", \"byte-order\": \""
                    + CtfType.byteOrder(order) + "\", \"alignment\": " + sizeBits + "}";
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            out.align(sizeBits);
            double d = ((Number) value).doubleValue();
            out.writeBits(sizeBits == 32 ? Float.floatToRawIntBits((float) d) & 0xFFFFFFFFL : Double.doubleToRawLongBits(d),
                    sizeBits);
        }
    }
}
