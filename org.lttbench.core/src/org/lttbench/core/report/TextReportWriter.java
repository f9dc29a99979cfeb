package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Terminal tables: a title, aligned columns with units in the headers, then the notes. */
public final class TextReportWriter {
    private TextReportWriter() {
    }

    /** Every row of every table. */
    public static void write(List<Report> reports, Writer out) throws IOException {
        write(reports, out, ALL_ROWS);
    }

    public static final int ALL_ROWS = -1;

    /**
     * At most {@code maxRows} rows per table (then one line saying how many more), and chart data summarized in one
     * line, unless {@code maxRows} is {@link #ALL_ROWS}: a terminal gets the top of each table, not 8,000 threads.
     */
    public static void write(List<Report> reports, Writer out, int maxRows) throws IOException {
        boolean first = true;
        for (Report report : reports) {
            for (Table table : report.tables()) {
                if (!first) {
                    out.write('\n');
                }
                first = false;
                out.write(table.title() + "  [" + WallClock.format(report.range().begin()) + ", "
                        + WallClock.format(report.range().end()) + "]\n");
                if (maxRows != ALL_ROWS && table.isChartData()) {
                    out.write("(chart data, " + table.rows().size() + " rows: every row with --rows all, --format csv|json"
                            + " or --out DIR)\n");
                } else {
                    writeTable(table, out, maxRows);
                }
            }
            for (String note : report.notes()) {
                out.write("note: " + note + '\n');
            }
        }
        out.flush();
    }

    public static void writeTable(Table table, Writer out) throws IOException {
        writeTable(table, out, ALL_ROWS);
    }

    public static void writeTable(Table table, Writer out, int maxRows) throws IOException {
        List<Column> columns = table.columns();
        int n = columns.size();
        int total = table.rows().size();
        int shown = maxRows == ALL_ROWS ? total : Math.min(total, maxRows);
        String[][] cells = new String[shown][n];
        int[] width = new int[n];
        for (int c = 0; c < n; c++) {
            width[c] = CellFormat.header(columns.get(c)).length();
        }
        for (int r = 0; r < cells.length; r++) {
            Object[] row = table.rows().get(r);
            for (int c = 0; c < n; c++) {
                cells[r][c] = CellFormat.text(columns.get(c), row[c]);
                width[c] = Math.max(width[c], cells[r][c].length());
            }
        }
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < n; c++) {
            pad(line, CellFormat.header(columns.get(c)), width[c], CellFormat.rightAligned(columns.get(c)), c == n - 1);
        }
        out.write(line.append('\n').toString());
        for (String[] row : cells) {
            line.setLength(0);
            for (int c = 0; c < n; c++) {
                pad(line, row[c], width[c], CellFormat.rightAligned(columns.get(c)), c == n - 1);
            }
            out.write(line.append('\n').toString());
        }
        if (total == 0) {
            out.write("(no rows)\n");
        } else if (shown < total) {
            out.write(String.format(java.util.Locale.ROOT, "... and %,d more rows (--rows all shows every row)%n", total - shown));
        }
    }

    private static void pad(StringBuilder line, String text, int width, boolean right, boolean last) {
        if (line.length() > 0) {
            line.append("  ");
        }
        int fill = width - text.length();
        if (right) {
            line.append(" ".repeat(fill)).append(text);
        } else {
            line.append(text);
            if (!last) {
                line.append(" ".repeat(fill));
            }
        }
    }
}
