package org.lttbench.tests.writer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CTF 1.8 field type as LTTng declares them in TSDL, and how a value of it is encoded. Values: {@link Long} (or
 * any {@link Number}) for integers and enumerations, {@link Double} for floats, {@link String} for strings and text
 * arrays, {@code long[]} for integer sequences and arrays, a {@link List} of member values for structures and a
 * {@link Choice} for variants.
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

        /** The same integer shown in another base (2, 8, 10 or 16). */
        public IntegerType base(int displayBase) {
            return new IntegerType(sizeBits, signed, alignBits, displayBase);
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

    /** A structure of fields; its value is the list of its members' values, in declaration order. */
    record StructType(List<TraceMetadata.Field> fields) implements CtfType {
        public StructType {
            fields = List.copyOf(fields);
        }

        @Override
        public String declare(String tsdlName) {
            StringBuilder s = new StringBuilder("struct { ");
            for (TraceMetadata.Field f : fields) {
                s.append(f.type().declare(f.tsdlName())).append("; ");
            }
            return s.append("} ").append(tsdlName).toString();
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            StringBuilder s = new StringBuilder("{\"type\": \"structure\", \"member-classes\": [");
            for (int i = 0; i < fields.size(); i++) {
                s.append(i == 0 ? "" : ", ").append("{\"name\": ").append(TraceMetadata.jsonString(fields.get(i).name()))
                        .append(", \"field-class\": ").append(fields.get(i).type().json(order)).append('}');
            }
            return s.append("]}").toString();
        }

        /** A structure is aligned on its most aligned member. */
        @Override
        public int alignBits() {
            int a = 1;
            for (TraceMetadata.Field f : fields) {
                a = Math.max(a, f.type().alignBits());
            }
            return a;
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            List<?> values = (List<?>) value;
            if (values.size() != fields.size()) {
                throw new IllegalArgumentException("structure of " + fields.size() + " given " + values.size() + " values");
            }
            out.align(alignBits());
            for (int i = 0; i < fields.size(); i++) {
                fields.get(i).type().encode(out, values.get(i));
            }
        }
    }

    /** A variant's value: the option selected (its name, the tag's label) and that option's value. */
    record Choice(String option, Object value) {
    }

    /**
     * A variant whose options are named after the labels of the enumeration {@code tag}, an earlier member of the same
     * structure named {@code tagField} (without TSDL's underscore); its value is a {@link Choice}, and the tag's
     * value must be the label of the option chosen.
     */
    record VariantType(String tagField, EnumType tag, Map<String, CtfType> options) implements CtfType {
        public VariantType {
            options = new LinkedHashMap<>(options);
            if (!tag.labels().keySet().containsAll(options.keySet())) {
                throw new IllegalArgumentException("options " + options.keySet() + " are not all labels of the tag");
            }
        }

        @Override
        public String declare(String tsdlName) {
            StringBuilder s = new StringBuilder("variant <_").append(tagField).append("> { ");
            for (var o : options.entrySet()) {
                s.append(o.getValue().declare(o.getKey())).append("; ");
            }
            return s.append("} ").append(tsdlName).toString();
        }

        @Override
        public String json(java.nio.ByteOrder order) {
            StringBuilder s = new StringBuilder("{\"type\": \"variant\", \"selector-field-location\": {\"path\": [")
                    .append(TraceMetadata.jsonString(tagField)).append("]}, \"options\": [");
            boolean first = true;
            for (var o : options.entrySet()) {
                long v = tag.labels().get(o.getKey());
                s.append(first ? "" : ", ").append("{\"name\": ").append(TraceMetadata.jsonString(o.getKey()))
                        .append(", \"selector-field-ranges\": [[").append(v).append(", ").append(v)
                        .append("]], \"field-class\": ").append(o.getValue().json(order)).append('}');
                first = false;
            }
            return s.append("]}").toString();
        }

        /** babeltrace2 aligns a variant on nothing: its selected option aligns itself. */
        @Override
        public int alignBits() {
            return 1;
        }

        @Override
        public void encode(BitBuffer out, Object value) {
            Choice c = (Choice) value;
            CtfType option = options.get(c.option());
            if (option == null) {
                throw new IllegalArgumentException("no option " + c.option() + " in " + options.keySet());
            }
            option.encode(out, c.value());
        }
    }
}
