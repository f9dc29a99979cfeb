package org.lttbench.core.ctf;

import java.nio.ByteBuffer;

/**
 * Receives one decoded field tree, depth first: the dump formats implement it, and {@link RecordCursor} gives an
 * event's fields to one.
 */
public interface ValueWriter {

    /**
     * The text of a string's bytes as the dump prints it: UTF-8, each byte that is not part of valid UTF-8 as
     * U+DC80..U+DCFF (Python's surrogateescape, as babeltrace2's bindings give it).
     */
    static String utf8(ByteBuffer bytes, int index, int length) {
        StringBuilder sb = new StringBuilder(length);
        JsonValueWriter.appendUtf8(sb, bytes, index, length, false);
        return sb.toString();
    }

    void beginStruct();

    /** The next member's name (without its leading underscore), inside a structure or variant. */
    void name(String name);

    void endStruct();

    void beginArray();

    void endArray();

    /**
     * An integer of {@code size} bits (sign-extended when {@code signed}) and its preferred display base (2, 8, 10 or
     * 16).
     */
    void integer(long value, boolean signed, int base, int size);

    /**
     * An enumeration value, as {@link #integer} its container, and the labels whose ranges contain it, in declaration
     * order.
     */
    void enumeration(long value, boolean signed, int base, int size, String[] labels, int labelCount);

    void floating(double value, boolean single);

    /** A string's bytes (without the terminating NUL), in the packet. */
    void string(ByteBuffer bytes, int index, int length);

    /** A CTF 2 boolean. */
    void bool(boolean value);

    /** A string already decoded (CTF 2's UTF-16 and UTF-32 strings). */
    void text(String value);

    /** A CTF 2 optional field that is absent. */
    void nil();

    /** A CTF 2 optional field that is present: its value follows. */
    default void beginOptional() {
    }

    default void endOptional() {
    }

    /** A variant: its selected option's value follows (JSON: an object of one member, the option's name). */
    default void beginVariant(String option) {
        beginStruct();
        name(option);
    }

    default void endVariant() {
        endStruct();
    }
}
