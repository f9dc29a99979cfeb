package org.lttbench.core.analysis.latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.ColumnRole;

/**
 * The columns every latency table's rows have, written once: how many, total, min, mean, max, standard deviation and
 * percentiles of their durations ({@link DurationStats}), under one word for what is counted ({@code calls}).
 * Headline: count, total, min, mean, max, p99; the rest are detail columns ({@code --wide}).
 */
final class StatsColumns {
    /** The percentiles, as fractions, and their column keys. */
    static final double[] QUANTILES = { 0.50, 0.90, 0.99, 0.999 };
    private static final String[] QUANTILE_KEYS = { "p50_ns", "p90_ns", "p99_ns", "p99_9_ns" };
    private static final String[] QUANTILE_TITLES = { "p50", "p90", "p99", "p99.9" };

    /** The percentiles' stated error, as a sentence for notes and column descriptions. */
    static final String PERCENTILE_ERROR = String.format(Locale.ROOT,
            "percentiles (nearest rank) from a log-linear histogram, within %.2f%% of the true duration", 100
                    * DurationHistogram.RELATIVE_ERROR);

    private StatsColumns() {
    }

    /**
     * @param countKey   the count's key ({@code calls})
     * @param countTitle its title ({@code Calls})
     * @param what       what a duration is, for descriptions ({@code call duration})
     */
    static List<Column> of(String countKey, String countTitle, String what) {
        List<Column> c = new ArrayList<>();
        c.add(new Column(countKey, countTitle, ColumnKind.INTEGER, "how many, ending in the range"));
        c.add(new Column("total_ns", "Total", ColumnKind.DURATION, "sum of the " + what + "s"));
        c.add(new Column("min_ns", "Min", ColumnKind.DURATION, "shortest " + what));
        c.add(new Column("mean_ns", "Mean", ColumnKind.FRACTIONAL_DURATION, "mean " + what + " (total over count)"));
        c.add(new Column("max_ns", "Max", ColumnKind.DURATION, "longest " + what));
        c.add(new Column("stddev_ns", "Stddev", ColumnKind.FRACTIONAL_DURATION,
                "sample standard deviation of the " + what + "s (over count - 1; empty below 2)").asDetail());
        for (int i = 0; i < QUANTILES.length; i++) {
            Column p = new Column(QUANTILE_KEYS[i], QUANTILE_TITLES[i], ColumnKind.DURATION,
                    QUANTILE_TITLES[i] + " of the " + what + "s: " + PERCENTILE_ERROR);
            c.add(QUANTILES[i] == 0.99 ? p : p.asDetail());
        }
        return c;
    }

    /**
     * The same columns, with their roles in a comparison of two runs ({@link ColumnRole}): the count, the total,
     * the mean and the percentiles are compared; min, max and the deviation are not (one extreme duration moves them).
     * For the tables whose rows carry their durations ({@link DurationStats#distribution}): one row per name, or per thread
     * and name (a comparison sums a thread pool's rows by their names).
     */
    static List<Column> compared(String countKey, String countTitle, String what) {
        List<Column> c = of(countKey, countTitle, what);
        c.set(0, c.get(0).as(ColumnRole.COUNT));
        c.set(1, c.get(1).as(ColumnRole.total(countKey)));
        c.set(3, c.get(3).as(ColumnRole.MEAN));
        for (int i = 0; i < QUANTILES.length; i++) {
            c.set(6 + i, c.get(6 + i).as(ColumnRole.percentile(QUANTILES[i])));
        }
        return c;
    }

    /**
     * A histogram's bar per row ({@link DurationStats#octaves}): its bounds, keys {@code from_ns} and {@code to_ns}
     * (what the views' charts read), and its count.
     *
     * @param what       what a duration is ({@code latency}, {@code duration})
     * @param countKey   the count's key ({@code calls})
     * @param countTitle its title ({@code Calls})
     */
    static List<Column> bar(String what, String countKey, String countTitle) {
        return List.of(new Column("from_ns", "From", ColumnKind.DURATION, "the bar's shortest " + what),
                new Column("to_ns", "To", ColumnKind.DURATION, "its longest, excluded (twice its shortest)"),
                new Column(countKey, countTitle, ColumnKind.INTEGER, countKey + " that long"));
    }

    /** How many cells {@link #fill} writes. */
    static final int CELLS = 6 + QUANTILES.length;

    /** The cells of those columns for one row. */
    static List<Object> cells(DurationStats s) {
        Object[] c = new Object[CELLS];
        fill(c, 0, s);
        return new ArrayList<>(java.util.Arrays.asList(c));
    }

    /** Writes those cells into {@code row} from {@code at} (a table of thousands of rows: no list per row); the index after them. */
    static int fill(Object[] row, int at, DurationStats s) {
        return fill(row, at, s, false);
    }

    /**
     * The same, or ({@code compared}) only the cells a comparison of two runs groups rows by and sums, the count and
     * the total ({@link #compared}), the others left empty: a comparison of two runs reads a per-thread table's tens of
     * thousands of rows, and needs the others only of a row that is alone of its kind.
     */
    static int fill(Object[] row, int at, DurationStats s, boolean compared) {
        if (compared) {
            row[at] = s.count();
            row[at + 1] = s.total();
            return at + CELLS;
        }
        Long min = s.min();
        Long max = s.max();
        row[at++] = s.count();
        row[at++] = s.total();
        row[at++] = min;
        row[at++] = s.mean();
        row[at++] = max;
        row[at++] = s.stddev();
        long[] p = s.percentileValues(QUANTILES);
        // a percentile equal to min, max or the one before shares its cell (thousands of rows hold few durations)
        Long last = null;
        for (int i = 0; i < QUANTILES.length; i++) {
            if (p != null) {
                last = p[i] == min ? min : p[i] == max ? max : last != null && last == p[i] ? last : (Long) p[i];
            }
            row[at++] = last;
        }
        return at;
    }
}
