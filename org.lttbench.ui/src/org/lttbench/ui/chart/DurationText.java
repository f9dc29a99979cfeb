package org.lttbench.ui.chart;

import java.util.Locale;

/** A duration in ns as a short label with its unit ({@code 250 ns}, {@code 1.5 µs}, {@code 10 ms}), for axis labels. */
public final class DurationText {
    private DurationText() {
    }

    /** A unit of durations: its symbol and how many ns it is. */
    public record Unit(String symbol, double ns) {
    }

    private static final Unit[] UNITS = { new Unit("ns", 1), new Unit("µs", 1e3), new Unit("ms", 1e6), new Unit("s", 1e9) };

    /** The largest unit that writes this duration as at least 1 (ns below 1 µs, s from 1 s on). */
    public static Unit unitOf(double ns) {
        double a = Math.abs(ns);
        int u = 0;
        while (u + 1 < UNITS.length && a >= UNITS[u + 1].ns()) {
            u++;
        }
        return UNITS[u];
    }

    public static String of(double ns) {
        Unit unit = unitOf(ns);
        return trim(ns / unit.ns()) + " " + unit.symbol();
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        return s;
    }
}
