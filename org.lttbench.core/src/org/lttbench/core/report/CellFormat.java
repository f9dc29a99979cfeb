package org.lttbench.core.report;

import java.util.Locale;

import org.lttbench.core.trace.TimeRange;

/**
 * How a cell reads in text (terminal tables, views): one way per kind, each cell with its unit. Durations are scaled
 * to ns, µs, ms or s with three significant digits ({@code 490 ns}, {@code 13.5 µs}, {@code 1.84 s}); sizes in B, KiB,
 * MiB...; rates per second ({@code 65,467/s}, {@code 461.4 MiB/s}); ratios in %; counts with thousands separators.
 * CSV and JSON keep the raw values (ns, bytes, fractions).
 */
public final class CellFormat {
    private static final String[] TIME_UNITS = { "ns", "µs", "ms", "s" };

    private CellFormat() {
    }

    /** Header of a column in text: its title (cells carry their units). */
    public static String header(Column column) {
        return column.title();
    }

    public static String text(Column column, Object value) {
        return text(column, value, null);
    }

    /** @param traces how TRACE cells are named, or {@code null}: their directory's name */
    public static String text(Column column, Object value, TraceNames traces) {
        if (value == null) {
            return "-";
        }
        return switch (column.kind()) {
            case DURATION -> duration(((Long) value).doubleValue());
            case FRACTIONAL_DURATION -> duration((Double) value);
            case RATIO -> percent((Double) value);
            case NUMBER -> number((Double) value);
            case INTEGER -> String.format(Locale.ROOT, "%,d", (Long) value);
            case TIMESTAMP -> WallClock.format((Long) value);
            case TIME_RANGE -> range((TimeRange) value);
            case SIZE -> bytes((Long) value);
            case BITRATE -> bitrate((Long) value);
            case RATE -> rate((Double) value);
            case BYTE_RATE -> byteRate((Double) value);
            case TRACE -> traces != null ? traces.name(value.toString()) : TraceNames.lastSegment(value.toString());
            default -> value.toString();
        };
    }

    /** Whether a column's text is right-aligned (numbers) or left-aligned (names). */
    public static boolean rightAligned(Column column) {
        return switch (column.kind()) {
            case TEXT, PROCESS_NAME, TIME_RANGE, TIMESTAMP, TRACE, SYSCALL, DISK, PATH, NETIF, IRQ, BOOLEAN -> false;
            default -> true;
        };
    }

    /**
     * A duration in ns, scaled to the largest unit that keeps it at 1 or more, with three significant digits:
     * {@code 0}, {@code 0.40 ns}, {@code 490 ns}, {@code 13.5 µs}, {@code 2.45 ms}, {@code 1.84 s}, {@code 5156 s}.
     */
    public static String duration(double ns) {
        if (Double.isNaN(ns) || Double.isInfinite(ns)) {
            return Double.toString(ns);
        }
        if (ns == 0) {
            return "0";
        }
        double a = Math.abs(ns);
        int unit = 0;
        double v = a;
        while (v >= 1000 && unit < TIME_UNITS.length - 1) {
            v /= 1000;
            unit++;
        }
        int decimals = v < 1 ? 3 : v < 10 ? 2 : v < 100 ? 1 : 0;
        // Rounding may reach the next unit (999.7 ns reads 1000 ns): go on to it.
        double rounded = Math.round(v * Math.pow(10, decimals)) / Math.pow(10, decimals);
        if (rounded >= 1000 && unit < TIME_UNITS.length - 1) {
            v = rounded / 1000;
            unit++;
            decimals = 2;
        }
        return String.format(Locale.ROOT, "%s%." + decimals + "f %s", ns < 0 ? "-" : "", v, TIME_UNITS[unit]);
    }

    /** A fraction as a percentage: {@code 29.7%}, {@code 0.03%}, {@code 0%}. */
    public static String percent(double fraction) {
        if (Double.isNaN(fraction) || Double.isInfinite(fraction)) {
            return Double.toString(fraction);
        }
        double p = fraction * 100;
        if (p == 0) {
            return "0%";
        }
        double a = Math.abs(p);
        if (a < 0.01) {
            return (p < 0 ? "-" : "") + "<0.01%";
        }
        return String.format(Locale.ROOT, a < 0.1 ? "%.2f%%" : "%.1f%%", p);
    }

    /** A plain number: thousands separators from 1,000, one decimal from 1, three below. */
    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        double a = Math.abs(v);
        if (a == 0) {
            return "0";
        }
        if (a < 1e-3) {
            return v > 0 ? "<0.001" : ">-0.001"; // not zero, but less than its third decimal shows
        }
        if (a >= 1e15) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 1 ? "%.1f" : "%.3f", v);
    }

    /** Things per second: {@code 65,467/s}, {@code 12.5/s}. */
    public static String rate(double perSecond) {
        if (Double.isNaN(perSecond) || Double.isInfinite(perSecond)) {
            return Double.toString(perSecond);
        }
        return String.format(Locale.ROOT, Math.abs(perSecond) >= 100 || perSecond == 0 ? "%,.0f/s" : "%.1f/s", perSecond);
    }

    /** Bytes per second in binary units: {@code 461.4 MiB/s}. */
    public static String byteRate(double bytesPerSecond) {
        if (Double.isNaN(bytesPerSecond) || Double.isInfinite(bytesPerSecond)) {
            return Double.toString(bytesPerSecond);
        }
        return bytes(Math.round(bytesPerSecond)) + "/s";
    }

    /** Bytes in B, KiB, MiB, GiB, TiB (binary units, one decimal below 100: {@code 1.2 MiB}, {@code 256 KiB}). */
    public static String bytes(long b) {
        if (Math.abs(b) < 1024) {
            return b + " B";
        }
        String[] units = { "KiB", "MiB", "GiB", "TiB" };
        double v = b;
        int u = -1;
        while (Math.abs(v) >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f %s" : "%.1f %s", v, units[u]);
    }

    /** A time range as its start and its length: {@code 18:51:04.828848540 +124.6 ms}. */
    public static String range(TimeRange r) {
        return WallClock.format(r.begin()) + " +" + duration(r.duration());
    }

    static String bitrate(long bitsPerSecond) {
        String[] units = { "bit/s", "kbit/s", "Mbit/s", "Gbit/s" };
        double v = bitsPerSecond;
        int u = 0;
        while (Math.abs(v) >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return u == 0 ? bitsPerSecond + " bit/s" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
