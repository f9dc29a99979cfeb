package org.lttbench.core.ctf;

import java.util.List;

import org.lttbench.core.trace.NamedStream;

/** One stream of a CTF trace: its files in time order (several with tracefile rotation or session rotation). */
final class CtfStream extends NamedStream {
    /** The packet header's {@code stream_instance_id}, or -1. */
    final long instanceId;
    final StreamClassDecoder streamClass;
    final List<StreamFile> files;
    /** Where the packets come from when they are not in files (then {@link #files} is one name for errors), or null. */
    final PacketFeed feed;

    CtfStream(CtfTrace trace, String name, String channel, int cpu, int index, long instanceId,
            StreamClassDecoder streamClass, List<StreamFile> files) {
        this(trace, name, channel, cpu, index, instanceId, streamClass, files, null);
    }

    CtfStream(CtfTrace trace, String name, String channel, int cpu, int index, long instanceId,
            StreamClassDecoder streamClass, List<StreamFile> files, PacketFeed feed) {
        super(trace, name, channel, cpu, index);
        this.feed = feed;
        this.instanceId = instanceId;
        this.streamClass = streamClass;
        this.files = files;
    }

    @Override
    public boolean hasDiscardedEventsCounter() {
        return streamClass.hasDiscardedEvents();
    }

    @Override
    public boolean hasPacketSequenceNumber() {
        return streamClass.hasPacketSequence();
    }

    long bytes() {
        long n = 0;
        for (StreamFile f : files) {
            n += f.size;
        }
        return n;
    }
}
