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
