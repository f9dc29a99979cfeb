package org.lttbench.core.report;

/**
 * A chart of one of an analysis's chart-data tables, declared with the analysis ({@code AnalysisProvider.charts()}):
 * what any front end draws from the table without code of its own for it. A line per value of the {@code series}
 * column (one line when null), over the {@code x} column (a time: a timestamp or a time range's start), of the
 * {@code y} column's values.
 *
 * @param table  the chart-data table's key
 * @param title  the chart's title
 * @param x      the key of the column giving each point's time
 * @param series the key of the column whose values name the lines, or null
 * @param y      the key of the column plotted
 * @param yTitle the value axis's title, with its unit
 */
public record ChartSchema(String table, String title, String x, String series, String y, String yTitle) {
}
