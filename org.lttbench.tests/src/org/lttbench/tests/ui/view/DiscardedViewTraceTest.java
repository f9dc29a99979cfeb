package org.lttbench.tests.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.lttbench.core.analysis.AnalysisOptions.GroupBy;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.ui.ChartChecks;
import org.lttbench.tests.ui.SessionProbe;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.tests.ui.ViewOverTraces;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.view.DiscardedView;

/**
 * The discarded view on a real trace that lost most of its events (ust-hello-lost: 1,000,000 emitted, 967,700
 * discarded, as the shared traces' README says): tables, banner, losses over time, then a range dragged on the chart.
 */
class DiscardedViewTraceTest {
    private static final long DISCARDED = 967_700;

    @Test
    void helloLostWholeTraceThenARangeDraggedOnTheChart() throws Exception {
        try (var shown = ViewOverTraces.open(1300, 900, DiscardedView::new, "ust-hello-lost")) {
            DiscardedView view = shown.view();
            Report whole = shown.reference("discarded");
            assertShowsReport(whole, view);
            assertTrue(view.banner().showsLoss());
            assertEquals(DISCARDED, view.banner().lostEvents());
            // One sentence, the count formatted once.
            assertEquals("This range lost 967,700 events (96.8% of those written) in 562 places, all on "
                    + "ust-hello-lost/channel1_2: the figures below miss what those events would have said.", view.banner().lossSentence());
            assertEquals(1, view.banner().text().split("967,700", -1).length - 1, view.banner().text());
            assertTrue(view.banner().notes().stream().noneMatch(n -> n.contains("967")), "no note says it again: " + view.banner().notes());

            // Losses over time, where they are: the one stream that lost events, over the part of the range that holds
            // 99% of its losses (0.28 s of the 3.6 s: one long loss range at the end is left out), in fine bins.
            ChartModel chart = view.timeline().model();
            assertEquals(1, chart.series().size(), chart.series().toString());
            assertTrue(chart.series().get(0).name().startsWith("channel1_2"));
            double drawn = lossesUnder(chart.series().get(0), zoomBinSeconds(whole));
            assertEquals(sumZoom(whole), drawn, 0.5);
            assertTrue(drawn >= 0.99 * DISCARDED && drawn < DISCARDED, "99% of the losses at least: " + drawn);
            double[] xs = view.timeline().model().xExtent();
            TimeRange span = view.session().span();
            assertTrue(xs[1] - xs[0] < span.duration() / 1e9 / 5, "the axis spans where the losses are: " + (xs[1] - xs[0]) + " s");
            assertTrue(view.timeline().chart().getAxisSet().getXAxis(0).getTitle().getText().contains("99.8% of the losses"));
            ChartChecks.assertReadable(view.timeline().chart());
            // The range bar's strip draws the trace's events and losses over the whole span, to choose from.
            assertTrue(view.rangeBar().hasHistogram());
            shown.ui().screenshot(view, "discarded-view-ust-hello-lost");

            // Drag from after the two big bins of losses to the end of the line: the views recompute for that range.
            var axis = view.timeline().chart().getAxisSet().getXAxis(0);
            double[] x = chart.series().get(0).x();
            int from = axis.getPixelCoordinate(x[5] + 0.01);
            int to = axis.getPixelCoordinate(x[x.length - 1]);
            TimeRange dragged = view.timeline().timeRangeOfPixels(from, to);
            UiHarness.drag(view.timeline().chart().getPlotArea().getControl(), from, to);
            shown.ui().waitUntil("the results for the dragged range", () -> shown.probe().count() == 2, 60);
            assertEquals(dragged, shown.probe().last().range());

            Report part = shown.reference("discarded", dragged, GroupBy.THREAD);
            assertShowsReport(part, view);
            long partLost = sum(part.table("streams"), "discarded_events");
            assertTrue(partLost > 0 && partLost < DISCARDED, "a part of the losses: " + partLost);
            assertEquals(partLost, view.banner().lostEvents());
            view.tabs().setSelection(1);
            shown.ui().screenshot(view, "discarded-view-ust-hello-lost-dragged-range");
        }
    }

    /** Streams, loss ranges and advice tables as the reference run made them, and the advice's commands to copy. */
    static void assertShowsReport(Report reference, DiscardedView view) {
        SessionProbe.assertShows(reference.table("streams"), view.streamTable());
        SessionProbe.assertShows(reference.table("advice"), view.adviceTable());
        List<String> commands = new ArrayList<>();
        Table advice = reference.table("advice");
        for (int r = 0; r < advice.rows().size(); r++) {
            Object c = advice.cell(r, "command");
            if (c != null && !c.toString().isBlank()) {
                commands.add(c.toString());
            }
        }
        if (!commands.isEmpty()) {
            assertEquals(String.join("\n", commands), view.commands().getText());
            assertTrue(view.commands().getText().startsWith("lttng enable-channel"), view.commands().getText());
        }
    }

    static long sum(Table table, String column) {
        long total = 0;
        for (int r = 0; r < table.rows().size(); r++) {
            Object v = table.cell(r, column);
            total += v instanceof Long l ? l : 0;
        }
        return total;
    }

    /** The zoomed loss timeline's bin width, in s: the widest row's (the range cuts the first and last bins short). */
    static double zoomBinSeconds(Report report) {
        long widest = 0;
        for (int r = 0; r < report.table("loss_zoom").rows().size(); r++) {
            widest = Math.max(widest, ((TimeRange) report.table("loss_zoom").cell(r, "bin")).duration() + 1);
        }
        return widest / 1e9;
    }

    static double sumZoom(Report report) {
        double total = 0;
        for (int r = 0; r < report.table("loss_zoom").rows().size(); r++) {
            total += (Double) report.table("loss_zoom").cell(r, "discarded_events");
        }
        return total;
    }

    /** Events under a step line of losses per bin: its area over the bin width. */
    static double lossesUnder(ChartModel.Series s, double binSeconds) {
        double area = 0;
        for (int k = 1; k < s.x().length; k++) {
            area += (s.x()[k] - s.x()[k - 1]) * s.y()[k - 1];
        }
        return area / binSeconds;
    }
}
