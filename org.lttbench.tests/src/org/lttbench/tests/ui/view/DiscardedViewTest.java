package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.swt.SWT;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.graphics.ImageData;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.ReportFixtures;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.DiscardedView;

/** The discarded view renders the loss report it is given (hand-built here, shaped as the analysis makes it). */
class DiscardedViewTest {

    @Test
    void showsStreamsLossesOverTimeAndCopyableAdvice() throws Exception {
        Report report = ReportFixtures.discardedReport();
        Table streams = report.table("streams");
        try (UiHarness ui = new UiHarness(1280, 860)) {
            DiscardedView view = SessionProbe.showing(ui, DiscardedView::new, report);

            var table = view.streamTable();
            SessionProbe.assertShows(streams, table);
            // A stream that cannot count its losses shows "-", not 0.
            assertEquals("-", table.cellText(2, streams.columnIndex("discarded_events")));

            // Losses over time: the two streams that lost events, each holding its losses (area under the steps
            // divided by the bin width is the count), and not the stream that lost nothing.
            ChartModel m = view.timeline().model();
            assertEquals(2, m.series().size());
            assertTrue(m.hasTimeAxis());
            double[] expected = { 4000, 1500 };
            for (int i = 0; i < 2; i++) {
                ChartModel.Series s = m.series().get(i);
                double area = 0;
                for (int k = 1; k < s.x().length; k++) {
                    area += (s.x()[k] - s.x()[k - 1]) * s.y()[k - 1];
                }
                assertEquals(expected[i], area / 0.1, 1e-6, s.name());
            }
            assertTrue(view.timeline().chart().getAxisSet().getXAxis(0).getTitle().getText().endsWith("(s)"));

            // The advice's command, copyable.
            assertEquals("lttng enable-channel --userspace --subbuf-size=256K --num-subbuf=8 channel0", view.commands().getText());
            view.copyButton().notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
            Clipboard clipboard = new Clipboard(ui.display());
            try {
                assertEquals(view.commands().getText(), clipboard.getContents(TextTransfer.getInstance()));
            } finally {
                clipboard.dispose();
            }

            ChartChecks.assertReadable(view.timeline().chart());
            assertTrue(view.banner().showsLoss(), view.banner().text());
            ImageData png = ui.screenshot(view, "discarded-view-fixture");
            for (ChartModel.Series s : m.series()) {
                assertTrue(UiHarness.count(png, s.color()) > 30, "colour of " + s.name() + " in the screenshot");
            }
        }
    }

    /** A trace that cannot be analysed after one that could: the view shows none of the earlier trace's rows. */
    @Test
    void showsNoRowsOfAnEarlierTraceWhenTheNextOneFails() throws Exception {
        try (UiHarness ui = new UiHarness(1280, 860)) {
            DiscardedView view = new DiscardedView(ui.shell(), SWT.NONE);
            ui.open();
            SessionProbe.assertAFailureLeavesNoRows(ui, view, ReportFixtures.discardedReport(), view.streamTable(), view.adviceTable());
        }
    }
}
