package org.lttbench.core.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One table of a report: typed columns and rows of cells. */
public final class Table {
    private final String key;
    private final String title;
    private final List<Column> columns;
    private final List<Object[]> rows = new ArrayList<>();
    private final List<Warning> warnings = new ArrayList<>();
    private boolean chartData;

    /**
     * A figure of the table that a check found doubtful: said with the table wherever it is shown, not only in the
     * report's notes.
     *
     * @param brief a few words for a title ({@code Wait I/O doubtful})
     * @param text  the sentence: which figure, and why
     */
    public record Warning(String brief, String text) {
    }

    /**
     * @param key   the table's name in JSON ({@code threads}, {@code streams}) and its CSV file name
     * @param title a human title for text output, views and LAMI
     */
    public Table(String key, String title, List<Column> columns) {
        this.key = key;
        this.title = title;
        this.columns = List.copyOf(columns);
    }

    /**
     * Marks this table as the data of a chart (a histogram, a time series): complete in CSV, JSON, LAMI and the views,
     * but only summarized in terminal text, where thousands of bins help nobody.
     */
    public Table chartData() {
        chartData = true;
        return this;
    }

    public boolean isChartData() {
        return chartData;
    }

    /** Says that a figure of this table is doubtful, and why (see {@link Warning}). */
    public Table warn(String brief, String text) {
        warnings.add(new Warning(brief, text));
        return this;
    }

    public List<Warning> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    public String key() {
        return key;
    }

    public String title() {
        return title;
    }

    public List<Column> columns() {
        return columns;
    }

    public int columnIndex(String columnKey) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).key().equals(columnKey)) {
                return i;
            }
        }
        throw new IllegalArgumentException("table " + key + " has no column " + columnKey);
    }

    /** Adds a row; cells are in column order and must match each column's kind (see {@link ColumnKind}). */
    public Table addRow(Object... cells) {
        if (cells.length != columns.size()) {
            throw new IllegalArgumentException("table " + key + " has " + columns.size() + " columns, row has " + cells.length);
        }
        for (int i = 0; i < cells.length; i++) {
            checkCell(columns.get(i), cells[i]);
        }
        rows.add(cells.clone());
        return this;
    }

    public List<Object[]> rows() {
        return Collections.unmodifiableList(rows);
    }

    public Object cell(int row, String columnKey) {
        return rows.get(row)[columnIndex(columnKey)];
    }

    private void checkCell(Column column, Object value) {
        if (value == null) {
            return;
        }
        if (!column.kind().cellType().isInstance(value)) {
            throw new IllegalArgumentException("table " + key + ", column " + column.key() + " (" + column.kind() + "): "
                    + value.getClass().getSimpleName() + " cell " + value);
        }
    }
}
