package org.lttbench.core.ctf;

import java.nio.ByteBuffer;

/** Receives one decoded field tree, depth first (the dump formats implement it). */
interface ValueWriter {

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
