package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.lttbench.core.ctf.DecodeState.DecodeException;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Reads one stream's packets: finds each in the stream's files (one after the other, at an offset, or through their
 * LTTng index) or takes it from the stream's feed, decodes and checks its header and context, and says what the
 * stream lost before it (babeltrace2's discarded-events and discarded-packets semantics). It is the {@link Packet}
 * its {@link StreamReader} hands out.
 */
abstract sealed class PacketReader implements Packet permits StreamReader {
    /** Bytes mapped to decode a packet header and context before the packet's size is known. */
    static final int HEAD_BYTES = 1 << 16;
    /** babeltrace2's "unknown" for counters and clock snapshots (UINT64_MAX). */
    static final long UNKNOWN = -1;

    final CtfStream stream;
    final StreamClassDecoder sc;
    final DecodeState s;
    private final byte[] traceUuid;
    private final ReadProgress progress;

    private final FileWindow window = new FileWindow();
    int fileIndex;
    StreamFile file;
    private long nextOffset;
    /** The largest packet read so far in the current file, in bytes: what tells a file cut short from a bad size. */
    private long largestPacket;

    long packetOffset;
    private long packetBits;
    long contentBits;
    long beginRaw = UNKNOWN;
    private long endRaw = UNKNOWN;
    private long discarded = UNKNOWN;
    private long sequence = UNKNOWN;
    /** The packet's CPU ({@code cpu_id} in its context), or -1. */
    private int packetCpu = -1;
    /** The current event's CPU: the packet's, or the event's own field where the packet says none. */
    int cpu = -1;
    long prevEndRaw = UNKNOWN;
    long prevDiscarded = UNKNOWN;
    long prevSequence = UNKNOWN;
    Loss eventsLoss;
    Loss packetsLoss;
    /** The clock before the current packet's header: a packet without a beginning time extends it. */
    long packetClock;
    /** A fed stream's inactivity that {@link #loadFedPacket} met, in ns, until {@link StreamReader#noPacket} takes it. */
    long quietUntil = UNKNOWN;

    PacketReader(CtfStream stream, byte[] traceUuid, ReadProgress progress) {
        this.stream = stream;
        this.sc = stream.streamClass;
        // A fed stream's metadata may grow: its arena starts past any event class's slots, so new classes fit below it.
        this.s = new DecodeState(stream.feed == null ? sc.fixedSlots() : StreamClassDecoder.MAX_EVENT_SLOTS, sc.eventBase);
        this.traceUuid = traceUuid;
        this.progress = progress;
    }

    void release() {
        window.release();
    }

    boolean loadPacket() throws IOException {
        if (stream.feed != null) {
            return loadFedPacket();
        }
        prevEndRaw = endRaw;
        prevDiscarded = discarded;
        prevSequence = sequence;
        eventsLoss = null;
        packetsLoss = null;
        while (true) {
            if (file == null) {
                if (fileIndex >= stream.files.size()) {
                    return false;
                }
                file = stream.files.get(fileIndex++);
                nextOffset = 0;
            }
            if (nextOffset < file.size) {
                try {
                    readPacketHead(file, nextOffset);
                    return true;
                } catch (CutShortException e) {
                    file.cut(e.cut()); // the rest of the stream, from its next file, is still read
                    nextOffset = file.size;
                }
            }
            window.release();
            file = null;
        }
    }

    void readPacketHead(StreamFile f, long offset) throws IOException {
        long remaining = f.size - offset;
        ByteBuffer head = window.bytes(f, offset, Math.min(remaining, HEAD_BYTES), remaining);
        long headBits = decodeHead(f, offset, remaining, head);
        long contentBytes = (contentBits + 7) >>> 3;
        enterPacket(window.bytes(f, offset, contentBytes, contentBytes), contentBytes, headBits);
    }

    /**
     * The next packet of a fed stream ({@link CtfStream#feed}): false when none came (its end, or an inactivity, kept
     * in {@link #quietUntil}), leaving the previous packet's counters as they are.
     */
    private boolean loadFedPacket() throws IOException {
        PacketFeed.Next next = stream.feed.next();
        if (!next.isPacket()) {
            quietUntil = next.isEnd() ? UNKNOWN : sc.clock.toNs(next.quietUntilRaw());
            return false;
        }
        prevEndRaw = endRaw;
        prevDiscarded = discarded;
        prevSequence = sequence;
        eventsLoss = null;
        packetsLoss = null;
        file = stream.files.get(0);
        ByteBuffer bytes = next.bytes();
        long headBits = decodeHead(file, next.offset(), next.packetBytes(), bytes);
        long contentBytes = (contentBits + 7) >>> 3;
        if (contentBytes > bytes.capacity()) {
            throw new TraceFormatException(file.path, next.offset(), "the packet's content is " + contentBytes
                    + " bytes but only " + bytes.capacity() + " came");
        }
        enterPacket(bytes, contentBytes, headBits);
        return true;
    }

    /**
     * Decodes a packet's header and context from {@code head} (its first bytes) and checks its sizes against the
     * {@code remaining} bytes of its source; returns the header and context's bits.
     */
    private long decodeHead(StreamFile f, long offset, long remaining, ByteBuffer head) throws IOException {
        packetClock = s.clock;
        s.setPacket(head, head.capacity(), head.capacity() * 8L);
        s.pos = 0;
        s.clearArena();
        String where = "packet header";
        try {
            if (sc.packetHeader != null) {
                sc.packetHeader.decode(s, 0);
                checkHeader(f, offset);
            }
            where = "packet context";
            if (sc.packetContext != null) {
                sc.packetContext.decode(s, 0);
            }
            s.keepArena(); // the context's arrays of compound elements stay for the packet's events
        } catch (DecodeException | IndexOutOfBoundsException e) {
            throw headError(f, offset, remaining, where, e);
        }
        long[] v = s.values;
        long pkt = sc.packetSizeSlot >= 0 ? v[sc.packetSizeSlot] : UNKNOWN;
        long content = sc.contentSizeSlot >= 0 ? v[sc.contentSizeSlot] : UNKNOWN;
        if (pkt == UNKNOWN && content == UNKNOWN) {
            pkt = remaining * 8;
            content = pkt;
        } else if (pkt == UNKNOWN) {
            pkt = content;
        } else if (content == UNKNOWN) {
            content = pkt;
        }
        long headBits = s.pos;
        if (Long.compareUnsigned(content, pkt) > 0) {
            throw new TraceFormatException(f.path, offset, "the packet's content_size (" + Long.toUnsignedString(content)
                    + " bits) is larger than its packet_size (" + Long.toUnsignedString(pkt) + " bits)");
        }
        if (pkt == 0 || (pkt & 7) != 0) {
            throw new TraceFormatException(f.path, offset, "the packet_size (" + Long.toUnsignedString(pkt)
                    + " bits) is not a positive whole number of bytes");
        }
        if (Long.compareUnsigned(pkt >>> 3, remaining) > 0) {
            throw CutShortException.inPacket(f.path, offset, pkt >>> 3, remaining, largestPacket);
        }
        if (Long.compareUnsigned(content, headBits) < 0) {
            throw new TraceFormatException(f.path, offset, "the packet's content_size (" + content
                    + " bits) is smaller than its header and context (" + headBits + " bits)");
        }
        packetOffset = offset;
        largestPacket = offset == 0 ? pkt >>> 3 : Math.max(largestPacket, pkt >>> 3);
        packetBits = pkt;
        contentBits = content;
        nextOffset = offset + (pkt >>> 3);
        return headBits;
    }

    /** Reads the packet whose head {@link #decodeHead} decoded from {@code body}, its content's bytes. */
    private void enterPacket(ByteBuffer body, long contentBytes, long headBits) {
        s.setPacket(body, (int) contentBytes, contentBits);
        s.pos = headBits;
        long[] v = s.values;
        beginRaw = sc.beginSlot >= 0 ? v[sc.beginSlot] : UNKNOWN;
        endRaw = sc.endSlot >= 0 ? v[sc.endSlot] : UNKNOWN;
        discarded = sc.discardedSlot >= 0 ? v[sc.discardedSlot] : UNKNOWN;
        sequence = sc.sequenceSlot >= 0 ? v[sc.sequenceSlot] : UNKNOWN;
        packetCpu = sc.cpuSlot >= 0 ? (int) v[sc.cpuSlot] : -1;
        cpu = packetCpu;
        computeLosses();
        progress.add(packetBits >>> 3);
    }

    /** Reads the header of the packet at that offset of the stream's file number {@code index}. */
    boolean loadPacketAt(int index, long offset) throws IOException {
        release();
        file = stream.files.get(index);
        fileIndex = index + 1;
        if (offset >= file.size) {
            return false;
        }
        try {
            readPacketHead(file, offset);
        } catch (CutShortException e) {
            file.cut(e.cut());
            return false;
        }
        return true;
    }

    /**
     * Where the stream's packets that hold more than their header and context are, from its files' LTTng indexes:
     * at most the first and the last ({file index, offset}), or null when a file has no usable index. Widens
     * {@code span} to the time ranges over which the discarded-events counter moved (babeltrace2's loss ranges).
     */
    List<long[]> indexedPackets(long[] span) throws IOException {
        List<long[]> found = new ArrayList<>();
        long[] previous = { UNKNOWN, UNKNOWN }; // {discarded, end}: the counter and time of the previous packet
        long[] losses = { Long.MAX_VALUE, Long.MIN_VALUE };
        for (int i = 0; i < stream.files.size(); i++) {
            StreamFile f = stream.files.get(i);
            if (f.size == 0) {
                continue;
            }
            try {
                readPacketHead(f, 0); // the header and context size, the same for every packet of the stream class
            } catch (CutShortException e) {
                release();
                return null; // read packet by packet, up to where the file is cut
            }
            long headBits = s.pos;
            int index = i;
            List<long[]> inFile = new ArrayList<>();
            boolean usable = PacketIndex.read(f, sc.id, e -> {
                if (sc.hasDiscardedEvents() && e.discarded() != (previous[0] == UNKNOWN ? 0 : previous[0])) {
                    long from = previous[0] == UNKNOWN ? e.beginRaw() : previous[1];
                    losses[0] = Math.min(losses[0], sc.clock.toNs(from));
                    losses[1] = Math.max(losses[1], sc.clock.toNs(e.endRaw()));
                }
                previous[0] = e.discarded();
                previous[1] = e.endRaw();
                if (Long.compareUnsigned(e.contentBits(), headBits) > 0) {
                    if (inFile.size() == 2) {
                        inFile.set(1, new long[] { index, e.offset() });
                    } else {
                        inFile.add(new long[] { index, e.offset() });
                    }
                }
            });
            release();
            if (!usable) {
                return null;
            }
            if (!inFile.isEmpty()) {
                if (found.isEmpty()) {
                    found.add(inFile.get(0));
                }
                if (found.size() == 2) {
                    found.remove(1);
                }
                found.add(inFile.get(inFile.size() - 1));
            }
        }
        if (found.size() == 2 && Arrays.equals(found.get(0), found.get(1))) {
            found.remove(1);
        }
        if (losses[0] <= losses[1]) {
            span[0] = Math.min(span[0], losses[0]);
            span[1] = Math.max(span[1], losses[1]);
        }
        return found;
    }

    /** A packet header or context that cannot be decoded: the file may end inside it. */
    static TraceFormatException headError(StreamFile f, long offset, long remaining, String where, Exception e) {
        String why = e instanceof DecodeException ? ": " + e.getMessage() : "";
        if (remaining < HEAD_BYTES) {
            return CutShortException.inHead(f.path, offset, remaining, where, why);
        }
        return new TraceFormatException(f.path, offset, "cannot decode the " + where + why);
    }

    private void checkHeader(StreamFile f, long offset) throws TraceFormatException {
        long[] v = s.values;
        if (sc.magicSlot >= 0 && v[sc.magicSlot] != StreamClassDecoder.CTF_MAGIC) {
            throw new TraceFormatException(f.path, offset, String.format(
                    "bad packet magic number 0x%08x (expected 0xc1fc1fc1): not the start of a CTF packet", v[sc.magicSlot]));
        }
        if (sc.streamIdSlot >= 0 && v[sc.streamIdSlot] != sc.id && sc.id != -1) {
            throw new TraceFormatException(f.path, offset, "the packet header says stream_id "
                    + Long.toUnsignedString(v[sc.streamIdSlot]) + " but this stream's packets have stream_id " + sc.id);
        }
        if (sc.uuidField != null && traceUuid != null) {
            int index = sc.uuidByteIndex(s);
            for (int i = 0; i < 16; i++) {
                if (s.le.get(index + i) != traceUuid[i]) {
                    throw new TraceFormatException(f.path, offset + index, "the packet header's UUID differs from the"
                            + " metadata's: the stream file belongs to another trace");
                }
            }
        }
    }

    /** babeltrace2's discarded-events and discarded-packets messages for the packet just loaded. */
    private void computeLosses() {
        if (sc.hasDiscardedEvents()) {
            boolean emit = prevDiscarded == UNKNOWN ? discarded != 0 && discarded != UNKNOWN
                    : discarded - prevDiscarded != 0;
            if (emit) {
                // Before the stream's first packet, babeltrace2 has no count: the counter itself is the best one.
                long count = prevDiscarded == UNKNOWN ? discarded : discarded - prevDiscarded;
                long begin = prevDiscarded == UNKNOWN ? beginRaw : prevEndRaw;
                eventsLoss = new Loss(Loss.Kind.DISCARDED_EVENTS, count, ns(begin), ns(endRaw), stream, packetCpu);
            }
        }
        // a sequence number that goes back is no loss (never a negative count): the packets overlap
        if (sc.hasPacketSequence() && prevSequence != UNKNOWN && sequence - prevSequence > 1) {
            packetsLoss = new Loss(Loss.Kind.DISCARDED_PACKETS, sequence - prevSequence - 1, ns(prevEndRaw), ns(beginRaw),
                    stream, packetCpu);
        }
    }

    private long ns(long raw) {
        return raw == UNKNOWN || beginRaw == UNKNOWN && endRaw == UNKNOWN ? UNKNOWN : sc.clock.toNs(raw);
    }

    void endPacket() {
        // babeltrace2 moves the clock to timestamp_end (unless an event already went past it).
        if (endRaw != UNKNOWN && Long.compareUnsigned(endRaw, s.clock) >= 0) {
            s.clock = endRaw;
        }
    }

    // ---- Packet

    @Override
    public long beginNs() {
        return beginRaw == UNKNOWN ? -1 : sc.clock.toNs(beginRaw);
    }

    /** timestamp_end, or -1 when absent or never written (0 in a packet lttng-crash recovered). */
    @Override
    public long endNs() {
        return endRaw == UNKNOWN || endRaw == 0 && beginRaw != 0 ? -1 : sc.clock.toNs(endRaw);
    }

    @Override
    public long sizeBits() {
        return packetBits;
    }

    @Override
    public long contentBits() {
        return contentBits;
    }

    @Override
    public long sequenceNumber() {
        return sequence;
    }

    @Override
    public long discardedEventsCounter() {
        return discarded;
    }

    @Override
    public long fileOffset() {
        return packetOffset;
    }

    @Override
    public Path file() {
        return file == null ? null : file.path;
    }
}

