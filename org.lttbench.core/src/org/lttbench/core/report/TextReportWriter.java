package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** Terminal tables: a title, aligned columns with units in the headers, then the notes. */
public final class TextReportWriter {
    private TextReportWriter() {
    }

    public static void write(List<Report> reports, Writer out) throws IOException {
        boolean first = true;
        for (Report report : reports) {
            for (Table table : report.tables()) {
                if (!first) {
                    out.write('\n');
                }
                first = false;
                out.write(table.title() + "  [" + WallClock.format(report.range().begin()) + ", "
                        + WallClock.format(report.range().end()) + "]\n");
                writeTable(table, out);
            }
            for (String note : report.notes()) {
                out.write("note: " + note + '\n');
            }
        }
        out.flush();
    }

    public static void writeTable(Table table, Writer out) throws IOException {
        List<Column> columns = table.columns();
        int n = columns.size();
        String[][] cells = new String[table.rows().size()][n];
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
        if (cells.length == 0) {
            out.write("(no rows)\n");
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
