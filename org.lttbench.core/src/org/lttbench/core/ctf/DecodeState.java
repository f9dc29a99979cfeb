package org.lttbench.core.ctf;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The decoding state of one stream: the current packet's bytes (two views, one per byte order), a bit cursor from
 * the packet's start, and the values of the fields decoded so far. Field decoders write their values into
 * {@link #values} at slots fixed when they were compiled, so decoding an event allocates nothing. Dynamic parts
 * (elements of arrays of structures) go to an arena after the fixed slots, reset for each event.
 */
final class DecodeState {
    /** Arena cap in slots: a hostile length cannot make us allocate more than this per event. */
    static final int MAX_ARENA_SLOTS = 1 << 22;

    ByteBuffer le;
    ByteBuffer be;
    /** Bytes readable in the views (the packet content, rounded up to a byte). */
    int limit;
    /** Bit position from the packet's first byte. */
    long pos;
    /** Bit position where the packet content ends: nothing may be decoded past it. */
    long endBits;

    long[] values;
    /** The slots every event class of the stream fits in: where the arena starts. */
    private final int fixedSlots;
    int arenaBase;
    int arenaTop;

    /** A text's bytes copied out of the packet at once to be compared ({@link #textBytes}). */
    private byte[] text = new byte[32];

    /** Raw value of the stream's clock (cycles), updated by integers mapped to it. */
    long clock;
    /** Event class id the event header gave, or -1. */
    long eventId;
    /** Bits the last variable-length integer read holds (7 per byte, at most 64). */
    int leb128Bits;
    /**
     * Decoder calls this packet may still make: real event records take at least a bit per field, while fields that
     * may take none (empty sequences, structures, variants) could make a small hostile packet decode for hours. The
     * budget is {@link #WORK_PER_BIT} calls per bit of content, plus {@link #WORK_PER_PACKET}.
     */
    private long work;
    static final long WORK_PER_BIT = 16;
    static final long WORK_PER_PACKET = 1L << 20;

    DecodeState(int fixedSlots) {
        this(fixedSlots, fixedSlots);
    }

    /**
     * @param fixedSlots the slots every event class of the stream fits in (the arena starts after them)
     * @param initial    the slots to hold from the start (the headers'); {@link #ensure} adds the others when an event
     *                   class needs them: a reader holds what the events it reads need, not what the metadata could
     */
    DecodeState(int fixedSlots, int initial) {
        values = new long[Math.min(fixedSlots, initial) + 64];
        this.fixedSlots = fixedSlots;
        arenaBase = fixedSlots;
        arenaTop = fixedSlots;
    }

    /** Makes sure that slots below {@code slots} exist. */
    void ensure(int slots) {
        if (slots > values.length) {
            values = Arrays.copyOf(values, Math.max(slots, Math.min(arenaBase + 64, 2 * values.length)));
        }
    }

    void setPacket(ByteBuffer bytes, int limitBytes, long endBits) {
        this.le = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        this.be = bytes.duplicate().order(ByteOrder.BIG_ENDIAN);
        this.limit = limitBytes;
        this.endBits = endBits;
        this.work = FieldDecoder.addCost(FieldDecoder.sizeTimes(Math.max(0, endBits), WORK_PER_BIT), WORK_PER_PACKET);
    }

    /** Spends {@code steps} decoder calls of the packet's budget, or says that the packet needs more than it allows. */
    void spend(long steps) throws DecodeException {
        work -= steps;
        if (work < 0 || steps < 0) {
            throw new DecodeException("decoding this packet's events takes more than " + WORK_PER_BIT
                    + " field decodings per bit of content (fields that take no bits, repeated): this reader's limit");
        }
    }

    void align(int bits) {
        pos = (pos + bits - 1) & -(long) bits;
    }

    /** Reserves {@code n} arena slots and returns the first; the arena is bounded (hostile lengths). */
    int allocate(long n) throws DecodeException {
        if (n > MAX_ARENA_SLOTS - (arenaTop - arenaBase)) {
            throw new DecodeException("an array needs " + n + " value slots, more than the " + MAX_ARENA_SLOTS
                    + " this reader allows for one event");
        }
        int start = arenaTop;
        int top = start + (int) n;
        if (top > values.length) {
            values = Arrays.copyOf(values, Math.max(top, values.length * 2));
        }
        arenaTop = top;
        return start;
    }

    void resetArena() {
        arenaTop = arenaBase;
    }

    /** Keeps what the arena holds now (a packet context's) out of later resets, until {@link #clearArena}. */
    void keepArena() {
        arenaBase = arenaTop;
    }

    /** Empties the whole arena (a new packet). */
    void clearArena() {
        arenaBase = fixedSlots;
        arenaTop = fixedSlots;
    }

    /** Bits left before the end of the packet content. */
    long remainingBits() {
        return endBits - pos;
    }

    /**
     * Reads an unsigned bit field of 1..64 bits at the cursor and advances it. Big-endian: its first bit is the most
     * significant of its byte.
     */
    long read(int size, boolean bigEndian) throws DecodeException {
        long p = pos;
        int index = (int) (p >>> 3);
        int shift = (int) (p & 7);
        pos = p + size;
        if (shift == 0) {
            ByteBuffer bytes = bigEndian ? be : le;
            switch (size) {
            case 8:
                return bytes.get(index) & 0xFFL;
            case 16:
                return bytes.getShort(index) & 0xFFFFL;
            case 32:
                return bytes.getInt(index) & 0xFFFFFFFFL;
            case 64:
                return bytes.getLong(index);
            default:
                break;
            }
        }
        return bigEndian ? unalignedBE(index, shift, size) : unalignedLE(index, shift, size);
    }

    private long unalignedLE(int index, int shift, int size) throws DecodeException {
        long v;
        if (shift + size <= 64) {
            v = (index + 8 <= limit ? le.getLong(index) : tailLE(index, (shift + size + 7) >>> 3)) >>> shift;
        } else {
            long lo = le.getLong(index) >>> shift;
            long hi = index + 8 < limit ? le.get(index + 8) & 0xFFL : fail(index + 8);
            v = lo | (hi << (64 - shift));
        }
        return size == 64 ? v : v & ((1L << size) - 1);
    }

    private long unalignedBE(int index, int shift, int size) throws DecodeException {
        if (shift + size <= 64) {
            long word = index + 8 <= limit ? be.getLong(index) : tailBE(index, (shift + size + 7) >>> 3);
            return (word << shift) >>> (64 - size);
        }
        long word = be.getLong(index);
        long next = index + 8 < limit ? be.get(index + 8) & 0xFFL : fail(index + 8);
        long v = (word << shift) | (next >>> (8 - shift));
        return v >>> (64 - size);
    }

    private long tailLE(int index, int bytes) throws DecodeException {
        if (index + bytes > limit) {
            fail(index + bytes - 1);
        }
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v |= (le.get(index + i) & 0xFFL) << (8 * i);
        }
        return v;
    }

    private long tailBE(int index, int bytes) throws DecodeException {
        if (index + bytes > limit) {
            fail(index + bytes - 1);
        }
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v |= (be.get(index + i) & 0xFFL) << (56 - 8 * i);
        }
        return v;
    }

    private long fail(int index) throws DecodeException {
        throw new DecodeException("a field at byte " + index + " of the packet lies past the end of its content ("
                + limit + " bytes)");
    }

    /** Length of the NUL-terminated string at byte {@code index}, or throws when the content ends first. */
    int stringLength(int index) throws DecodeException {
        int i = index;
        int end = limit;
        while (i + 8 <= end) {
            long w = le.getLong(i);
            long zero = (w - 0x0101010101010101L) & ~w & 0x8080808080808080L;
            if (zero != 0) {
                return i - index + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
            i += 8;
        }
        while (i < end) {
            if (le.get(i) == 0) {
                return i - index;
            }
            i++;
        }
        throw new DecodeException("a string at byte " + index + " of the packet has no terminating NUL before the end"
                + " of the packet content (" + limit + " bytes)");
    }

    /**
     * Reads a CTF 2 variable-length integer (LEB128: 7 bits per byte, least significant first, high bit set on every
     * byte but the last) at the cursor, which must be on a byte; {@link #leb128Bits} says how many bits it held.
     * Values wider than 64 bits are not supported.
     */
    long readLeb128() throws DecodeException {
        int start = (int) (pos >>> 3);
        int i = start;
        long v = 0;
        int shift = 0;
        while (true) {
            if (i >= limit) {
                throw new DecodeException("a variable-length integer at byte " + start + " of the packet runs past the end"
                        + " of its content (" + limit + " bytes)");
            }
            int c = le.get(i++) & 0xFF;
            if (shift < 64) {
                v |= (long) (c & 0x7F) << shift;
            }
            shift += 7;
            if ((c & 0x80) == 0) {
                break;
            }
            if (shift >= 70) {
                throw new DecodeException("a variable-length integer at byte " + start + " of the packet has more than 10"
                        + " bytes: values wider than 64 bits are not supported");
            }
        }
        pos = (long) i << 3;
        leb128Bits = Math.min(shift, 64);
        return v;
    }

    /** Bytes before the first NUL code unit of {@code unit} bytes (UTF-16, UTF-32) at byte {@code index}. */
    int stringLength(int index, int unit) throws DecodeException {
        for (int i = index; i + unit <= limit; i += unit) {
            if (unit == 2 ? le.getShort(i) == 0 : le.getInt(i) == 0) {
                return i - index;
            }
        }
        throw new DecodeException("a string at byte " + index + " of the packet has no terminating NUL before the end"
                + " of the packet content (" + limit + " bytes)");
    }

    /** Clock update with babeltrace2's wrap rule: a smaller low part means the high part moved up by one. */
    void updateClock(long value, int size) {
        if (size >= 64) {
            clock = value;
            return;
        }
        long mask = (1L << size) - 1;
        long current = clock & mask;
        if (Long.compareUnsigned(value, current) < 0) {
            clock += mask + 1;
        }
        clock = (clock & ~mask) | value;
    }

    /** A failure inside a packet; the stream reader adds the file and byte offset. */
    /** The {@code n} bytes at {@code index} of the packet, in an array of this state's, valid until the next call. */
    byte[] textBytes(int index, int n) {
        if (text.length < n) {
            text = new byte[Math.max(n, 2 * text.length)];
        }
        le.get(index, text, 0, n);
        return text;
    }

    static final class DecodeException extends Exception {
        private static final long serialVersionUID = 1L;

        DecodeException(String message) {
            super(message, null, false, false);
        }
    }
}
