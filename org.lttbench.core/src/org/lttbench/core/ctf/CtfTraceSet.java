package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.UnreadFile;

/**
 * LTTng traces read by our own CTF reader (CTF 1.8 and CTF 2): every trace found at or below the given paths, read in
 * one time-ordered pass (a k-way merge over every stream of every trace).
 */
public final class CtfTraceSet extends CtfStreamsAndTypes {
    private final List<CtfTrace> traces;
    private final long totalBytes;
    private TimeRange span;
    private final java.util.Map<CtfTrace, TimeRange> traceSpans = new java.util.HashMap<>();

    private final List<UnreadFile> unread;

    private CtfTraceSet(List<CtfTrace> traces, List<UnreadFile> unread) {
        this.traces = List.copyOf(traces);
        this.unread = List.copyOf(unread);
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
        TraceBuilder builder = new TraceBuilder();
        List<CtfTrace> traces = builder.build(dirs);
        return new CtfTraceSet(traces, builder.unread());
    }

    /**
     * The stream files that could not be read (a FIFO, socket or device in place of a stream file, a file we may not
     * read), then those found so far to end inside a packet, read up to it: everything read from this set lacks them.
     */
    @Override
    public List<UnreadFile> unreadFiles() {
        List<UnreadFile> all = null;
        for (CtfTrace t : traces) {
            for (CtfStream s : t.streams) {
                for (StreamFile f : s.files) {
                    if (f.cut() != null) {
                        if (all == null) {
                            all = new java.util.ArrayList<>(unread);
                        }
                        all.add(f.cut());
                    }
                }
            }
        }
        return all == null ? unread : List.copyOf(all);
    }

    @Override
    public List<? extends Trace> traces() {
        return traces;
    }

    private CtfTrace own(Trace trace) {
        if (!(trace instanceof CtfTrace t) || !traces.contains(t)) {
            throw new IllegalArgumentException("not a trace of this set: " + trace);
        }
        return t;
    }

    /** The directories of one of this set's traces: one, or several when session-rotation chunks make it up. */
    public List<Path> directories(Trace trace) {
        return own(trace).directories();
    }

    /** The streams, with what reading them needs. */
    List<CtfStream> ctfStreams() {
        return Collections.unmodifiableList(streams);
    }

    /**
     * The names of an event class's payload members, in order, as {@link RecordCursor#writePayload} names them (empty
     * when it has no payload).
     */
    public List<String> payloadFieldNames(EventType type) {
        if (!(type instanceof CtfEventType t) || !eventTypes.contains(t)) {
            throw new IllegalArgumentException("not an event class of this set: " + type);
        }
        return t.payload == null ? List.of() : List.of(t.payload.names);
    }

    /** What one of this set's traces' metadata says of the trace itself: its UUID, CTF version and clocks. */
    public TraceIdentity identity(Trace trace) {
        return TraceIdentity.of(own(trace).metadata);
    }

    @Override
    public long totalBytes() {
        return totalBytes;
    }

    /**
     * The traces' first and last record times (events, and the time ranges of losses): the one span that range
     * checks, reports and views all use. Known without a read from each stream's first and last packets with events
     * and its packet contexts (through LTTng's packet index, or by reading every packet header); a whole read gives it
     * too, at no extra cost. Without any record, the packets' first beginning and last end.
     */
    @Override
    public synchronized TimeRange span() {
        if (span == null) {
            span = spanOf(streams);
        }
        return span;
    }

    /** The same span, of one trace of the set. */
    @Override
    public synchronized TimeRange span(Trace trace) {
        if (traces.size() == 1 && traces.get(0) == trace) {
            return span();
        }
        return traceSpans.computeIfAbsent(own(trace), k -> spanOf(k.streams));
    }

    private TimeRange spanOf(List<CtfStream> of) {
        long begin = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        try {
            for (CtfStream s : of) {
                long[] events = reader(s, new ReadProgress(ProgressListener.NONE, totalBytes)).recordSpan();
                if (events != null) {
                    begin = Math.min(begin, events[0]);
                    end = Math.max(end, events[1]);
                }
            }
            if (begin > end) {
                long[] packets = packetSpan(of);
                begin = packets[0];
                end = packets[1];
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return begin > end ? new TimeRange(0, 0) : new TimeRange(begin, end);
    }

    /** First packet beginning and last packet end over all streams (for traces without events). */
    private long[] packetSpan(List<CtfStream> of) throws IOException {
        long[] span = { Long.MAX_VALUE, Long.MIN_VALUE };
        for (CtfStream s : of) {
            StreamReader r = reader(s, new ReadProgress(ProgressListener.NONE, totalBytes));
            try {
                while (r.loadPacket()) {
                    if (r.beginNs() != -1) {
                        span[0] = Math.min(span[0], r.beginNs());
                    }
                    if (r.endNs() != -1) {
                        span[1] = Math.max(span[1], r.endNs());
                    }
                }
            } finally {
                r.release();
            }
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
        RecordMerge merge = new RecordMerge(readers);
        try {
            merge.run(sink);
        } finally {
            for (StreamReader r : readers) {
                r.release();
            }
        }
        synchronized (this) {
            if (span == null && merge.firstRecord() <= merge.lastRecord()) {
                span = new TimeRange(merge.firstRecord(), merge.lastRecord()); // what span() would find, for free
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
