package org.lttbench.core.analysis.discarded;

import org.lttbench.core.analysis.SubBufferSize;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.Stream;

/** Everything the discarded analysis keeps about one stream: totals, loss episodes and a timeline. */
final class StreamLossLedger {
    final Stream stream;
    final LossRanges ranges = new LossRanges();
    /** Made on the first event or loss: streams that record nothing (many, with per-process buffers) cost little. */
    private StreamTimeline timeline;

    long packets;
    final SubBufferSize subbuf = new SubBufferSize();
    long contentBytes;
    long events;
    long sizedEvents;
    long eventBytes;
    long firstEvent = Long.MAX_VALUE;
    long lastEvent = Long.MIN_VALUE;
    long discardedEvents;
    long lostPackets;
    long lossRecords;
    long firstLoss = Long.MAX_VALUE;
    long lastLoss = Long.MIN_VALUE;
    /** The latest time seen in this stream: where a loss without timestamps is placed. */
    long lastTime = Long.MIN_VALUE;

    StreamLossLedger(Stream stream) {
        this.stream = stream;
    }

    /** A count of discarded events as the tables give it: unknown (null), not zero, where the stream has no counter. */
    Long discardedEventsShown(long count) {
        return stream.hasDiscardedEventsCounter() ? count : null;
    }

    /** A count of lost packets as the tables give it: unknown (null), not zero, where the stream has no sequence numbers. */
    Long lostPacketsShown(long count) {
        return stream.hasPacketSequenceNumber() ? count : null;
    }

    void packet(Packet p) {
        packets++;
        subbuf.packet(p);
        contentBytes += Math.max(0, p.contentBits() / 8);
        if (p.beginNs() >= 0) {
            lastTime = Math.max(lastTime, p.beginNs());
        }
    }

    void event(long t, int bin, int sizeBytes) {
        events++;
        if (sizeBytes >= 0) {
            sizedEvents++;
            eventBytes += sizeBytes;
        }
        firstEvent = Math.min(firstEvent, t);
        lastEvent = Math.max(lastEvent, t);
        lastTime = Math.max(lastTime, t);
        timeline().event(bin, sizeBytes);
    }

    void loss(BinGrid grid, boolean packetLoss, long count, long begin, long end) {
        if (packetLoss) {
            lostPackets += count;
        } else {
            discardedEvents += count;
        }
        lossRecords++;
        firstLoss = Math.min(firstLoss, begin);
        lastLoss = Math.max(lastLoss, end);
        ranges.add(begin, end, packetLoss ? 0 : count, packetLoss ? count : 0);
        timeline().loss(grid, packetLoss, count, begin, end);
    }

    void merge(int doublings) {
        if (timeline != null) {
            timeline.merge(doublings);
        }
    }

    private StreamTimeline timeline() {
        if (timeline == null) {
            timeline = new StreamTimeline();
        }
        return timeline;
    }

    long eventsIn(int bin) {
        return timeline == null ? 0 : timeline.events[bin];
    }

    double discardedEventsIn(int bin) {
        return timeline == null ? 0 : timeline.discardedEvents[bin];
    }

    double lostPacketsIn(int bin) {
        return timeline == null ? 0 : timeline.lostPackets[bin];
    }

    boolean lostIn(int bin) {
        return timeline != null && timeline.lostIn(bin);
    }

    boolean lost() {
        return discardedEvents > 0 || lostPackets > 0;
    }

    /**
     * Mean bytes per event: from the events' own sizes when the reader gave them, else from the packets' content
     * (which then includes packet headers); NaN when the stream recorded nothing.
     */
    double meanEventBytes() {
        if (sizedEvents > 0) {
            return (double) eventBytes / sizedEvents;
        }
        if (events > 0 && contentBytes > 0) {
            return (double) contentBytes / events;
        }
        return Double.NaN;
    }

    /** Recorded bytes in a bin, estimating the events whose size is unknown at the mean size. */
    double recordedBytes(int bin, double mean) {
        if (timeline == null) {
            return 0;
        }
        long unsized = timeline.events[bin] - timeline.sizedEvents[bin];
        return timeline.bytes[bin] + (unsized > 0 && !Double.isNaN(mean) ? unsized * mean : 0);
    }

    /** Bytes the stream lost in a bin: discarded events at the mean event size, lost packets at the packet size. */
    double lostBytes(int bin, double mean) {
        double events = Double.isNaN(mean) ? 0 : discardedEventsIn(bin) * mean;
        Long subbufBytes = subbuf.bytes();
        return events + lostPacketsIn(bin) * (subbufBytes == null ? 0 : subbufBytes);
    }
}
