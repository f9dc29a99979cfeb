package org.lttbench.tracecompass.core.trace;

import java.nio.file.Path;
import java.util.List;

import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.Trace;

/**
 * One stream of a trace: in LTTng, one channel on one CPU, in one file or several (tracefile rotation). Its channel
 * and CPU come from LTTng's file names ({@code <channel>_<cpu>}, {@code <channel>_<cpu>_<n>} when rotated).
 */
final class MetadataStream implements Stream {
    private final MetadataTrace trace;
    private final String name;
    private final String channel;
    private final int cpu;
    private final int index;
    private final boolean discardedEventsCounter;
    final List<Path> files;

    MetadataStream(MetadataTrace trace, String name, String channel, int cpu, int index, boolean discardedEventsCounter,
            List<Path> files) {
        this.trace = trace;
        this.name = name;
        this.channel = channel;
        this.cpu = cpu;
        this.index = index;
        this.discardedEventsCounter = discardedEventsCounter;
        this.files = files;
    }

    @Override
    public Trace trace() {
        return trace;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public int cpu() {
        return cpu;
    }

    @Override
    public int index() {
        return index;
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

    @Override
    public String toString() {
        return trace.path().resolve(name).toString();
    }
}
