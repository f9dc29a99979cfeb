package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.lttbench.core.report.ChartSchema;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.WallClock;
import org.lttbench.core.trace.TimeRange;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.Palette;

/**
 * The chart an analysis declares ({@link ChartSchema}) over its chart-data table: a line per series over seconds since
 * the table's first time. A time range's value holds over its whole width (a step); a timestamp's is a point.
 */
final class DeclaredCharts {
    private DeclaredCharts() {
    }

    static ChartModel model(ChartSchema chart, Table table) {
        ChartModel empty = ChartModel.lines(chart.title(), "Time (s)", chart.yTitle()).emptyText("no data");
        if (table == null || table.rows().isEmpty()) {
            return empty;
        }
        int x = TableColumns.index(table, chart.x());
        int y = TableColumns.index(table, chart.y());
        int series = chart.series() == null ? -1 : TableColumns.index(table, chart.series());
        if (x < 0 || y < 0) {
            return empty.emptyText("the table has no column " + (x < 0 ? chart.x() : chart.y()));
        }
        long origin = Long.MAX_VALUE;
        Map<String, List<double[]>> lines = new LinkedHashMap<>();
        for (Object[] r : table.rows()) {
            origin = Math.min(origin, begin(r[x]));
        }
        for (Object[] r : table.rows()) {
            List<double[]> points = lines.computeIfAbsent(series < 0 ? chart.title() : label(table.columns().get(series),
                    r[series]), k -> new ArrayList<>());
            double v = TableColumns.number(r[y]);
            points.add(new double[] { (begin(r[x]) - origin) / 1e9, v });
            if (r[x] instanceof TimeRange range) {
                points.add(new double[] { (range.end() + 1 - origin) / 1e9, v });
            }
        }
        ChartModel model = ChartModel.lines(chart.title(), "Time since " + WallClock.format(origin) + " (s)",
                chart.yTitle()).timeOrigin(origin);
        int color = 0;
        for (Map.Entry<String, List<double[]>> line : lines.entrySet()) {
            double[][] xy = new double[2][line.getValue().size()];
            for (int i = 0; i < xy[0].length; i++) {
                xy[0][i] = line.getValue().get(i)[0];
                xy[1][i] = line.getValue().get(i)[1];
            }
            model.add(line.getKey(), Palette.color(color++), xy[0], xy[1]);
        }
        return model;
    }

    /** A line's name: a text as it is, anything else after its column's title ({@code CPU 3}). */
    private static String label(Column column, Object value) {
        return column.kind() == ColumnKind.TEXT ? String.valueOf(value) : column.title() + " " + value;
    }

    private static long begin(Object time) {
        return time instanceof TimeRange r ? r.begin() : time instanceof Number n ? n.longValue() : Long.MAX_VALUE;
    }
}
