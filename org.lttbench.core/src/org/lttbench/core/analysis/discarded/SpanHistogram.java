package org.lttbench.core.analysis.discarded;

import org.lttbench.core.trace.Event;
import org.lttbench.core.trace.Loss;
import org.lttbench.core.trace.RecordSink;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.core.trace.TraceSet;

/**
 * Events and losses over the traces' whole span, in a fixed number of equal bins, whatever range a run asks for: what
 * a range chooser draws to pick a range from (where the events are, where they were lost). A sink of the same pass as
 * the analyses; fixed memory. Each loss is spread over its time range; a loss without timestamps is left out.
 */
public final class SpanHistogram implements RecordSink {
    /** Bins over the span. */
    public static final int BINS = 400;

    private TimeRange span;
    private long width = 1;
    private final long[] events = new long[BINS];
    private final double[] lostEvents = new double[BINS];
    private final double[] lostPackets = new double[BINS];

    @Override
    public void start(TraceSet traces) {
        span = traces.span();
        java.util.Arrays.fill(events, 0);
        java.util.Arrays.fill(lostEvents, 0);
        java.util.Arrays.fill(lostPackets, 0);
        width = span == null ? 1 : Math.max(1, (span.duration() + BINS) / BINS);
    }

    @Override
    public void event(Event event) {
        if (span != null) {
            events[bin(event.timestamp())]++;
        }
    }

    @Override
    public void loss(Loss loss) {
        if (span == null || loss.beginNs() < 0 || loss.endNs() < loss.beginNs()) {
            return;
        }
        double[] into = loss.kind() == Loss.Kind.DISCARDED_EVENTS ? lostEvents : lostPackets;
        int first = bin(loss.beginNs());
        int last = bin(loss.endNs());
        if (first == last) {
            into[first] += loss.count();
            return;
        }
        double length = loss.endNs() - loss.beginNs() + 1.0;
        for (int b = first; b <= last; b++) {
            long from = Math.max(loss.beginNs(), binBegin(b));
            long to = Math.min(loss.endNs(), binBegin(b) + width - 1);
            into[b] += loss.count() * (to - from + 1) / length;
        }
    }

    private int bin(long t) {
        long i = (t - span.begin()) / width;
        return (int) Math.max(0, Math.min(BINS - 1, i));
    }

    /** The traces' span the bins cover, or {@code null} before a read. */
    public TimeRange span() {
        return span;
    }

    /** The start of a bin, in ns since the epoch. */
    public long binBegin(int bin) {
        return span.begin() + bin * width;
    }

    /** The width of every bin, in ns. */
    public long binWidth() {
        return width;
    }

    /** Events recorded in a bin. */
    public long events(int bin) {
        return events[bin];
    }

    /** Events discarded in a bin (each loss spread over its time range). */
    public double lostEvents(int bin) {
        return lostEvents[bin];
    }

    /** Packets lost in a bin (each loss spread over its time range). */
    public double lostPackets(int bin) {
        return lostPackets[bin];
    }
}
