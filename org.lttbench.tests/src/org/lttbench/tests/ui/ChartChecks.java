package org.lttbench.tests.ui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IAxis;
import org.eclipse.swtchart.ISeries;

/** What a readable chart has: titled axes with units, a legend entry per series, and no title longer than its room. */
public final class ChartChecks {
    private ChartChecks() {
    }

    public static void assertReadable(Chart chart) {
        Point plot = chart.getPlotArea().getSize();
        GC gc = new GC(chart);
        try {
            gc.setFont(chart.getTitle().getFont());
            String title = chart.getTitle().getText();
            assertFalse(title.isBlank(), "chart has a title");
            assertTrue(gc.textExtent(title).x <= chart.getSize().x, "chart title fits: " + title);
            for (IAxis axis : new IAxis[] { chart.getAxisSet().getXAxis(0), chart.getAxisSet().getYAxis(0) }) {
                String text = axis.getTitle().getText();
                assertTrue(text.matches(".*\\(.+\\).*"), "axis title with its unit in parentheses: " + text);
                gc.setFont(axis.getTitle().getFont());
                // An axis title is centred on the plot's side: longer than that side, it is cut.
                boolean drawnVertically = (axis.getDirection() == IAxis.Direction.X) == (chart.getOrientation() != org.eclipse.swt.SWT.HORIZONTAL);
                int room = drawnVertically ? plot.y : plot.x;
                assertTrue(gc.textExtent(text).x <= room + 20, "axis title '" + text + "' (" + gc.textExtent(text).x + " px) fits its " + room + " px");
            }
        } finally {
            gc.dispose();
        }
        Rectangle area = chart.getBounds();
        for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
            Rectangle entry = chart.getLegend().getBounds(s.getId());
            assertNotNull(entry, "legend entry for " + s.getId());
            assertTrue(entry.width > 0 && entry.height > 0 && entry.width <= area.width, "legend entry for " + s.getId() + " is drawn whole");
        }
    }

    /** The colour SWTChart paints a bar of this colour with: it fills bars at alpha 0xD0 over the plot background. */
    public static RGB barPixel(Chart chart, RGB bar) {
        RGB bg = chart.getBackgroundInPlotArea().getRGB();
        double a = 0xD0 / 255.0;
        return new RGB((int) Math.round(bar.red * a + bg.red * (1 - a)), (int) Math.round(bar.green * a + bg.green * (1 - a)),
                (int) Math.round(bar.blue * a + bg.blue * (1 - a)));
    }
}
