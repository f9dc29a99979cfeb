package org.lttbench.core.analysis.overhead;

/** Packets, bytes and losses of one stream: checks the events' own sizes against what the packets say. */
final class StreamTally {
    long packets;
    long packetBits;
    long contentBits;
    long events;
    long sizedEvents;
    long eventBytes;
    long discardedEvents;
    long discardedPackets;
}
