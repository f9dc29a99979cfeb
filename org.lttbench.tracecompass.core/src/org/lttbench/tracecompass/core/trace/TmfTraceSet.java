package org.lttbench.tracecompass.core.trace;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.lttbench.core.report.Report;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceFormatException;
import org.lttbench.core.trace.TraceSet;

/**
 * What Trace Compass opened (one trace, or an experiment's CTF traces) as LTTbench's {@link TraceSet}: Trace Compass
 * reads it, in its own time order, through an event request; {@link RecordAdapter} turns its events into the records
 * the analyses take. The metadata is parsed once, when the set is made; a read keeps its state in its own adapter,
 * so one set can be read several times, even at once.
 */
public final class TmfTraceSet implements TraceSet {
    private static final int PROGRESS_EVERY = 4096;

    private final ITmfTrace trace;
    private final List<MetadataTrace> traces = new ArrayList<>();
    private final List<MetadataStream> streams = new ArrayList<>();
    private final List<MetadataEventType> eventTypes = new ArrayList<>();
    private final Map<ITmfTrace, MetadataTrace> byTmf = new IdentityHashMap<>();

    private TmfTraceSet(ITmfTrace trace) {
        this.trace = trace;
    }

    /**
     * The CTF traces of a trace or experiment (others are left out: their events are not LTTbench's).
     *
     * @throws TraceFormatException when Trace Compass's CTF parser cannot read a trace's metadata
     */
    public static TmfTraceSet of(ITmfTrace trace) throws TraceFormatException {
        TmfTraceSet set = new TmfTraceSet(trace);
        for (ITmfTrace t : TmfTraceManager.getTraceSet(trace)) {
            if (t instanceof CtfTmfTrace ctf) {
                MetadataTrace m = new MetadataTrace(ctf, set.traces.size(), set.eventTypes.size(), set.streams.size());
                set.traces.add(m);
                set.eventTypes.addAll(m.eventTypes);
                set.streams.addAll(m.streams);
                set.byTmf.put(ctf, m);
            }
        }
        return set;
    }

    MetadataTrace traceOf(ITmfTrace t) {
        return byTmf.get(t);
    }

    /** An adapter for one read of these traces into {@code sink} (the state provider's read is Trace Compass's). */
    public RecordAdapter records(RecordSink sink) {
        return new RecordAdapter(this, sink);
    }

    @Override
    public List<MetadataTrace> traces() {
        return Collections.unmodifiableList(traces);
    }

    @Override
    public List<MetadataStream> streams() {
        return Collections.unmodifiableList(streams);
    }

    @Override
    public List<MetadataEventType> eventTypes() {
        return Collections.unmodifiableList(eventTypes);
    }

    /** From Trace Compass's time range of the trace (its first and last events). */
    @Override
    public TimeRange span() {
        long begin = trace.getStartTime().toNanos();
        long end = trace.getEndTime().toNanos();
        return new TimeRange(begin, Math.max(begin, end));
    }

    @Override
    public long totalBytes() {
        long n = 0;
        for (MetadataStream s : streams) {
            n += s.bytes();
        }
        return n;
    }

    /** Progress in bytes, estimated from how far in time the read has got (Trace Compass gives no file offsets). */
    long bytesAt(long timestamp, TimeRange span, long total) {
        if (span.duration() <= 0) {
            return 0;
        }
        double done = (double) (Math.min(Math.max(timestamp, span.begin()), span.end()) - span.begin()) / span.duration();
        return (long) (done * total);
    }

    /**
     * Reads every event once through a Trace Compass event request and hands the records to the sink. The sink runs
     * on Trace Compass's request thread; an exception it (or {@code progress}) throws cancels the request and is
     * thrown again here.
     */
    @Override
    public void read(RecordSink sink, ProgressListener progress) throws IOException {
        Reading reading = new Reading(records(sink), progress, span(), totalBytes());
        sink.start(this);
        trace.sendRequest(reading);
        try {
            reading.waitForCompletion();
        } catch (InterruptedException e) {
            reading.cancel();
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while Trace Compass read " + trace.getName());
        }
        if (reading.thrown != null) {
            throw reading.thrown;
        }
        if (reading.isFailed()) {
            Throwable cause = reading.getFailureCause();
            throw new IOException("Trace Compass could not read " + trace.getName()
                    + (cause == null ? "" : ": " + cause.getMessage()), cause);
        }
        if (reading.isCancelled()) {
            throw new IOException("Trace Compass stopped reading " + trace.getName() + " (was the trace closed?)");
        }
        sink.end();
    }

    private final class Reading extends TmfEventRequest {
        private final RecordAdapter records;
        private final ProgressListener progress;
        private final TimeRange span;
        private final long total;
        private int sinceProgress;
        volatile RuntimeException thrown;

        Reading(RecordAdapter records, ProgressListener progress, TimeRange span, long total) {
            super(ITmfEvent.class, TmfTimeRange.ETERNITY, 0, ITmfEventRequest.ALL_DATA, ExecutionType.FOREGROUND);
            this.records = records;
            this.progress = progress;
            this.span = span;
            this.total = total;
        }

        @Override
        public void handleData(ITmfEvent event) {
            super.handleData(event);
            if (thrown != null) {
                return;
            }
            try {
                records.accept(event);
                if (++sinceProgress == PROGRESS_EVERY) {
                    sinceProgress = 0;
                    progress.progress(bytesAt(event.getTimestamp().toNanos(), span, total), total);
                }
            } catch (RuntimeException e) {
                thrown = e;
                cancel();
            }
        }
    }

    /**
     * Adds to a report what reading through Trace Compass cannot know and LTTbench's own reader would: the reader
     * of LTTbench's figures must see it beside them.
     */
    public static void annotate(Report report) {
        switch (report.analysis()) {
        case "discarded" -> report.note("read by Trace Compass: lost packets cannot be known (its events skip empty "
                + "packets, so a packet_seq_num gap is not a loss); discarded events are its lost events");
        case "overhead" -> report.note("read by Trace Compass: bytes per event are not known (it does not give "
                + "record sizes); packet sizes are");
        default -> {
        }
        }
    }

    /** Nothing to close: Trace Compass owns the traces. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return trace.getName();
    }
}
