package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ISeries;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.ReportFixtures;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.OverheadView;

/** The overhead view renders the overhead report it is given (hand-built here, shaped as the analysis makes it). */
class OverheadViewTest {

    @Test
    void showsTracepointsGapHistogramAndShares() throws Exception {
        Report report = ReportFixtures.overheadReport();
        Table tracepoints = report.table("tracepoints");
        Table gaps = report.table("tracepoint_gaps");
        try (UiHarness ui = new UiHarness(1280, 860)) {
            OverheadView view = SessionProbe.showing(ui, OverheadView::new, report);

            var table = view.tracepointTable();
            SessionProbe.assertShows(tracepoints, table);

            // Histogram: every gap of the table is in some bar, per tracepoint; the bins are contiguous (log axis),
            // so the empty bins between the two humps are there, at zero.
            ChartModel h = view.histogram().model();
            for (ChartModel.Series s : h.series()) {
                long expected = gaps.rows().stream().filter(r -> r[0].equals(s.name())).mapToLong(r -> (Long) r[3]).sum();
                assertEquals(expected, (long) java.util.Arrays.stream(s.y()).sum(), s.name());
            }
            double[] tick = h.series().get(0).y();
            int humps = 0;
            for (int i = 0; i < tick.length; i++) {
                boolean peak = tick[i] > 0 && (i == 0 || tick[i] >= tick[i - 1]) && (i == tick.length - 1 || tick[i] > tick[i + 1]);
                humps += peak ? 1 : 0;
            }
            assertEquals(2, humps, "two humps in " + java.util.Arrays.toString(tick));
            assertTrue(h.categories().contains("100 ns") && h.categories().contains("1 µs") && h.categories().contains("10 µs"),
                    h.categories().toString());
            Chart chart = view.histogram().chart();
            assertEquals("Gaps (count)", chart.getAxisSet().getYAxis(0).getTitle().getText());
            assertTrue(chart.getAxisSet().getXAxis(0).getTitle().getText().contains("log scale"));
            for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
                assertTrue(chart.getLegend().getBounds(s.getId()).width > 0, "legend entry " + s.getId());
            }

            // Shares: one bar per process, in percent, the largest at the top.
            ChartModel share = view.shareChart().model();
            assertEquals(java.util.List.of("server (4300)", "worker (4400)", "app (4242)"), share.categories());
            assertEquals(8.3, share.series().get(0).y()[2], 1e-9);
            assertEquals("CPU time spent tracing (%)", view.shareChart().chart().getAxisSet().getYAxis(0).getTitle().getText());

            ChartChecks.assertReadable(view.histogram().chart());
            ChartChecks.assertReadable(view.shareChart().chart());
            ImageData png = ui.screenshot(view, "overhead-view-fixture");
            for (ChartModel.Series s : h.series()) {
                assertTrue(UiHarness.count(png, s.color()) > 30, "legend swatch of " + s.name());
                assertTrue(UiHarness.countNear(png, ChartChecks.barPixel(chart, s.color()), 3) > 300, "bars of " + s.name());
            }
        }
    }

    /** A trace that cannot be analysed after one that could: the view shows none of the earlier trace's rows. */
    @Test
    void showsNoRowsOfAnEarlierTraceWhenTheNextOneFails() throws Exception {
        try (UiHarness ui = new UiHarness(1280, 860)) {
            OverheadView view = new OverheadView(ui.shell(), SWT.NONE);
            ui.open();
            SessionProbe.assertAFailureLeavesNoRows(ui, view, ReportFixtures.overheadReport(), view.tracepointTable());
        }
    }
}
