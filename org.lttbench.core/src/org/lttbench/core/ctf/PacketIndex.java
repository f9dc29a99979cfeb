package org.lttbench.core.ctf;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The packet index LTTng writes beside a stream file ({@code index/<stream file>.idx}, CTF index 1.0 or 1.1): per
 * packet, its offset, sizes, first and last timestamps (raw clock values), discarded-events counter and stream id,
 * big-endian. It says where a stream's packets with events are without reading a packet header per packet.
 * <p>
 * An index is a hint, as in babeltrace2: one that is absent, of an unknown version, or that does not describe the
 * stream file exactly (packets that do not tile the file, sizes that are not whole bytes) is not used, and the
 * packets are read instead.
 */
final class PacketIndex {
    static final int MAGIC = 0xC1F1DCC1;
    private static final int HEADER_BYTES = 16;
    /** The 1.0 entry: offset, packet_size, content_size, timestamp_begin, timestamp_end, events_discarded, stream_id. */
    private static final int ENTRY_1_0_BYTES = 7 * 8;
    /** Larger entries than any known version's would be a corrupt header. */
    private static final int ENTRY_MAX_BYTES = 4096;

    /** One entry, as the index gives it (sizes in bits, timestamps as raw clock values). */
    record Entry(long offset, long packetBits, long contentBits, long beginRaw, long endRaw, long discarded,
            long streamId) {
    }

    private PacketIndex() {
    }

    /** Where LTTng puts the index of a stream file. */
    static Path pathOf(Path streamFile) {
        return streamFile.resolveSibling("index").resolve(streamFile.getFileName() + ".idx");
    }

    /**
     * Hands each entry of {@code file}'s index to {@code consumer} and says whether the index describes the file
     * exactly, as a stream of class {@code streamId} (-1: any); false when there is no usable index (the consumer may
     * then have seen some entries: discard them). Reads as it goes: memory does not grow with the index.
     */
    static boolean read(StreamFile file, long streamId, Consumer<Entry> consumer) {
        Path path = pathOf(file.path);
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try {
            return read(path, file, streamId, consumer);
        } catch (IOException e) {
            return false; // an index that cannot be read is not used either
        }
    }

    private static boolean read(Path path, StreamFile file, long streamId, Consumer<Entry> consumer)
            throws IOException {
        long size = Files.size(path);
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            ByteBuffer head = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.BIG_ENDIAN);
            if (size < HEADER_BYTES || !fill(in, head)) {
                return false;
            }
            int magic = head.getInt(0);
            int major = head.getInt(4);
            // head.getInt(8) is the minor version: later minors only add fields at the end of each entry.
            long entryBytes = Integer.toUnsignedLong(head.getInt(12));
            if (magic != MAGIC || major != 1 || entryBytes < ENTRY_1_0_BYTES || entryBytes > ENTRY_MAX_BYTES
                    || (size - HEADER_BYTES) % entryBytes != 0) {
                return false;
            }
            long n = (size - HEADER_BYTES) / entryBytes;
            ByteBuffer entry = ByteBuffer.allocate((int) entryBytes).order(ByteOrder.BIG_ENDIAN);
            long expectedOffset = 0;
            for (long i = 0; i < n; i++) {
                if (!fill(in, entry)) {
                    return false;
                }
                Entry e = new Entry(entry.getLong(0), entry.getLong(8), entry.getLong(16), entry.getLong(24),
                        entry.getLong(32), entry.getLong(40), entry.getLong(48));
                long bits = e.packetBits();
                // The packets tile the file, in order, each a positive whole number of bytes holding its content, all
                // of the stream's class.
                if (e.offset() != expectedOffset || bits <= 0 || (bits & 7) != 0
                        || streamId != -1 && e.streamId() != streamId
                        || Long.compareUnsigned(e.contentBits(), bits) > 0
                        || Long.compareUnsigned(bits >>> 3, file.size - expectedOffset) > 0) {
                    return false;
                }
                expectedOffset += bits >>> 3;
                consumer.accept(e);
            }
            return expectedOffset == file.size;
        }
    }

    private static boolean fill(InputStream in, ByteBuffer buffer) throws IOException {
        return in.readNBytes(buffer.array(), 0, buffer.capacity()) == buffer.capacity();
    }
}
