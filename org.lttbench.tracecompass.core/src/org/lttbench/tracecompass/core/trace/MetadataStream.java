package org.lttbench.tracecompass.core.trace;

import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.trace.NamedStream;

/**
 * One stream of a trace: in LTTng, one channel on one CPU, in one file or several (tracefile rotation). Its channel
 * and CPU come from LTTng's file names ({@code <channel>_<cpu>}, {@code <channel>_<cpu>_<n>} when rotated).
 */
final class MetadataStream extends NamedStream {
    private final boolean discardedEventsCounter;
    final List<Path> files;

    MetadataStream(MetadataTrace trace, String name, String channel, int cpu, int index, boolean discardedEventsCounter,
            List<Path> files) {
        super(trace, name, channel, cpu, index);
        this.discardedEventsCounter = discardedEventsCounter;
        this.files = files;
    }

    @Override
    public boolean hasDiscardedEventsCounter() {
        return discardedEventsCounter;
    }

    /**
     * Always false: Trace Compass's events only show the packets that hold events, so a gap in their
     * {@code packet_seq_num} may be empty packets as well as lost ones; lost packets cannot be told from it.
     */
    @Override
    public boolean hasPacketSequenceNumber() {
        return false;
    }

    long bytes() {
        long n = 0;
        for (Path f : files) {
            n += f.toFile().length();
        }
        return n;
    }
}
