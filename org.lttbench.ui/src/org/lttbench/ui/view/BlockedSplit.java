package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.swt.graphics.RGB;
import org.lttbench.core.kernel.ThreadState;
import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;

/**
 * A stacked bar chart's Blocked series split by what the threads were blocked in, as a table by cause gives it (the
 * waits analysis's per thread or process, the spans analysis's per span name): the causes that take most of it by
 * name, in shades of Blocked's colour so they read as kinds of Blocked, the others together.
 */
final class BlockedSplit {
    private BlockedSplit() {
    }

    /** How many causes a chart splits Blocked into (the others are one series). */
    static final int CAUSES = 4;

    /**
     * The chart with its Blocked series split.
     *
     * @param shown   the rows of {@code table} the chart's categories are, in their order
     * @param causes  blocked time ({@code blocked_ns}) by {@code cause}, its rows named by the {@code key} columns
     * @param key     the columns naming a row in both tables (those a table lacks count as empty)
     * @param unitNs  the chart's value unit, in ns
     */
    static ChartModel split(ChartModel model, Table table, List<Object[]> shown, Table causes, List<String> key,
            double unitNs) {
        if (table == null || causes == null || model.series().isEmpty()) {
            return model;
        }
        // each shown row's blocked time by cause, and the causes that take most of it over all the shown rows
        Map<List<Object>, Integer> position = new HashMap<>();
        int[] tableKey = columns(table, key);
        for (int i = 0; i < shown.size(); i++) {
            position.put(rowKey(shown.get(i), tableKey), i);
        }
        Map<String, double[]> byCause = new LinkedHashMap<>();
        int cause = causes.columnIndex("cause");
        int blocked = causes.columnIndex("blocked_ns");
        int[] causesKey = columns(causes, key);
        for (Object[] r : causes.rows()) {
            Integer at = position.get(rowKey(r, causesKey));
            if (at != null) {
                byCause.computeIfAbsent((String) r[cause], c -> new double[shown.size()])[at] += TableColumns.number(r[blocked]) / unitNs;
            }
        }
        List<String> top = byCause.entrySet().stream()
                .sorted(Comparator.comparingDouble((Map.Entry<String, double[]> e) -> -Arrays.stream(e.getValue()).sum()))
                .limit(CAUSES).map(Map.Entry::getKey).toList();
        ChartModel split = ChartModel.bars(model.title(), model.xTitle(), model.yTitle()).horizontal(model.horizontal())
                .stacked(true).emptyText(model.emptyText()).categories(model.categories());
        for (ChartModel.Series series : model.series()) {
            if (!series.name().equals(ThreadState.WAIT_BLOCKED.title()) || top.isEmpty()) {
                split.add(series.name(), series.color(), series.y());
                continue;
            }
            double[] rest = series.y().clone();
            for (int k = 0; k < top.size(); k++) {
                double[] part = byCause.get(top.get(k));
                for (int i = 0; i < rest.length; i++) {
                    rest[i] = Math.max(0, rest[i] - part[i]); // in doubles: never below 0 by a rounding
                }
                split.add(series.name() + ": " + top.get(k), shade(series.color(), k), part);
            }
            if (Arrays.stream(rest).anyMatch(v -> v * unitNs > 1)) { // more than a ns left
                split.add(series.name() + ": other causes", shade(series.color(), top.size()), rest);
            }
        }
        if (!model.barLabels().isEmpty()) {
            split.barLabels(model.barLabels());
        }
        return split;
    }

    /** Where the table has each of those columns (-1 where it has none): looked up once per table, not per row. */
    private static int[] columns(Table table, List<String> columns) {
        return columns.stream().mapToInt(c -> TableColumns.index(table, c)).toArray();
    }

    /** The cells naming a row, at those positions ({@link #columns}), each null where the table has no such column. */
    private static List<Object> rowKey(Object[] row, int[] positions) {
        List<Object> key = new ArrayList<>();
        for (int i : positions) {
            key.add(i >= 0 ? row[i] : null);
        }
        return key;
    }

    /** Blocked's colour, darker or lighter by the cause's rank, so the causes read as kinds of Blocked. */
    private static RGB shade(RGB base, int rank) {
        float[] hsb = base.getHSB();
        float brightness = Math.max(0.35f, Math.min(1f, hsb[2] - 0.18f * (rank - 1)));
        float saturation = Math.max(0.2f, Math.min(1f, hsb[1] + 0.08f * (rank - 1)));
        return new RGB(hsb[0], saturation, brightness);
    }
}
