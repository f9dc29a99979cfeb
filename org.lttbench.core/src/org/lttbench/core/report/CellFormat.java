package org.lttbench.core.report;

import java.util.Locale;

import org.lttbench.core.trace.TimeRange;

/** How a cell reads in text (terminal tables, views): durations in ms, ratios in %, sizes in KiB/MiB. */
public final class CellFormat {
    private CellFormat() {
    }

    /** Header of a column in text, with its unit. */
    public static String header(Column column) {
        return switch (column.kind()) {
            case DURATION -> column.title() + " (ms)";
            case RATIO -> column.title() + " (%)";
            default -> column.title();
        };
    }

    public static String text(Column column, Object value) {
        if (value == null) {
            return "-";
        }
        return switch (column.kind()) {
            case DURATION -> String.format(Locale.ROOT, "%.3f", ((Long) value) / 1e6);
            case RATIO -> String.format(Locale.ROOT, "%.1f", ((Double) value) * 100);
            case NUMBER -> number((Double) value);
            case TIMESTAMP -> WallClock.format((Long) value);
            case TIME_RANGE -> "[" + WallClock.format(((TimeRange) value).begin()) + ", "
                    + WallClock.format(((TimeRange) value).end()) + "]";
            case SIZE -> bytes((Long) value);
            case BITRATE -> bitrate((Long) value);
            default -> value.toString();
        };
    }

    /** Whether a column's text is right-aligned (numbers) or left-aligned (names). */
    public static boolean rightAligned(Column column) {
        return switch (column.kind()) {
            case TEXT, PROCESS_NAME, TIME_RANGE, TIMESTAMP -> false;
            default -> true;
        };
    }

    static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e9 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.3e", v);
        }
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : "%.3f", v);
    }

    /** Bytes in B, KiB, MiB, GiB, TiB (binary units, one decimal). */
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
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
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
