package org.lttbench.core.ctf;

import java.util.List;
import java.util.Set;

/**
 * A field type as the metadata declares it, before it is compiled into a decoder: TSDL (CTF 1.8) and JSON (CTF 2)
 * metadata both produce this model. Byte orders stay {@link Order#NATIVE} until compilation, because LTTng's TSDL
 * declares its type aliases before the {@code trace} block that says what "native" is (CTF 2 always says).
 */
sealed interface TypeDecl {

    /** Alignment in bits, as babeltrace2 computes it (structures take their widest member's, variants 1). */
    int align();

    enum Order {
        NATIVE, LITTLE, BIG
    }

    /** Text encodings: CTF 1.8's (NONE means "not text"), and CTF 2's UTF-16 and UTF-32 string encodings. */
    enum Encoding {
        NONE(1), UTF8(1), ASCII(1), UTF16BE(2), UTF16LE(2), UTF32BE(4), UTF32LE(4);

        /** Bytes of one code unit. */
        final int unit;

        Encoding(int unit) {
            this.unit = unit;
        }
    }

    /**
     * What a field means to the reader: CTF 2's roles. CTF 1.8 says the same with reserved member names
     * ({@code magic}, {@code timestamp_begin}, ...), which the compiler turns into these.
     */
    enum Role {
        PACKET_MAGIC_NUMBER("packet-magic-number"),
        METADATA_STREAM_UUID("metadata-stream-uuid"),
        DATA_STREAM_CLASS_ID("data-stream-class-id"),
        DATA_STREAM_ID("data-stream-id"),
        DEFAULT_CLOCK_TIMESTAMP("default-clock-timestamp"),
        PACKET_END_DEFAULT_CLOCK_TIMESTAMP("packet-end-default-clock-timestamp"),
        PACKET_CONTENT_LENGTH("packet-content-length"),
        PACKET_TOTAL_LENGTH("packet-total-length"),
        PACKET_SEQUENCE_NUMBER("packet-sequence-number"),
        DISCARDED_EVENT_RECORD_COUNTER_SNAPSHOT("discarded-event-record-counter-snapshot"),
        EVENT_RECORD_CLASS_ID("event-record-class-id");

        /** The name CTF 2 metadata gives it. */
        final String json;

        Role(String json) {
            this.json = json;
        }

        static Role of(String json) {
            for (Role r : values()) {
                if (r.json.equals(json)) {
                    return r;
                }
            }
            return null;
        }
    }

    /**
     * A fixed-length integer (CTF 1.8's only kind) or a CTF 2 variable-length one (LEB128: {@code size} 64,
     * {@code align} 8, no byte order).
     *
     * @param clock         name of the clock this integer maps to ({@code map = clock.NAME.value}), or null
     * @param roles         CTF 2 roles (empty for CTF 1.8)
     * @param varLength     a CTF 2 variable-length (LEB128) integer
     * @param reversedBits  a CTF 2 bit order other than the byte order's usual one (first-to-last for big-endian,
     *                      last-to-first for little-endian)
     */
    record Int(int size, int align, boolean signed, Order order, int base, Encoding encoding, String clock,
            Set<Role> roles, boolean varLength, boolean reversedBits) implements TypeDecl {

        /** A CTF 1.8 fixed-length integer. */
        Int(int size, int align, boolean signed, Order order, int base, Encoding encoding, String clock) {
            this(size, align, signed, order, base, encoding, clock, Set.of(), false, false);
        }
    }

    /** One label and the value ranges it covers (bounds compared as signed or unsigned per the container). */
    record Mapping(String label, List<long[]> ranges) {
    }

    record Enum(Int container, List<Mapping> mappings) implements TypeDecl {
        @Override
        public int align() {
            return container.align();
        }
    }

    /**
     * CTF 2's fixed-length boolean (false when every bit is clear), and CTF 2's fixed-length bit array and bit map:
     * read as an unsigned integer of {@code size} bits; a bit map's flags name bit index ranges.
     *
     * @param flags null for a boolean
     */
    record Bits(int size, int align, Order order, boolean reversedBits, boolean bool, List<Mapping> flags)
            implements TypeDecl {
    }

    /** IEEE 754 binary16 (CTF 2 only), binary32 or binary64. */
    record Float(int expDig, int mantDig, int align, Order order) implements TypeDecl {
        int size() {
            return expDig + mantDig;
        }
    }

    /** A null-terminated string. */
    record Str(Encoding encoding) implements TypeDecl {
        @Override
        public int align() {
            return 8;
        }
    }

    /**
     * A CTF 2 static-length ({@code location} null) or dynamic-length string: {@code length} bytes, the value ends
     * at the first NUL code point.
     */
    record LengthStr(Encoding encoding, long length, Location location) implements TypeDecl {
        @Override
        public int align() {
            return 8;
        }
    }

    /** A CTF 2 static-length ({@code location} null) or dynamic-length BLOB of {@code length} bytes. */
    record Blob(long length, Location location, Set<Role> roles) implements TypeDecl {
        @Override
        public int align() {
            return 8;
        }
    }

    /** A member of a structure or an option of a variant; {@code name} is the name as written (with its underscore). */
    record Member(String name, TypeDecl type) {
    }

    record Struct(List<Member> members, int align) implements TypeDecl {
    }

    /**
     * A variant. CTF 1.8: {@code tag} is the tag reference as written (relative or absolute path, or null until a
     * declaration gives it) and the tag's enumeration labels select the options by name. CTF 2: {@code location}
     * locates the selector and {@code ranges} gives each option's selector values (options may be unnamed: null).
     */
    record Variant(String tag, List<Member> options, Location location, List<List<long[]>> ranges) implements TypeDecl {
        Variant(String tag, List<Member> options) {
            this(tag, options, null, null);
        }

        @Override
        public int align() {
            return 1;
        }
    }

    /**
     * A CTF 2 optional: present when its selector (a boolean, or an integer within {@code ranges}) says so.
     *
     * @param ranges null for a boolean selector
     */
    record Optional(TypeDecl type, Location location, List<long[]> ranges) implements TypeDecl {
        @Override
        public int align() {
            return 1;
        }
    }

    /** @param minAlign CTF 2's minimum alignment (1 in CTF 1.8) */
    record Array(TypeDecl element, long length, int minAlign) implements TypeDecl {
        Array(TypeDecl element, long length) {
            this(element, length, 1);
        }

        @Override
        public int align() {
            return Math.max(minAlign, element.align());
        }
    }

    /**
     * A CTF 1.8 sequence ({@code lengthRef}: the length field reference as written, relative or absolute path) or a
     * CTF 2 dynamic-length array ({@code location}).
     */
    record Sequence(TypeDecl element, String lengthRef, Location location, int minAlign) implements TypeDecl {
        Sequence(TypeDecl element, String lengthRef) {
            this(element, lengthRef, null, 1);
        }

        @Override
        public int align() {
            return Math.max(minAlign, element.align());
        }
    }

    /**
     * A CTF 2 field location: a known origin (one of the {@code DecoderCompiler} scope names) or null (the structure
     * holding the dependent field), then member names, null meaning the parent structure.
     *
     * @param text how the metadata wrote it, for error messages
     */
    record Location(String origin, List<String> path, String text) {
    }
}
