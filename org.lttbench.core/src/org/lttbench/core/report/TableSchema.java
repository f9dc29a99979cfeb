package org.lttbench.core.report;

import java.util.List;

/**
 * What a table is, without its rows: its key, title, typed columns, and whether it is a chart's data. An analysis
 * declares its tables' schemas once ({@link org.lttbench.core.analysis.AnalysisProvider#tables()}) and fills tables
 * made from them.
 *
 * @param chartData see {@link Table#chartData()}
 */
public record TableSchema(String key, String title, List<Column> columns, boolean chartData) {

    public TableSchema {
        columns = List.copyOf(columns);
    }

    /** A table that is not a chart's data. */
    public TableSchema(String key, String title, List<Column> columns) {
        this(key, title, columns, false);
    }

    /** The same schema, as a chart's data. */
    public TableSchema asChartData() {
        return new TableSchema(key, title, columns, true);
    }

    /** A new table of this schema, with no rows yet. */
    public Table table() {
        Table table = new Table(key, title, columns);
        return chartData ? table.chartData() : table;
    }

    /** The schema of a table. */
    public static TableSchema of(Table table) {
        return new TableSchema(table.key(), table.title(), table.columns(), table.isChartData());
    }
}
