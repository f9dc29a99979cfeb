package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.OverheadView;

/** The overhead view over real user-space traces: the tracepoint table and gap histogram, for the trace and a range. */
class OverheadViewTraceTest {

    @Test
    void memoryLibcWholeTraceThenATypedRange() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("ust-memory-libc"));
        try (UiHarness ui = new UiHarness(1300, 900)) {
            OverheadView view = new OverheadView(ui.shell(), SWT.NONE);
            SessionProbe probe = SessionProbe.attach(ui, view, trace);
            Report whole = SessionProbe.reference(trace, "overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            assertHistogramShows(whole.table("tracepoint_gaps"), view.histogram().model());
            // This trace's malloc and free gaps have two modes (the analysis says so): the histogram has two humps.
            assertEquals("yes", whole.table("tracepoints").cell(0, "bimodal"));
            assertTrue(view.histogram().model().categories().stream().filter(l -> !l.isEmpty()).count() >= 3,
                    "decades labelled: " + view.histogram().model().categories());
            ChartChecks.assertReadable(view.histogram().chart());
            // No kernel trace given: the share chart says what it needs.
            assertTrue(view.shareChart().model().isEmpty());
            ui.screenshot(view, "overhead-view-ust-memory-libc");

            TimeRange part = probe.typeTheMiddleThird(ui, view, view.session().span(), 60);
            Report third = SessionProbe.reference(trace, "overhead", part, GroupBy.THREAD);
            assertTrue((Long) third.table("tracepoints").cell(0, "count") < (Long) whole.table("tracepoints").cell(0, "count"));
            SessionProbe.assertShows(third.table("tracepoints"), view.tracepointTable());
            assertHistogramShows(third.table("tracepoint_gaps"), view.histogram().model());
            ui.screenshot(view, "overhead-view-ust-memory-libc-middle-third");
            view.session().dispose();
        }
    }

    /** The banner of the overhead view says when the traces lost events (here the kernel half of one session). */
    @Test
    void lossesInTheSessionShowInTheBanner() throws Exception {
        List<Path> trace = List.of(TestPaths.trace("session-multi-domains"));
        try (UiHarness ui = new UiHarness(1300, 900)) {
            OverheadView view = new OverheadView(ui.shell(), SWT.NONE);
            SessionProbe.attach(ui, view, trace);
            assertTrue(view.banner().showsLoss(), view.banner().text());
            assertEquals(728, view.banner().lostEvents(), "the shared traces' README counts 728 discarded events");
            Report whole = SessionProbe.reference(trace, "overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            ui.screenshot(view, "overhead-view-session-multi-domains");
            view.session().dispose();
        }
    }

    /**
     * With the kernel trace of the same session (a scenario written as real CTF: process 501 runs 15 ms and emits
     * 1,400 events of 250 ns each), the share chart shows 1400 x 250 ns / 15 ms of CPU time spent tracing.
     */
    @Test
    void sessionScenarioShowsEachProcesssShare() throws Exception {
        List<Path> traces = List.of(org.lttbench.tests.analysis.overhead.OverheadScenarioTest.sessionTraces("view-share"));
        try (UiHarness ui = new UiHarness(1300, 900)) {
            OverheadView view = new OverheadView(ui.shell(), SWT.NONE);
            SessionProbe.attach(ui, view, traces);
            ChartModel share = view.shareChart().model();
            assertEquals(List.of("app (501)"), share.categories(), "process 701 never ran in the kernel trace: no bar");
            assertEquals(1_400 * 250.0 / 15_000_000 * 100, share.series().get(0).y()[0], 1e-9);
            Report whole = SessionProbe.reference(traces, "overhead");
            SessionProbe.assertShows(whole.table("tracepoints"), view.tracepointTable());
            ChartChecks.assertReadable(view.shareChart().chart());
            ui.screenshot(view, "overhead-view-session-scenario");
            view.session().dispose();
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
