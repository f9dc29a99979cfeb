package org.lttbench.tests.writer;

import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Bytes being written bit by bit, the way CTF lays out fields: little-endian bit fields fill each byte from its
 * least significant bit, big-endian ones from its most significant bit. Positions are in bits from the buffer start
 * (a packet start, since CTF alignment is relative to the packet).
 */
public final class BitBuffer {
    private final boolean bigEndian;
    private byte[] bytes = new byte[4096];
    private long position;

    public BitBuffer(ByteOrder order) {
        this.bigEndian = order == ByteOrder.BIG_ENDIAN;
    }

    public long position() {
        return position;
    }

    /** Moves back (dropping what was written after) or forward (zero fill). */
    public void position(long bits) {
        ensure(bits);
        if (bits < position) {
            long from = (bits + 7) / 8;
            Arrays.fill(bytes, (int) from, (int) Math.min(bytes.length, (position + 7) / 8), (byte) 0);
            if (bits % 8 != 0) {
                int keep = (int) (bits % 8);
                int b = (int) (bits / 8);
                bytes[b] &= (byte) (bigEndian ? (0xFF << (8 - keep)) : ((1 << keep) - 1));
            }
        }
        position = bits;
    }

    public void align(int alignBits) {
        if (alignBits > 1) {
            long rem = position % alignBits;
            if (rem != 0) {
                position(position + alignBits - rem);
            }
        }
    }

    public void writeBits(long value, int sizeBits) {
        writeBitsAt(position, value, sizeBits);
        position += sizeBits;
    }

    /** Writes a field at a position already passed (packet context fields patched when the packet closes). */
    public void writeBitsAt(long at, long value, int sizeBits) {
        ensure(at + sizeBits);
        if (at % 8 == 0 && sizeBits % 8 == 0) {
            int b = (int) (at / 8);
            int n = sizeBits / 8;
            for (int i = 0; i < n; i++) {
                int shift = bigEndian ? 8 * (n - 1 - i) : 8 * i;
                bytes[b + i] = (byte) (value >>> shift);
            }
            return;
        }
        for (int i = 0; i < sizeBits; i++) {
            // bit i of the value, counted from its least significant bit
            long bit = (value >>> i) & 1;
            long p = bigEndian ? at + sizeBits - 1 - i : at + i;
            int b = (int) (p / 8);
            int shift = bigEndian ? 7 - (int) (p % 8) : (int) (p % 8);
            if (bit != 0) {
                bytes[b] |= (byte) (1 << shift);
            } else {
                bytes[b] &= (byte) ~(1 << shift);
            }
        }
    }

    public void writeBytes(byte[] data) {
        if (position % 8 != 0) {
            throw new IllegalStateException("byte string at a bit position " + position);
        }
        ensure(position + 8L * data.length);
        System.arraycopy(data, 0, bytes, (int) (position / 8), data.length);
        position += 8L * data.length;
    }

    /** The first {@code byteCount} bytes (zero-padded past what was written). */
    public byte[] toBytes(int byteCount) {
        ensure(8L * byteCount);
        return Arrays.copyOf(bytes, byteCount);
    }

    public void clear() {
        Arrays.fill(bytes, 0, (int) Math.min(bytes.length, (position + 7) / 8), (byte) 0);
        position = 0;
    }

    private void ensure(long bits) {
        long need = (bits + 7) / 8;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("packet too large: " + need + " bytes");
        }
        if (need > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.max(need, Math.min(Integer.MAX_VALUE - 16, 2L * bytes.length)));
        }
    }
}
