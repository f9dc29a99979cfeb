package org.lttbench.ui.view;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.lttbench.core.report.Table;
import org.lttbench.ui.chart.ChartModel;
import org.lttbench.ui.chart.DurationText;
import org.lttbench.ui.chart.Palette;

/**
 * Durations counted in a table's log-spaced bins, as stacked bars on a category axis: the bins at equal widths (so the
 * axis is logarithmic), empty bins in between filled in, the decades labelled (100 ns, 1 µs, 10 µs...), one colour per
 * series that counts most and the rest together. The gaps between a thread's events and the latencies per power of two
 * are drawn this way.
 */
final class LogBinChart {
    private LogBinChart() {
    }

    /**
     * Fills the model with the table's bins.
     *
     * @param low      the column of a bin's shortest duration (ns; 0 for a bin of zero durations)
     * @param high     the column of its longest, excluded (ns)
     * @param count    the column of how many it holds
     * @param seriesOf whose a row's count is (a series of the chart)
     * @param named    how many series, those that count most, are drawn by name
     * @param others   the name of the series drawing the rest together
     */
    static ChartModel fill(ChartModel model, Table table, int low, int high, int count, Function<Object[], String> seriesOf,
            int named, String others) {
        if (table == null || table.rows().isEmpty()) {
            return model;
        }
        // The grid: a zero bin when there is one, then geometric bins from the smallest lower bound.
        double ratio = 0;
        double first = Double.MAX_VALUE;
        double last = 0;
        boolean zeroBin = false;
        for (Object[] r : table.rows()) {
            double lo = TableColumns.number(r[low]);
            double hi = TableColumns.number(r[high]);
            if (lo <= 0) {
                zeroBin = true;
                continue;
            }
            ratio = Math.max(ratio, hi / lo);
            first = Math.min(first, lo);
            last = Math.max(last, hi);
        }
        List<String> labels = new ArrayList<>();
        List<Double> lows = new ArrayList<>();
        if (zeroBin) {
            labels.add("0 ns");
            lows.add(0.0);
        }
        if (ratio > 1) {
            for (double lo = first; lo < last * 0.999; lo *= ratio) {
                lows.add(lo);
            }
        }
        int offset = zeroBin ? 1 : 0;
        // Label the bins holding a power of ten: the axis reads 100 ns, 1 µs, 10 µs...
        // Not in the last bins: a label is centred on its bin and would run past the chart's edge.
        for (int i = offset; i < lows.size(); i++) {
            double lo = lows.get(i);
            double decade = Math.pow(10, Math.ceil(Math.log10(lo) - 1e-9));
            boolean nearEnd = i >= lows.size() - 2;
            labels.add(decade < lo * ratio * 0.999 && !nearEnd ? DurationText.of(decade) : "");
        }
        // The axis starts where the durations start: say where, unless a decade is labelled right there.
        if (labels.size() > offset + 4 && labels.subList(offset, offset + 4).stream().allMatch(String::isEmpty)) {
            labels.set(offset, DurationText.of(lows.get(offset)));
        }
        Map<String, double[]> perSeries = new LinkedHashMap<>();
        Map<String, Double> totals = new LinkedHashMap<>();
        for (Object[] r : table.rows()) {
            String series = seriesOf.apply(r);
            double lo = TableColumns.number(r[low]);
            int bin = lo <= 0 ? 0 : offset + (int) Math.round(Math.log(lo / first) / Math.log(ratio));
            double[] counts = perSeries.computeIfAbsent(series, k -> new double[lows.size()]);
            if (bin >= 0 && bin < counts.length) {
                counts[bin] += TableColumns.number(r[count]);
            }
            totals.merge(series, TableColumns.number(r[count]), Double::sum);
        }
        List<String> order = new ArrayList<>(perSeries.keySet());
        order.sort(Comparator.comparingDouble((String k) -> totals.get(k)).reversed());
        model.categories(labels);
        double[] rest = new double[lows.size()];
        boolean anyOther = false;
        for (int i = 0; i < order.size(); i++) {
            double[] counts = perSeries.get(order.get(i));
            if (i < named) {
                model.add(order.get(i), Palette.color(i), counts);
            } else {
                anyOther = true;
                for (int b = 0; b < counts.length; b++) {
                    rest[b] += counts[b];
                }
            }
        }
        if (anyOther) {
            model.add(others, Palette.color(named), rest);
        }
        return model;
    }
}
