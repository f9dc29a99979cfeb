package org.lttbench.tests.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.IBarSeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.junit.jupiter.api.Test;
import org.lttbench.tests.TestPaths;
import org.lttbench.ui.ControlSnapshot;

/** Real SWT rendering (under Xvfb in CI): a chart is painted and its bars are visible in the PNG. */
class ControlSnapshotTest {

    @Test
    void chartBarsAppearInTheSavedPng() throws Exception {
        Display display = Display.getDefault();
        Shell shell = new Shell(display);
        try {
            shell.setLayout(new FillLayout());
            shell.setSize(400, 300);
            Chart chart = new Chart(shell, SWT.NONE);
            chart.getTitle().setText("snapshot");
            IBarSeries<?> bars = (IBarSeries<?>) chart.getSeriesSet().createSeries(SeriesType.BAR, "bars");
            bars.setYSeries(new double[] { 3, 5, 4 });
            bars.setBarColor(display.getSystemColor(SWT.COLOR_RED));
            chart.getAxisSet().adjustRange();
            shell.open();
            shell.layout(true, true);
            while (display.readAndDispatch()) {
                // let the chart lay itself out
            }

            Path png = TestPaths.screenshot("control-snapshot-chart.png");
            ControlSnapshot.savePng(chart, png);

            ImageData data = new ImageLoader().load(png.toString())[0];
            assertEquals(chart.getSize().x, data.width);
            assertEquals(chart.getSize().y, data.height);
            int red = 0;
            for (int y = 0; y < data.height; y++) {
                for (int x = 0; x < data.width; x++) {
                    RGB rgb = data.palette.getRGB(data.getPixel(x, y));
                    if (rgb.red > 200 && rgb.green < 60 && rgb.blue < 60) {
                        red++;
                    }
                }
            }
            // Three bars over most of a 400x300 plot area: thousands of red pixels, not a blank image.
            assertTrue(red > 2000, "expected the red bars in the snapshot, found " + red + " red pixels");
        } finally {
            shell.dispose();
        }
    }
}
