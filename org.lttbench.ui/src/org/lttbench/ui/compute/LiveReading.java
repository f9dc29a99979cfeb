package org.lttbench.ui.compute;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import org.lttbench.core.analysis.spans.SpanDefinition;
import org.lttbench.core.ctf.FedTraceSet;
import org.lttbench.core.live.LiveException;
import org.lttbench.core.live.LiveSession;
import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.Packet;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;

/**
 * The reports of a live session, attached (its relay daemon takes one viewer at a time): one pass over the session
 * from its beginning, as {@code analyze net://} reads it, whose analyses' reports are taken every second while it goes
 * on (between two records, on the reading thread) and once more when it ends. Memory is the live analyses': the
 * reports so far are made from their state, never from kept events. Read once: a later range is not computed.
 */
public final class LiveReading implements ReportSource {
    /** How often the figures so far are shown while the session goes on. */
    public static final long DEFAULT_REFRESH_NS = 1_000_000_000L;
    /** Events between two looks at the clock while records stream in. */
    private static final int EVENTS_PER_CLOCK_CHECK = 1024;

    private final LiveSession live;
    private final List<SpanDefinition> spans;
    private final long refreshNs;
    private boolean read;
    private ReportSet last;

    public LiveReading(LiveSession live, List<SpanDefinition> spans) {
        this(live, spans, DEFAULT_REFRESH_NS);
    }

    public LiveReading(LiveSession live, List<SpanDefinition> spans, long refreshNs) {
        this.live = live;
        this.spans = List.copyOf(spans);
        this.refreshNs = refreshNs;
    }

    @Override
    public boolean readsOnce() {
        return true;
    }

    @Override
    public void dispose() {
        live.stop();
    }

    @Override
    public ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress) throws IOException {
        return reports(range, wanted, span, progress, r -> {
        });
    }

    @Override
    public synchronized ReportSet reports(TimeRange range, List<AnalysisRequest> wanted, Consumer<TimeRange> span,
            ProgressListener progress, Consumer<ReportSet> sofar) throws IOException {
        if (read) {
            return last;
        }
        read = true;
        try {
            live.awaitTraces();
            FedTraceSet traces = live.traces();
            TraceReading.Planned planned = TraceReading.Planned.of(traces, TimeRange.ALL, wanted, spans);
            // No histogram of the whole span: the span grows as the session goes (the range bar draws the discarded
            // analysis's losses over time instead).
            Refresh refresh = new Refresh(planned, traces, progress, sofar);
            planned.run(traces, List.of(refresh), progress);
            long events = traces.eventCount();
            LiveException failure = live.failure();
            ReportSet reports = planned.reports(null);
            if (failure != null) {
                last = reports.withLiveStatus("Live: " + failure.getMessage() + ". The figures are those of the "
                        + count(events) + " before.", true);
            } else if (live.stopped()) {
                last = reports.withLiveStatus("Live: stopped after " + count(events) + ".", false);
            } else {
                last = reports.withLiveStatus("Live: the session ended; the figures are final (" + count(events) + ").",
                        false);
            }
            return last;
        } finally {
            live.close();
        }
    }

    private static String count(long events) {
        return String.format(Locale.ROOT, "%,d event%s", events, events == 1 ? "" : "s");
    }

    /**
     * A sink of the same pass that, every {@link #refreshNs} of wall-clock time, tells the reports so far. It looks
     * at the clock on each packet, quiet stream's beacon and loss, and every few events, so an idle session refreshes
     * as its beacons come.
     */
    private final class Refresh implements RecordSink {
        private final TraceReading.Planned planned;
        private final FedTraceSet traces;
        private final ProgressListener progress;
        private final Consumer<ReportSet> sofar;
        private long next = System.nanoTime() + refreshNs;
        private int events;

        Refresh(TraceReading.Planned planned, FedTraceSet traces, ProgressListener progress, Consumer<ReportSet> sofar) {
            this.planned = planned;
            this.traces = traces;
            this.progress = progress;
            this.sofar = sofar;
        }

        @Override
        public void packet(Packet packet) {
            look();
        }

        @Override
        public void event(Event event) {
            if (++events == EVENTS_PER_CLOCK_CHECK) {
                events = 0;
                look();
            }
        }

        @Override
        public void loss(Loss loss) {
            look();
        }

        @Override
        public void quiet(long time) {
            look();
        }

        private void look() {
            long now = System.nanoTime();
            if (now - next < 0) {
                return;
            }
            next = now + refreshNs;
            progress.progress(traces.eventCount(), 0); // throws when nobody waits for this run any more
            ReportSet reports;
            try {
                reports = planned.reports(null); // their rows made now, from the figures as they are now
            } catch (RuntimeException e) {
                // The pass goes on (its end still reports): this refresh says why it has no figures.
                reports = ReportSet.failed(TimeRange.ALL, "the figures so far could not be made: " + e);
            }
            sofar.accept(reports.withLiveStatus("Live: following " + live + ", " + count(traces.eventCount())
                    + " so far, refreshed every " + seconds(refreshNs) + ".", false));
        }
    }

    private static String seconds(long ns) {
        return ns == 1_000_000_000L ? "second" : String.format(Locale.ROOT, "%.1f s", ns / 1e9);
    }
}
