package org.lttbench.tests.writer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.lttbench.tests.writer.TraceMetadata.EventClass;
import org.lttbench.tests.writer.TraceMetadata.Field;
import org.lttbench.tests.writer.TraceMetadata.HeaderKind;
import org.lttbench.tests.writer.TraceMetadata.StreamClass;

/**
 * One stream file: packets with LTTng's header ({@code magic, uuid, stream_id, stream_instance_id}) and context
 * ({@code timestamp_begin/end, content_size, packet_size, [packet_seq_num], events_discarded, cpu_id}), then
 * events with a compact or large header (extended when the id or the time delta does not fit, or time goes back),
 * the stream event context and the payload. A packet opens at its first event and closes when the next event does
 * not fit, or when asked.
 */
public final class CtfStreamWriter {
    private static final long CTF_MAGIC = 0xC1FC1FC1L;

    private final CtfTraceWriter trace;
    private final StreamClass streamClass;
    private final int cpu;
    private final long instanceId;
    private final Path file;
    private final OutputStream out;
    private final BitBuffer packet;
    private final int align;

    private boolean open;
    private long clock;
    private long lastEventTs;
    private long sequence;
    private long discarded;
    private long packetsWritten;
    private long eventsWritten;
    private long posTimestampEnd;
    private long posContentSize;
    private long posPacketSize;
    private long posDiscarded;
    private List<Object> packetContextValues = List.of();

    CtfStreamWriter(CtfTraceWriter trace, StreamClass streamClass, int cpu, long instanceId, Path file) throws IOException {
        this.trace = trace;
        this.streamClass = streamClass;
        this.cpu = cpu;
        this.instanceId = instanceId;
        this.file = file;
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        this.packet = new BitBuffer(streamClass.metadata().byteOrder());
        this.align = streamClass.metadata().headerIntegerAlignment();
    }

    public StreamClass streamClass() {
        return streamClass;
    }

    public int cpu() {
        return cpu;
    }

    public Path file() {
        return file;
    }

    public long packetsWritten() {
        return packetsWritten;
    }

    public long eventsWritten() {
        return eventsWritten;
    }

    /** The running {@code events_discarded} count so far. */
    public long discardedCount() {
        return discarded;
    }

    /** Writes an event of the class named {@code name}; see {@link #event(long, EventClass, Object...)}. */
    public CtfStreamWriter event(long clockValue, String name, Object... values) throws IOException {
        return event(clockValue, streamClass.metadata().eventClass(name), values);
    }

    /**
     * Writes one event.
     *
     * @param clockValue the timestamp in clock cycles (ns since the clock offset at 1 GHz)
     * @param values     the stream event context's values, then the payload's, in declaration order
     */
    public CtfStreamWriter event(long clockValue, EventClass cls, Object... values) throws IOException {
        if (cls.stream() != streamClass) {
            throw new IllegalArgumentException(cls.name() + " is not an event of stream class " + streamClass.id());
        }
        List<Field> context = streamClass.eventContext();
        if (values.length != context.size() + cls.fields().size()) {
            throw new IllegalArgumentException(cls.name() + ": " + (context.size() + cls.fields().size())
                    + " values expected (context then payload), " + values.length + " given");
        }
        if (!open) {
            openPacket(clockValue);
        }
        long start = packet.position();
        long savedClock = clock;
        encode(clockValue, cls, values);
        if (packet.position() > 8L * trace.packetBytes()) {
            packet.position(start);
            clock = savedClock;
            closePacket();
            openPacket(clockValue);
            encode(clockValue, cls, values);
            if (packet.position() > 8L * trace.packetBytes()) {
                throw new IllegalArgumentException(cls.name() + " does not fit in a " + trace.packetBytes() + "-byte packet");
            }
        }
        lastEventTs = Math.max(lastEventTs, clockValue);
        eventsWritten++;
        int n = context.size();
        trace.logged(new CtfTraceWriter.WrittenEvent(cls.name(), streamClass.metadata().clock().epochNs(clockValue), cpu,
                file.getFileName().toString(), List.of(Arrays.copyOfRange(values, 0, n)),
                List.of(Arrays.copyOfRange(values, n, values.length))));
        return this;
    }

    /** Counts events the tracer lost in this stream: the next packet closed carries the new running count. */
    public CtfStreamWriter discard(long count) {
        discarded += count;
        return this;
    }

    /** Skips packet sequence numbers, as when the tracer overwrote packets (overwrite mode). */
    public CtfStreamWriter losePackets(int count) {
        if (!streamClass.hasPacketSequenceNumber()) {
            throw new IllegalStateException("stream class " + streamClass.id() + " has no packet_seq_num");
        }
        if (open) {
            throw new IllegalStateException("close the packet before losing the next ones");
        }
        sequence += count;
        return this;
    }

    /**
     * The values of the metadata's extra packet context fields ({@link TraceMetadata#packetContextFields}) for the
     * packets opened from now on.
     */
    public CtfStreamWriter packetContext(Object... values) {
        if (values.length != streamClass.metadata().packetContextFields().size()) {
            throw new IllegalArgumentException(streamClass.metadata().packetContextFields().size()
                    + " packet context values expected, " + values.length + " given");
        }
        packetContextValues = List.of(values);
        return this;
    }

    /** Opens a packet beginning at {@code clockValue} (its events must not be earlier); closes the open one first. */
    public CtfStreamWriter openPacket(long clockValue) throws IOException {
        if (open) {
            closePacket();
        }
        packet.clear();
        packet.align(Math.min(align, 32));
        packet.writeBits(CTF_MAGIC, 32);
        packet.writeBytes(streamClass.metadata().uuidBytes());
        packet.align(Math.min(align, 32));
        packet.writeBits(streamClass.id(), 32);
        packet.align(Math.min(align, 64));
        packet.writeBits(instanceId, 64);
        packet.align(Math.min(align, 64));
        packet.writeBits(clockValue, 64);
        posTimestampEnd = packet.position();
        packet.writeBits(0, 64);
        posContentSize = packet.position();
        packet.writeBits(0, 64);
        posPacketSize = packet.position();
        packet.writeBits(0, 64);
        if (streamClass.hasPacketSequenceNumber()) {
            packet.writeBits(sequence, 64);
        }
        posDiscarded = packet.position();
        packet.writeBits(0, 64);
        if (streamClass.metadata().packetCpuId()) {
            packet.align(Math.min(align, 32));
            packet.writeBits(cpu, 32);
        }
        List<Field> extra = streamClass.metadata().packetContextFields();
        if (packetContextValues.size() != extra.size()) {
            throw new IllegalStateException("give the extra packet context fields' values (packetContext) first");
        }
        for (int i = 0; i < extra.size(); i++) {
            extra.get(i).type().encode(packet, packetContextValues.get(i));
        }
        open = true;
        clock = clockValue;
        lastEventTs = clockValue;
        return this;
    }

    /** Closes the open packet with {@code timestamp_end} at its last event. */
    public CtfStreamWriter closePacket() throws IOException {
        return closePacket(lastEventTs);
    }

    /** Closes the open packet with {@code timestamp_end} at {@code endClockValue} (not before its last event). */
    public CtfStreamWriter closePacket(long endClockValue) throws IOException {
        return closePacket(endClockValue, false);
    }

    /** @param trim the packet's size is its content rounded up to a 4 KiB page (LTTng's last packet) */
    private CtfStreamWriter closePacket(long endClockValue, boolean trim) throws IOException {
        if (!open) {
            return this;
        }
        long content = packet.position();
        long page = 8L * 4096;
        long size = !trace.padPackets() ? (content + 7) / 8 * 8
                : trim ? Math.min((content + page - 1) / page * page, 8L * trace.packetBytes()) : 8L * trace.packetBytes();
        packet.writeBitsAt(posTimestampEnd, Math.max(endClockValue, lastEventTs), 64);
        packet.writeBitsAt(posContentSize, content, 64);
        packet.writeBitsAt(posPacketSize, size, 64);
        packet.writeBitsAt(posDiscarded, discarded, 64);
        out.write(packet.toBytes((int) (size / 8)));
        open = false;
        sequence++;
        packetsWritten++;
        return this;
    }

    void close() throws IOException {
        closePacket(lastEventTs, trace.trimLastPackets());
        out.close();
    }

    private void encode(long ts, EventClass cls, Object[] values) {
        HeaderKind kind = streamClass.header();
        long mask = (1L << kind.timestampBits) - 1;
        boolean extended = cls.id() >= kind.extendedId || ts < clock || ts - clock > mask;
        int a16 = Math.min(align, 16);
        int a32 = Math.min(align, 32);
        int a64 = Math.min(align, 64);
        packet.align(align);
        if (kind == HeaderKind.COMPACT) {
            packet.writeBits(extended ? kind.extendedId : cls.id(), 5);
            if (!extended) {
                packet.writeBits(ts & mask, 27);
            }
        } else {
            packet.align(a16);
            packet.writeBits(extended ? kind.extendedId : cls.id(), 16);
            if (!extended) {
                packet.align(a32);
                packet.writeBits(ts & mask, 32);
            }
        }
        if (extended) {
            packet.align(Math.max(a32, a64));
            packet.writeBits(cls.id(), 32);
            packet.align(a64);
            packet.writeBits(ts, 64);
        }
        clock = ts;
        int i = 0;
        // a CTF structure is aligned on its most aligned field
        packet.align(structAlign(streamClass.eventContext()));
        for (Field f : streamClass.eventContext()) {
            encodeField(cls, f, values[i++]);
        }
        packet.align(structAlign(cls.fields()));
        for (Field f : cls.fields()) {
            encodeField(cls, f, values[i++]);
        }
        // no padding after the event: content_size is its exact end (babeltrace2 checks it before aligning)
    }

    private static int structAlign(List<Field> fields) {
        int a = 1;
        for (Field f : fields) {
            a = Math.max(a, f.type().alignBits());
        }
        return a;
    }

    private void encodeField(EventClass cls, Field f, Object value) {
        try {
            f.type().encode(packet, value);
        } catch (ClassCastException | NullPointerException e) {
            throw new IllegalArgumentException(cls.name() + "." + f.name() + ": bad value " + value + " for " + f.type(), e);
        }
    }
}
