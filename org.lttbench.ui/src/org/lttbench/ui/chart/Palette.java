package org.lttbench.ui.chart;

import org.eclipse.swt.graphics.RGB;

/**
 * Colours that stay distinct for colour-blind readers and in print (Okabe and Ito's palette, then darker variants):
 * series of a chart get them in order.
 */
public final class Palette {
    private Palette() {
    }

    private static final RGB[] COLORS = {
            new RGB(0, 158, 115), // bluish green
            new RGB(0, 114, 178), // blue
            new RGB(213, 94, 0), // vermillion
            new RGB(230, 159, 0), // orange
            new RGB(204, 121, 167), // reddish purple
            new RGB(86, 180, 233), // sky blue
            new RGB(153, 153, 153), // grey
            new RGB(240, 228, 66), // yellow
            new RGB(0, 0, 0), // black
            new RGB(0, 90, 60),
            new RGB(0, 60, 110),
            new RGB(140, 50, 0),
            new RGB(120, 80, 0),
            new RGB(120, 60, 100),
    };

    /** The i-th colour; after the palette's end colours repeat (legends still tell series apart by name). */
    public static RGB color(int i) {
        return COLORS[Math.floorMod(i, COLORS.length)];
    }

    public static int size() {
        return COLORS.length;
    }
}
