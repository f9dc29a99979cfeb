package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.OverheadView;

/** The overhead view over real user-space traces: the tracepoint table and gap histogram, for the trace and a range. */
class OverheadViewTraceTest {

    @Test
    void memoryLibcWholeTraceThenATypedRange() throws Exception {
        try (var shown = ViewOverTraces.open(1300, 900, OverheadView::new, "ust-memory-libc")) {
            OverheadView view = shown.view();
            Report whole = shown.reference("overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            assertHistogramShows(whole.table("tracepoint_gaps"), view.histogram().model());
            // This trace's malloc and free gaps have two modes (the analysis says so): the histogram has two humps.
            assertEquals("yes", whole.table("tracepoints").cell(0, "bimodal"));
            assertTrue(view.histogram().model().categories().stream().filter(l -> !l.isEmpty()).count() >= 3,
                    "decades labelled: " + view.histogram().model().categories());
            ChartChecks.assertReadable(view.histogram().chart());
            // No kernel trace given: the share chart says what it needs.
            assertTrue(view.shareChart().model().isEmpty());
            shown.ui().screenshot(view, "overhead-view-ust-memory-libc");

            TimeRange part = shown.probe().typeTheMiddleThird(shown.ui(), view, view.session().span(), 60);
            Report third = shown.reference("overhead", part, GroupBy.THREAD);
            assertTrue((Long) third.table("tracepoints").cell(0, "count") < (Long) whole.table("tracepoints").cell(0, "count"));
            SessionProbe.assertShows(third.table("tracepoints"), view.tracepointTable());
            assertHistogramShows(third.table("tracepoint_gaps"), view.histogram().model());
            shown.ui().screenshot(view, "overhead-view-ust-memory-libc-middle-third");
        }
    }

    /** The banner of the overhead view says when the traces lost events (here the kernel half of one session). */
    @Test
    void lossesInTheSessionShowInTheBanner() throws Exception {
        try (var shown = ViewOverTraces.open(1300, 900, OverheadView::new, "session-multi-domains")) {
            OverheadView view = shown.view();
            assertTrue(view.banner().showsLoss(), view.banner().text());
            assertEquals(728, view.banner().lostEvents(), "the shared traces' README counts 728 discarded events");
            Report whole = shown.reference("overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            shown.ui().screenshot(view, "overhead-view-session-multi-domains");
        }
    }

    /**
     * With the kernel trace of the same session (a scenario written as real CTF: process 501 runs 15 ms and emits
     * 1,400 events of 250 ns each), the share chart shows 1400 x 250 ns / 15 ms of CPU time spent tracing.
     */
    @Test
    void sessionScenarioShowsEachProcesssShare() throws Exception {
        List<Path> traces = List.of(org.lttbench.tests.analysis.overhead.OverheadScenarioTest.sessionTraces("view-share"));
        try (var shown = ViewOverTraces.open(1300, 900, OverheadView::new, traces)) {
            OverheadView view = shown.view();
            ChartModel share = view.shareChart().model();
            assertEquals(List.of("app (501)"), share.categories(), "process 701 never ran in the kernel trace: no bar");
            assertEquals(1_400 * 250.0 / 15_000_000 * 100, share.series().get(0).y()[0], 1e-9);
            Report whole = shown.reference("overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            ChartChecks.assertReadable(view.shareChart().chart());
            shown.ui().screenshot(view, "overhead-view-session-scenario");
        }
    }

    /**
     * Every bin of the gaps table is a bar of its tracepoint's series, in order of the bins, and the bins between
     * are empty: the category axis is the analysis's log-spaced bins.
     */
    static void assertHistogramShows(Table gaps, ChartModel chart) {
        for (ChartModel.Series s : chart.series()) {
            if (s.name().equals("other tracepoints")) {
                continue;
            }
            List<Long> expected = new ArrayList<>();
            for (int r = 0; r < gaps.rows().size(); r++) {
                if (gaps.cell(r, "name").equals(s.name())) {
                    expected.add((Long) gaps.cell(r, "count"));
                }
            }
            List<Long> shown = new ArrayList<>();
            for (double v : s.y()) {
                if (v > 0) {
                    shown.add((long) v);
                }
            }
            assertEquals(expected, shown, s.name());
        }
        assertTrue(!chart.series().isEmpty());
    }
}
