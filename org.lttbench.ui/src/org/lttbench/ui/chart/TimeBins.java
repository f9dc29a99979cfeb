package org.lttbench.ui.chart;

import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * Where the time bins of a table lie (a column of {@link TimeRange} cells, one bin a row, as the discarded analysis's
 * timelines have them): the first one's begin, the last one's end, and the widest one's width, which the others
 * share but where the range cuts them short.
 *
 * @param width at least 1 ns
 */
public record TimeBins(long origin, long end, long width) {

    /** @param bin the column of the bins */
    public static TimeBins of(Table table, int bin) {
        long origin = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long width = 1;
        for (Object[] r : table.rows()) {
            TimeRange b = (TimeRange) r[bin];
            origin = Math.min(origin, b.begin());
            end = Math.max(end, b.end());
            width = Math.max(width, b.duration() + 1);
        }
        return new TimeBins(origin, end, width);
    }
}
