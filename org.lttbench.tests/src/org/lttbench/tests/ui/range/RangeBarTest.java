package org.lttbench.tests.ui.range;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.ChartPanel;
import org.lttbench.ui.chart.Palette;
import org.lttbench.ui.range.RangeBar;

/** Choosing a range: typed in the fields, dragged across the strip of the trace, or dragged across a time chart. */
class RangeBarTest {
    private static final TimeRange SPAN = new TimeRange(1_424_386_700_000_000_000L, 1_424_386_710_000_000_000L);

    @Test
    void typedRangesAreReadAsWallClockOrNanoseconds() {
        ZoneId zone = ZoneId.of("America/Montreal");
        try (UiHarness ui = new UiHarness(900, 120)) {
            RangeBar bar = new RangeBar(ui.shell(), SWT.NONE, zone);
            List<TimeRange> chosen = new ArrayList<>();
            bar.onRangeChosen(chosen::add);
            bar.setSpan(SPAN);
            ui.open();

            long b = SPAN.begin() + 1_234_567_891L;
            long e = SPAN.begin() + 5_000_000_000L;
            bar.beginField().setText(WallClock.format(b, zone));
            bar.endField().setText(Long.toString(e));
            bar.endField().notifyListeners(SWT.DefaultSelection, new Event());
            assertEquals(List.of(new TimeRange(b, e)), chosen);

            bar.endField().setText("half past");
            bar.endField().notifyListeners(SWT.DefaultSelection, new Event());
            assertEquals(1, chosen.size(), "a malformed time chooses nothing");
            assertTrue(bar.errorText().contains("half past"), bar.errorText());

            // The fields show the range they are given, as WallClock prints it.
            bar.showRange(new TimeRange(b, e));
            assertEquals(WallClock.format(b, zone), bar.beginField().getText());
            assertEquals(WallClock.format(e, zone), bar.endField().getText());

            // Dragging across the strip of the whole trace: its ends map to the span's.
            org.eclipse.swt.widgets.Control strip = bar.getChildren()[bar.getChildren().length - 1];
            int width = strip.getSize().x;
            UiHarness.drag(strip, width / 4, width * 3 / 4);
            TimeRange dragged = chosen.get(chosen.size() - 1);
            long pixel = SPAN.duration() / width;
            assertEquals(SPAN.begin() + SPAN.duration() / 4, dragged.begin(), 2 * pixel);
            assertEquals(SPAN.begin() + SPAN.duration() * 3 / 4, dragged.end(), 2 * pixel);
        }
    }

    /**
     * The strip draws the trace's events over time, and its losses in red from the top, where they are: here (a table
     * of 20 bins of 0.1 s, as the discarded analysis gives it) events in every bin of the first 2 s of a 10 s span, and
     * losses in its bins 2 to 5 only.
     */
    @Test
    void theStripShowsWhereTheEventsAndLossesAre() throws Exception {
        try (UiHarness ui = new UiHarness(1000, 120)) {
            RangeBar bar = new RangeBar(ui.shell(), SWT.NONE);
            bar.setSpan(SPAN);
            org.lttbench.core.report.Table timeline = new org.lttbench.core.report.Table("loss_timeline", "t", List.of(
                    new org.lttbench.core.report.Column("bin", "Time", org.lttbench.core.report.ColumnKind.TIME_RANGE, "bin"),
                    new org.lttbench.core.report.Column("events", "Events", org.lttbench.core.report.ColumnKind.INTEGER, "events"),
                    new org.lttbench.core.report.Column("discarded_events", "Discarded", org.lttbench.core.report.ColumnKind.NUMBER, "d"),
                    new org.lttbench.core.report.Column("discarded_packets", "Lost packets", org.lttbench.core.report.ColumnKind.NUMBER, "p")));
            long width = 100_000_000L;
            for (int b = 0; b < 20; b++) {
                long begin = SPAN.begin() + b * width;
                timeline.addRow(new TimeRange(begin, begin + width - 1), 500L + 40L * b, b >= 2 && b <= 5 ? 1000.0 : 0.0, 0.0);
            }
            assertTrue(!bar.hasHistogram());
            bar.setHistogram(timeline);
            assertTrue(bar.hasHistogram());
            ui.open();
            org.eclipse.swt.graphics.ImageData png = ui.screenshot(bar.strip(), "range-strip-histogram");
            int w = png.width;
            int[] events = columns(png, RangeBar.EVENTS);
            int[] losses = columns(png, RangeBar.LOSSES);
            // Events in the first fifth of the strip (2 s of 10 s), none after.
            assertTrue(events[w / 10] > 0 && events[w / 5 - 3] > 0, "events drawn in the first 2 s");
            for (int x = w / 5 + 3; x < w - 2; x++) {
                assertEquals(0, events[x], "no event drawn after 2 s, at x = " + x);
            }
            // Losses from 0.2 s to 0.6 s only.
            assertTrue(losses[w * 4 / 100] > 0, "losses drawn at 0.4 s");
            for (int x = 2; x < w - 2; x++) {
                if (x < w * 2 / 100 - 2 || x > w * 6 / 100 + 2) {
                    assertEquals(0, losses[x], "no loss drawn at x = " + x);
                }
            }
        }
    }

    /** Pixels of a colour per column of an image. */
    private static int[] columns(org.eclipse.swt.graphics.ImageData png, org.eclipse.swt.graphics.RGB color) {
        int[] n = new int[png.width];
        for (int y = 0; y < png.height; y++) {
            for (int x = 0; x < png.width; x++) {
                if (png.palette.getRGB(png.getPixel(x, y)).equals(color)) {
                    n[x]++;
                }
            }
        }
        return n;
    }

    @Test
    void draggingAcrossATimeChartSelectsThatTime() {
        try (UiHarness ui = new UiHarness(900, 500)) {
            ChartPanel panel = new ChartPanel(ui.shell(), SWT.NONE, "t");
            panel.setModel(ChartModel.lines("Losses", "Time (s)", "Lost (count)").timeOrigin(SPAN.begin())
                    .add("s", Palette.color(0), new double[] { 0, 10 }, new double[] { 1, 2 }));
            List<TimeRange> chosen = new ArrayList<>();
            panel.onRangeSelected(chosen::add);
            ui.open();
            var axis = panel.chart().getAxisSet().getXAxis(0);
            int from = axis.getPixelCoordinate(2.5);
            int to = axis.getPixelCoordinate(7.0);
            UiHarness.drag(panel.chart().getPlotArea().getControl(), from, to);
            assertEquals(1, chosen.size());
            long pixel = (long) (10e9 / panel.chart().getPlotArea().getSize().x);
            assertEquals(SPAN.begin() + 2_500_000_000L, chosen.get(0).begin(), 2 * pixel);
            assertEquals(SPAN.begin() + 7_000_000_000L, chosen.get(0).end(), 2 * pixel);
        }
    }
}
