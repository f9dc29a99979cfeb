package org.lttbench.core.analysis.overhead;

import org.lttbench.core.analysis.SubBufferSize;

/** Packets, bytes and losses of one stream: checks the events' own sizes against what the packets say. */
final class StreamTally {
    long packets;
    final SubBufferSize subbuf = new SubBufferSize();
    long packetBits;
    long contentBits;
    long events;
    long sizedEvents;
    long eventBytes;
    long discardedEvents;
    long discardedPackets;
    /** {@code packet_seq_num} of the stream's first packet, or -1: as LTTng numbers packets from 0, packets lost before it. */
    long firstSequence = -1;
    boolean seenPacket;
}
