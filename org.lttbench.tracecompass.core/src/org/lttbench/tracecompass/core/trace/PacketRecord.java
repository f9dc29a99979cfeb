package org.lttbench.tracecompass.core.trace;

import java.nio.file.Path;
import java.util.Map;

import org.eclipse.tracecompass.ctf.core.CTFStrings;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.Stream;

/**
 * What a packet's context says, from the attributes Trace Compass attaches to each of the packet's events
 * ({@code CtfTmfEvent.getPacketAttributes()}: the packet context's integer fields, without leading underscores).
 */
final class PacketRecord implements Packet {
    private final MetadataStream stream;
    private final long beginNs;
    private final long endNs;
    private final long sizeBits;
    private final long contentBits;
    private final long discardedEvents;
    private final int cpu;

    PacketRecord(MetadataStream stream, Map<String, Object> attributes, int eventCpu) {
        this.stream = stream;
        MetadataTrace trace = (MetadataTrace) stream.trace();
        long begin = integer(attributes, CTFStrings.TIMESTAMP_BEGIN);
        long end = integer(attributes, CTFStrings.TIMESTAMP_END);
        // raw clock values, like the events' before Trace Compass converts them
        this.beginNs = begin < 0 ? -1 : trace.tmf.timestampCyclesToNanos(begin);
        this.endNs = end < 0 ? -1 : trace.tmf.timestampCyclesToNanos(end);
        this.sizeBits = integer(attributes, CTFStrings.PACKET_SIZE);
        this.contentBits = integer(attributes, CTFStrings.CONTENT_SIZE);
        this.discardedEvents = integer(attributes, CTFStrings.EVENTS_DISCARDED);
        long id = integer(attributes, CTFStrings.CPU_ID);
        this.cpu = id >= 0 ? (int) id : eventCpu;
    }

    private static long integer(Map<String, Object> attributes, String key) {
        return attributes.get(key) instanceof Long l ? l : -1;
    }

    @Override
    public Stream stream() {
        return stream;
    }

    @Override
    public long beginNs() {
        return beginNs;
    }

    @Override
    public long endNs() {
        return endNs;
    }

    @Override
    public long sizeBits() {
        return sizeBits;
    }

    @Override
    public long contentBits() {
        return contentBits;
    }

    /** Not used: see {@link MetadataStream#hasPacketSequenceNumber()}. */
    @Override
    public long sequenceNumber() {
        return -1;
    }

    @Override
    public long discardedEventsCounter() {
        return discardedEvents;
    }

    @Override
    public int cpu() {
        return cpu;
    }

    /** Trace Compass does not tell where the packet is in its file. */
    @Override
    public long fileOffset() {
        return -1;
    }

    @Override
    public Path file() {
        return stream.files.get(0);
    }
}
