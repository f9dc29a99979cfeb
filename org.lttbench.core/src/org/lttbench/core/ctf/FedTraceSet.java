package org.lttbench.core.ctf;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.lttbench.core.trace.EventType;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.Stream;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.Trace;
import org.lttbench.core.trace.StreamFileNames;
import org.lttbench.core.trace.TraceFormatException;

/**
 * Traces whose packets are fed as they arrive rather than read from files (a live session, {@code org.lttbench.core.live}):
 * the same decoders and the same time-ordered merge as {@link CtfTraceSet}, over a set that grows while it is read. Its
 * source adds traces (with their metadata), streams (with their {@link PacketFeed}) and metadata that grew; each stream
 * joins the merge when its first packet or inactivity comes, so a quiet stream holds the merge back only until the
 * time its source says it has nothing before. Read once; memory holds one packet per stream.
 * <p>
 * Streams and event classes found during the read are appended: their {@link Stream#index()} and
 * {@link EventType#index()} may be past what the sinks saw at {@link RecordSink#start}.
 */
public final class FedTraceSet extends CtfStreamsAndTypes {
    /** What the set asks of its source when every stream it knows has ended. */
    public interface Source {
        /**
         * Waits until the source has added streams ({@link #addStream}) or has ended: true when streams were added.
         */
        boolean awaitStreams() throws IOException;
    }

    private record Pending(CtfTrace trace, String name, PacketFeed feed) {
    }

    private final Source source;
    private final List<CtfTrace> traces = new ArrayList<>();
    private final Map<CtfTrace, Map<Long, StreamClassDecoder>> classes = new IdentityHashMap<>();
    private final Map<CtfTrace, Set<List<Long>>> declared = new IdentityHashMap<>();
    private final List<Pending> pending = new ArrayList<>();
    private final ReadProgress progress = new ReadProgress(ProgressListener.NONE, 0);
    private final List<StreamReader> readers = new ArrayList<>();
    private StreamReader[] heap = new StreamReader[0];
    private int size;
    private final RecordSpan span = new RecordSpan();
    private long events;

    public FedTraceSet(Source source) {
        this.source = source;
    }

    /**
     * Adds a trace from its metadata (a metadata file's bytes, plain or packetized), named {@code directory} (in
     * reports and errors).
     *
     * @throws TraceFormatException when the metadata is malformed
     */
    public Trace addTrace(Path directory, byte[] metadata) throws TraceFormatException {
        Metadata md = MetadataFile.parse(metadata, directory.resolve(MetadataFile.NAME));
        CtfTrace trace = new CtfTrace(List.of(directory), md);
        classes.put(trace, new HashMap<>());
        declared.put(trace, new HashSet<>());
        extend(trace, md);
        traces.add(trace);
        return trace;
    }

    /**
     * The trace's metadata grew (its whole text so far): its new stream and event classes are compiled, the known
     * ones kept as they are.
     */
    public void updateMetadata(Trace trace, byte[] metadata) throws TraceFormatException {
        CtfTrace t = own(trace);
        extend(t, MetadataFile.parse(metadata, t.path().resolve(MetadataFile.NAME)));
    }

    private void extend(CtfTrace trace, Metadata md) throws TraceFormatException {
        Map<Long, StreamClassDecoder> known = classes.get(trace);
        for (Metadata.StreamDecl decl : md.streams.values()) {
            if (!known.containsKey(decl.id)) {
                known.put(decl.id, new StreamClassDecoder(md, decl));
            }
        }
        Set<List<Long>> seen = declared.get(trace);
        for (Metadata.EventDecl e : md.events) {
            long id = e.id == -1 ? 0 : e.id;
            if (!seen.add(List.of(e.streamId, id))) {
                continue;
            }
            StreamClassDecoder sc = known.get(e.streamId);
            if (sc == null) {
                throw new TraceFormatException(md.file, -1, "event " + e.name + " names stream class " + e.streamId
                        + ", which the metadata does not declare");
            }
            CtfEventType t = new CtfEventType(e.name, id, eventTypes.size(), trace);
            try {
                sc.add(t, e);
            } catch (TraceFormatException x) {
                throw new TraceFormatException(md.file, -1, "event " + e.name + ": " + x.getMessage(), x);
            }
            trace.eventTypes.add(t);
            eventTypes.add(t);
        }
    }

    /**
     * Adds a stream of a trace, {@code name} as its file would be named (LTTng's {@code channel_cpu}): it joins the
     * merge when its feed gives its first packet or inactivity.
     */
    public void addStream(Trace trace, String name, PacketFeed feed) {
        pending.add(new Pending(own(trace), name, feed));
    }

    private CtfTrace own(Trace trace) {
        if (!(trace instanceof CtfTrace t) || !classes.containsKey(t)) {
            throw new IllegalArgumentException("not a trace of this set: " + trace);
        }
        return t;
    }

    /** Events handed to the sink so far. */
    public long eventCount() {
        return events;
    }

    @Override
    public List<? extends Trace> traces() {
        return Collections.unmodifiableList(traces);
    }

    /** The first and last record times read so far (0, 0 before any). */
    @Override
    public TimeRange span() {
        return span.range(new TimeRange(0, 0));
    }

    /** A live source's streams and event classes come as it is read. */
    @Override
    public boolean grows() {
        return true;
    }

    /** Unknown for a live source: 0. */
    @Override
    public long totalBytes() {
        return 0;
    }

    /**
     * Merges the records of every stream, as they come, into the sink until every stream has ended and the source
     * has no more. The streams added before the read join before {@link RecordSink#start}.
     */
    @Override
    public void read(RecordSink sink, ProgressListener ignored) throws IOException {
        admitPending();
        sink.start(this);
        try {
            while (true) {
                if (!pending.isEmpty()) {
                    admitPending();
                }
                if (size == 0) {
                    if (source.awaitStreams()) {
                        continue;
                    }
                    break;
                }
                StreamReader r = heap[0];
                // a quiet stream's beacon: nothing before this time on that stream, the others may go on to it
                if (r.kind != StreamReader.QUIET) {
                    if (r.kind == StreamReader.EVENT) {
                        events++;
                    }
                    span.handOn(r, sink);
                } else {
                    sink.quiet(r.key); // the front of the merge: every stream is at that time or past it
                }
                size = RecordMerge.advance(heap, size);
                if (r.kind == StreamReader.DONE) {
                    readers.remove(r);
                }
            }
        } finally {
            for (StreamReader r : readers) {
                r.release();
            }
        }
        sink.end();
    }

    /** Each pending stream's first packet or inactivity (waiting for it), then the stream joins the merge. */
    private void admitPending() throws IOException {
        boolean added = false;
        // in the order a trace directory's streams get (by path), whatever order the source announced them in
        pending.sort(java.util.Comparator.comparing((Pending p) -> p.trace().path().resolve(p.name()).toString()));
        while (!pending.isEmpty()) {
            Pending p = pending.remove(0);
            PacketFeed.Next first = p.feed().next();
            if (first.isEnd()) {
                continue; // a stream that ended before its first packet
            }
            CtfStream stream = stream(p, first);
            p.trace().streams.add(stream);
            streams.add(stream);
            StreamReader r = new StreamReader(stream, p.trace().metadata.uuid, progress);
            r.start();
            if (r.kind != StreamReader.DONE) {
                readers.add(r);
                added = true;
            }
        }
        if (added) {
            StreamReader[] all = readers.toArray(new StreamReader[0]);
            RecordMerge.rankTies(all);
            heap = new StreamReader[all.length];
            size = RecordMerge.heap(all, heap);
        }
    }

    /** The stream, as its first packet says (its class, instance and CPU), or its inactivity and name. */
    private CtfStream stream(Pending p, PacketFeed.Next first) throws IOException {
        CtfTrace trace = p.trace();
        Map<Long, StreamClassDecoder> known = classes.get(trace);
        StreamFile name = new StreamFile(trace.path().resolve(p.name()), 0);
        StreamClassDecoder sc;
        long instance = -1;
        int cpu = -1;
        if (first.isPacket()) {
            TraceBuilder.Probe probe = TraceBuilder.probe(trace.path(), name, first.bytes(), first.packetBytes(),
                    known, trace.metadata.ctf2);
            sc = probe.streamClass();
            instance = probe.instance();
            cpu = probe.cpu();
        } else {
            sc = known.get(first.streamClassId());
            if (sc == null && known.size() == 1) {
                sc = known.values().iterator().next();
            }
            if (sc == null) {
                throw new TraceFormatException(name.path, -1, "the stream's source names stream class "
                        + first.streamClassId() + ", which the metadata does not declare");
            }
            cpu = StreamFileNames.cpu(p.name());
        }
        PacketFeed primed = new PacketFeed() {
            private PacketFeed.Next held = first;

            @Override
            public Next next() throws IOException {
                if (held != null) {
                    Next n = held;
                    held = null;
                    return n;
                }
                return p.feed().next();
            }
        };
        return new CtfStream(trace, p.name(), StreamFileNames.channel(p.name(), cpu, false), cpu, streams.size(), instance,
                sc, List.of(name), primed);
    }

    /** Nothing of its own to release: the source closes its connection. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return traces.toString();
    }
}
