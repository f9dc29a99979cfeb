package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.TraceSet;

/**
 * LTTng traces read by our own CTF reader (CTF 1.8 and CTF 2): every trace found at or below the given paths, read in
 * one time-ordered pass (a k-way merge over every stream of every trace).
 */
public final class CtfTraceSet implements TraceSet {
    private final List<CtfTrace> traces;
    private final List<CtfStream> streams = new ArrayList<>();
    private final List<CtfEventType> eventTypes = new ArrayList<>();
    private final long totalBytes;
    private TimeRange span;

    private CtfTraceSet(List<CtfTrace> traces) {
        this.traces = List.copyOf(traces);
        long bytes = 0;
        for (CtfTrace t : traces) {
            streams.addAll(t.streams);
            eventTypes.addAll(t.eventTypes);
            for (CtfStream s : t.streams) {
                bytes += s.bytes();
            }
        }
        this.totalBytes = bytes;
    }

    /**
     * Opens every trace at or below the given paths (trace directories, LTTng session outputs, or directories
     * holding traces further down).
     *
     * @throws TraceFormatException when a path is missing, is not a directory, holds no trace, or a trace's
     *             metadata or first packets are malformed (the message names the file and the place)
     */
    public static CtfTraceSet open(List<Path> paths) throws IOException {
        if (paths.isEmpty()) {
            throw new IOException("no trace path given");
        }
        List<Path> dirs = TraceDiscovery.traceDirectories(paths);
        return new CtfTraceSet(new TraceBuilder().build(dirs));
    }

    @Override
    public List<? extends Trace> traces() {
        return traces;
    }

    /** The directories of one of this set's traces: one, or several when session-rotation chunks make it up. */
    public List<Path> directories(Trace trace) {
        if (!(trace instanceof CtfTrace t) || !traces.contains(t)) {
            throw new IllegalArgumentException("not a trace of this set: " + trace);
        }
        return t.directories();
    }

    @Override
    public List<? extends Stream> streams() {
        return Collections.unmodifiableList(streams);
    }

    @Override
    public List<? extends EventType> eventTypes() {
        return Collections.unmodifiableList(eventTypes);
    }

    @Override
    public long totalBytes() {
        return totalBytes;
    }

    /** First packet beginning and last packet end over all streams (reads every packet context once). */
    @Override
    public synchronized TimeRange span() {
        if (span == null) {
            long begin = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            try {
                for (CtfStream s : streams) {
                    // LTTng's packet index, when it describes the stream files, saves reading a header per packet.
                    long[] indexed = PacketIndex.span(s);
                    if (indexed != null) {
                        begin = Math.min(begin, indexed[0]);
                        end = Math.max(end, indexed[1]);
                        continue;
                    }
                    StreamReader r = reader(s, new ReadProgress(ProgressListener.NONE, totalBytes));
                    try {
                        while (r.loadPacket()) {
                            if (r.beginNs() != -1) {
                                begin = Math.min(begin, r.beginNs());
                            }
                            if (r.endNs() != -1) {
                                end = Math.max(end, r.endNs());
                            }
                        }
                    } finally {
                        r.release();
                    }
                }
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            span = begin > end ? new TimeRange(0, 0) : new TimeRange(begin, end);
        }
        return span;
    }

    @Override
    public void read(RecordSink sink, ProgressListener progress) throws IOException {
        ReadProgress p = new ReadProgress(progress, totalBytes);
        List<StreamReader> readers = new ArrayList<>();
        for (CtfStream s : streams) {
            readers.add(reader(s, p));
        }
        sink.start(this);
        try {
            new RecordMerge(readers).run(sink);
        } finally {
            for (StreamReader r : readers) {
                r.release();
            }
        }
        sink.end();
    }

    private static StreamReader reader(CtfStream s, ReadProgress p) {
        return new StreamReader(s, ((CtfTrace) s.trace()).metadata.uuid, p);
    }

    /** Nothing to release: reading maps files only while it runs and holds no descriptors. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return traces.toString();
    }
}
