package org.lttbench.ui.chart;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Round tick values for a numeric axis (1, 2 or 5 times a power of ten), for the charts SVG export draws. */
final class AxisTicks {
    private AxisTicks() {
    }

    /** Ticks covering [lo, hi] with about {@code count} steps; the first and last tick enclose the range. */
    static double[] of(double lo, double hi, int count) {
        double span = hi - lo;
        if (!(span > 0) || !Double.isFinite(span)) {
            return new double[] { lo, lo + 1 };
        }
        double step = niceStep(span / Math.max(1, count));
        double first = Math.floor(lo / step) * step;
        double last = Math.ceil(hi / step) * step;
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; first + i * step <= last + step * 1e-9 && i < 1000; i++) {
            ticks.add(first + i * step);
        }
        return ticks.stream().mapToDouble(Double::doubleValue).toArray();
    }

    static double niceStep(double rough) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double f = rough / magnitude;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    static String label(double v) {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(Math.abs(v) < 1e-12 ? 0 : v);
    }
}
