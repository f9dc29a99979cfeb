package org.lttbench.ui.chart;

import java.util.Locale;

/** A duration in ns as a short label with its unit ({@code 250 ns}, {@code 1.5 µs}, {@code 10 ms}), for axis labels. */
public final class DurationText {
    private DurationText() {
    }

    public static String of(double ns) {
        double a = Math.abs(ns);
        if (a < 1e3) {
            return trim(ns) + " ns";
        }
        if (a < 1e6) {
            return trim(ns / 1e3) + " µs";
        }
        if (a < 1e9) {
            return trim(ns / 1e6) + " ms";
        }
        return trim(ns / 1e9) + " s";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
