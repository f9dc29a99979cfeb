package org.lttbench.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.trace.TimeRange;

/**
 * Builds the one line an analysis's report opens with ({@link Report#summary(String)}): what was read, the range,
 * what was lost, what was skipped and why, e.g. {@code Process time: kernel-many-threads (kernel), 433 ms from
 * 17:46:22.794565804; nothing lost; 8,593 threads}.
 */
public final class SummaryLine {
    private final String what;
    private String read;
    private final List<String> parts = new ArrayList<>();

    private SummaryLine(String what) {
        this.what = what;
    }

    /** @param what the analysis, as a reader calls it ({@code Process time}) */
    public static SummaryLine of(String what) {
        return new SummaryLine(what);
    }

    /** What was read (trace names and kinds). */
    public SummaryLine read(String traces) {
        read = traces;
        return this;
    }

    /** The range the figures cover. */
    public SummaryLine range(TimeRange range) {
        if (range != null && range.begin() != Long.MIN_VALUE && range.end() != Long.MAX_VALUE) {
            parts.add(CellFormat.duration(range.duration()) + " from " + WallClock.format(range.begin()));
        }
        return this;
    }

    /** What was lost: {@code nothing lost}, or the counts. */
    public SummaryLine lost(long discardedEvents, long lostPackets, long places) {
        if (discardedEvents == 0 && lostPackets == 0) {
            parts.add("nothing lost");
            return this;
        }
        StringBuilder b = new StringBuilder("lost ");
        if (discardedEvents > 0) {
            b.append(count(discardedEvents)).append(discardedEvents == 1 ? " event" : " events");
        }
        if (lostPackets > 0) {
            b.append(discardedEvents > 0 ? " and " : "").append(count(lostPackets)).append(lostPackets == 1 ? " packet" : " packets");
        }
        if (places > 0) {
            b.append(" in ").append(count(places)).append(places == 1 ? " place" : " places");
        }
        parts.add(b.toString());
        return this;
    }

    /** Anything else worth a glance (counts, what is unknown). */
    public SummaryLine add(String part) {
        if (part != null && !part.isEmpty()) {
            parts.add(part);
        }
        return this;
    }

    /** What the analysis left out, and why. */
    public SummaryLine skipped(String what, String why) {
        parts.add("skipped " + what + " (" + why + ")");
        return this;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(what).append(':');
        if (read != null) {
            b.append(' ').append(read);
        }
        for (int i = 0; i < parts.size(); i++) {
            b.append(i == 0 ? (read != null ? ", " : " ") : "; ").append(parts.get(i));
        }
        return b.toString();
    }

    /** A count with thousands separators. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
