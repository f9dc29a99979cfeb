package org.lttbench.tests.analysis.discarded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions;
import org.lttbench.core.analysis.discarded.DiscardedAnalysisProvider;
import org.lttbench.core.analysis.discarded.SpanHistogram;
import org.lttbench.core.ctf.CtfTraceSet;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.run.AnalysisRun;
import org.lttbench.core.trace.ProgressListener;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;

/**
 * Where the losses are, as the views draw them: the histogram of events and losses over the whole span (the range
 * bar's strip) and the {@code loss_zoom} table (the losses chart), against babeltrace2's counts of the same traces.
 */
class LossesOverTimeTest {

    private record Run(Report report, SpanHistogram histogram, TimeRange span) {
    }

    private static Run run(Path trace) throws Exception {
        SpanHistogram histogram = new SpanHistogram();
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            Report report = AnalysisRun.run(set, List.of(new DiscardedAnalysisProvider().create(AnalysisOptions.DEFAULT)),
                    List.of(histogram), ProgressListener.NONE).get(0);
            return new Run(report, histogram, set.span());
        }
    }

    /**
     * A range that ends inside a long loss range (ust-hello-lost's last one runs to the end of the trace): the loss
     * tables have no bin outside the range, and what they show of the losses is at most what bins inside it hold.
     */
    @Test
    void aSubRangesLossTablesStayWithinIt() throws Exception {
        Path trace = TestPaths.trace("ust-hello-lost");
        TimeRange span;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            span = set.span();
        }
        TimeRange range = new TimeRange(span.begin() + 3_000_000, span.begin() + 420_000_000);
        Report report;
        try (CtfTraceSet set = CtfTraceSet.open(List.of(trace))) {
            report = AnalysisRun.run(set, List.of(new DiscardedAnalysisProvider().create(
                    new AnalysisOptions(range, AnalysisOptions.DEFAULT.groupBy()))), ProgressListener.NONE).get(0);
        }
        for (String key : List.of("loss_timeline", "loss_zoom")) {
            Table t = report.table(key);
            assertTrue(t.rows().size() > 0, key + " has rows");
            for (int r = 0; r < t.rows().size(); r++) {
                TimeRange bin = (TimeRange) t.cell(r, "bin");
                assertTrue(bin.begin() >= range.begin() && bin.end() <= range.end() && bin.end() >= bin.begin(),
                        key + " row " + r + ": bin " + bin + " outside " + range);
            }
        }
    }

    /**
     * ust-hello-lost: 32,300 events kept and 967,700 discarded (babeltrace2), nearly all in its first 0.3 s, but the
     * last loss range runs to the end of the 3.6 s trace.
     */
    @Test
    void helloLostEveryEventAndLossIsInTheHistogramAndTheChartShowsWhereTheyAre() throws Exception {
        Path trace = TestPaths.trace("ust-hello-lost");
        Bt2Losses.Counts bt2 = Bt2Losses.total(List.of(trace));
        Run run = run(trace);
        SpanHistogram h = run.histogram();
        assertEquals(run.span(), h.span());
        long events = 0;
        double lost = 0;
        int firstWithEvents = -1;
        int lastWithEvents = -1;
        for (int b = 0; b < SpanHistogram.BINS; b++) {
            events += h.events(b);
            lost += h.lostEvents(b) + h.lostPackets(b);
            if (h.events(b) > 0) {
                firstWithEvents = firstWithEvents < 0 ? b : firstWithEvents;
                lastWithEvents = b;
            }
        }
        assertEquals(bt2.events(), events, "every event in a bin");
        assertEquals(bt2.discardedEvents() + bt2.discardedPackets(), lost, 1e-3, "every loss spread over its bins");
        assertTrue(lastWithEvents < SpanHistogram.BINS / 5, "the events are in the first fifth of the span: bins "
                + firstWithEvents + " to " + lastWithEvents);

        // The chart's table: over the part of the range that holds 99% of the losses, not the whole 3.6 s.
        Table zoom = run.report().table("loss_zoom");
        double zoomed = 0;
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (int r = 0; r < zoom.rows().size(); r++) {
            zoomed += (Double) zoom.cell(r, "discarded_events") + (Double) zoom.cell(r, "discarded_packets");
            TimeRange bin = (TimeRange) zoom.cell(r, "bin");
            from = Math.min(from, bin.begin());
            to = Math.max(to, bin.end());
        }
        assertTrue(zoomed >= 0.99 * bt2.discardedEvents() && zoomed <= bt2.discardedEvents(), zoomed + " of " + bt2.discardedEvents());
        assertTrue(to - from < run.span().duration() / 5, "where the losses are: " + (to - from) + " ns of " + run.span().duration());
        assertTrue(zoom.rows().size() >= 20 && zoom.rows().size() <= 64, "fine bins: " + zoom.rows().size());
        assertTrue(zoom.isChartData());
    }

    /** session-multi-domains/kernel: one loss of 728 events, known only to lie somewhere in 31 s. */
    @Test
    void oneLongLossIsSpreadOverItsRange() throws Exception {
        Path trace = TestPaths.trace("session-multi-domains/kernel");
        Bt2Losses.Counts bt2 = Bt2Losses.total(List.of(trace));
        assertEquals(728, bt2.discardedEvents());
        Run run = run(trace);
        double lost = 0;
        int bins = 0;
        for (int b = 0; b < SpanHistogram.BINS; b++) {
            lost += run.histogram().lostEvents(b);
            bins += run.histogram().lostEvents(b) > 0 ? 1 : 0;
        }
        assertEquals(728, lost, 1e-6);
        TimeRange range = (TimeRange) run.report().table("losses").cell(0, "range");
        long expectedBins = range.duration() / run.histogram().binWidth();
        assertTrue(Math.abs(bins - expectedBins) <= 2, bins + " bins for a loss over " + range.duration() + " ns");
        Table zoom = run.report().table("loss_zoom");
        double zoomed = 0;
        for (int r = 0; r < zoom.rows().size(); r++) {
            zoomed += (Double) zoom.cell(r, "discarded_events");
        }
        assertTrue(zoomed >= 0.99 * 728 && zoomed <= 728, zoomed + " of 728");
    }
}
