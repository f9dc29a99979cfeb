package org.lttbench.core.report;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Text tables: each report's one-line summary, its tables (a title, aligned columns, each cell with its unit), then
 * its notes. On a terminal ({@link Layout#terminal}) every table fits {@link #WIDTH} columns: detail columns are left
 * out (with {@code --wide} they are in), a long text column too wide for the line goes under each row, and names too
 * long for their column are cut with an ellipsis; every trace is named the same way in every table
 * ({@link TraceNames}).
 */
public final class TextReportWriter {
    /** Every row ({@link Layout#maxRows}). */
    public static final int ALL_ROWS = -1;
    /** The width terminal tables fit. */
    public static final int WIDTH = 120;
    /** The shortest a name is cut to, ellipsis included. */
    private static final int MIN_CUT = 12;
    /** A text column narrower than this stays in the table (names are cut instead): only long sentences go below. */
    private static final int MIN_BELOW = 30;
    private static final String BELOW_INDENT = "    ";

    /**
     * How text is laid out.
     *
     * @param maxRows at most this many rows per table (then one line saying how many more), and chart data summarized
     *                in one line; {@link #ALL_ROWS} for every row
     * @param wide    every column, as wide as it needs; otherwise headline columns only, fitted to {@code width}
     * @param width   the line width tables and notes fit
     */
    public record Layout(int maxRows, boolean wide, int width) {
        /** Every row and every column ({@code --out} files, the calibration report). */
        public static final Layout COMPLETE = new Layout(ALL_ROWS, true, WIDTH);

        /** A terminal: {@code maxRows} rows per table, headline columns in {@link #WIDTH} unless {@code wide}. */
        public static Layout terminal(int maxRows, boolean wide) {
            return new Layout(maxRows, wide, WIDTH);
        }
    }

    private TextReportWriter() {
    }

    /** Every row and column of every table. */
    public static void write(List<Report> reports, Writer out) throws IOException {
        write(reports, out, Layout.COMPLETE);
    }

    /** A terminal's text: at most {@code maxRows} rows per table, headline columns fitted to {@link #WIDTH}. */
    public static void write(List<Report> reports, Writer out, int maxRows) throws IOException {
        write(reports, out, Layout.terminal(maxRows, false));
    }

    public static void write(List<Report> reports, Writer out, Layout layout) throws IOException {
        TraceNames names = traceNames(reports);
        int traceWidth = traceWidth(reports, layout, names);
        boolean first = true;
        for (Report report : reports) {
            if (!first) {
                out.write('\n');
            }
            first = false;
            // What was read, the range, what was lost: the report's own line, or at least its title and range.
            String summary = report.summary() != null ? report.summary()
                    : SummaryLine.of(report.title()).range(report.range()).toString();
            out.write(wrap(summary, layout.width(), "", "  "));
            out.write('\n');
            // a warning said of several tables of one report (a trace's doubtful wakers) is said whole once
            Set<String> warned = new HashSet<>();
            for (Table table : report.tables()) {
                out.write('\n');
                boolean summarized = layout.maxRows() != ALL_ROWS;
                if (summarized && table.rows().isEmpty()) {
                    out.write(table.title() + ": none\n");
                    continue;
                }
                out.write(table.title() + '\n');
                for (Table.Warning w : table.warnings()) {
                    out.write(wrap("warning: " + (warned.add(w.text()) ? w.text() : repeated(w)), layout.width(), "",
                            "         "));
                    out.write('\n');
                }
                if (summarized && table.isChartData()) {
                    out.write(String.format(Locale.ROOT, "(chart data, %,d rows: every row with --rows all, --format csv|json or --out DIR)%n",
                            table.rows().size()));
                } else {
                    writeTable(table, out, layout, names, traceWidth);
                }
            }
            if (!report.notes().isEmpty()) {
                out.write('\n');
            }
            for (String note : report.notes()) {
                out.write(wrap("note: " + note, layout.width(), "", "      "));
                out.write('\n');
            }
        }
        out.flush();
    }

    /** What a table's warning says when a table above it in the same report said it whole. */
    public static String repeated(Table.Warning w) {
        return w.brief() + ", as above";
    }

    /** Every row and column of one table. */
    public static void writeTable(Table table, Writer out) throws IOException {
        writeTable(table, out, Layout.COMPLETE, TraceNames.of(traceCells(table)));
    }

    /** The names of every trace the reports read or name in a cell. */
    static TraceNames traceNames(List<Report> reports) {
        Set<String> paths = new LinkedHashSet<>();
        for (Report r : reports) {
            paths.addAll(r.traces());
            for (Table t : r.tables()) {
                paths.addAll(traceCells(t));
            }
        }
        return TraceNames.of(paths);
    }

    private static List<String> traceCells(Table table) {
        List<String> paths = new ArrayList<>();
        for (int c = 0; c < table.columns().size(); c++) {
            if (table.columns().get(c).kind() == ColumnKind.TRACE) {
                for (Object[] row : table.rows()) {
                    if (row[c] != null && (paths.isEmpty() || !paths.get(paths.size() - 1).equals(row[c]))) {
                        paths.add(row[c].toString());
                    }
                }
            }
        }
        return paths;
    }

    static void writeTable(Table table, Writer out, Layout layout, TraceNames names) throws IOException {
        writeTable(table, out, layout, names, Integer.MAX_VALUE);
    }

    /** A table laid out: the columns shown, those under each row, the cells and the columns' widths. */
    private static final class Grid {
        final List<Column> all;
        final List<Integer> shown = new ArrayList<>();
        final List<Integer> below = new ArrayList<>();
        final List<String> leftOut = new ArrayList<>();
        final String[][] cells;
        final int[] width;

        Grid(Table table, Layout layout, TraceNames names, int traceWidth) {
            all = table.columns();
            // A lone trace needs no column in a terminal: the summary names it.
            boolean oneTrace = names.names().size() <= 1;
            for (int c = 0; c < all.size(); c++) {
                Column column = all.get(c);
                if (layout.wide() || (!column.detail() && !(oneTrace && column.kind() == ColumnKind.TRACE))) {
                    shown.add(c);
                } else if (column.kind() != ColumnKind.TRACE) {
                    leftOut.add(column.title());
                }
            }
            int rowCount = layout.maxRows() == ALL_ROWS ? table.rows().size() : Math.min(table.rows().size(), layout.maxRows());
            cells = new String[rowCount][all.size()];
            for (int r = 0; r < rowCount; r++) {
                Object[] row = table.rows().get(r);
                for (int c : shown) {
                    cells[r][c] = CellFormat.text(all.get(c), row[c], names);
                }
            }
            width = new int[all.size()];
            for (int c : shown) {
                width[c] = CellFormat.header(all.get(c)).length();
                for (String[] row : cells) {
                    width[c] = Math.max(width[c], row[c].length());
                }
            }
            if (!layout.wide()) {
                fit(layout.width(), traceWidth);
            }
        }

        /** The width of the trace column after fitting, or {@link Integer#MAX_VALUE} without one. */
        int traceWidth() {
            for (int c : shown) {
                if (all.get(c).kind() == ColumnKind.TRACE) {
                    return width[c];
                }
            }
            return Integer.MAX_VALUE;
        }

        /**
         * Fits the shown columns in {@code limit}: the widest long text column goes under each row while the line is
         * too long, then the names of the widest left-aligned columns are cut with an ellipsis, trace names last and
         * to {@code traceWidth} at most (every table of a run cuts them alike); then the last columns are left out.
         */
        private void fit(int limit, int traceWidth) {
            while (lineWidth(shown, width) > limit) {
                int widest = -1;
                for (int c : shown) {
                    if (all.get(c).kind() == ColumnKind.TEXT && width[c] > MIN_BELOW && shown.size() > 1
                            && (widest < 0 || width[c] > width[widest])) {
                        widest = c;
                    }
                }
                if (widest < 0) {
                    break;
                }
                shown.remove(Integer.valueOf(widest));
                below.add(widest);
            }
            cutWhileTooWide(limit, false);
            cutWhileTooWide(limit, true);
            for (int c : shown) {
                if (all.get(c).kind() == ColumnKind.TRACE && width[c] > traceWidth) {
                    cut(c, traceWidth);
                }
            }
            // still too wide (a host column beside many figures): the last columns wait for --wide
            while (lineWidth(shown, width) > limit && shown.size() > 1) {
                leftOut.add(all.get(shown.remove(shown.size() - 1)).title());
            }
        }

        private void cutWhileTooWide(int limit, boolean traces) {
            while (lineWidth(shown, width) > limit) {
                int widest = -1;
                for (int c : shown) {
                    Column column = all.get(c);
                    if (!CellFormat.rightAligned(column) && (column.kind() == ColumnKind.TRACE) == traces
                            && width[c] > MIN_CUT && (widest < 0 || width[c] > width[widest])) {
                        widest = c;
                    }
                }
                if (widest < 0) {
                    return;
                }
                cut(widest, Math.max(MIN_CUT, width[widest] - (lineWidth(shown, width) - limit)));
            }
        }

        private void cut(int column, int to) {
            width[column] = to;
            for (String[] row : cells) {
                row[column] = TextReportWriter.cut(row[column], to);
            }
        }
    }

    /** @param traceWidth trace names are cut to this width at most (the narrowest any table of the run needs) */
    private static void writeTable(Table table, Writer out, Layout layout, TraceNames names, int traceWidth) throws IOException {
        Grid grid = new Grid(table, layout, names, traceWidth);
        List<Column> all = grid.all;
        List<Integer> shown = grid.shown;
        int[] width = grid.width;
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < shown.size(); i++) {
            int c = shown.get(i);
            pad(line, cut(CellFormat.header(all.get(c)), width[c]), width[c], CellFormat.rightAligned(all.get(c)), i == shown.size() - 1);
        }
        out.write(line.append('\n').toString());
        for (String[] row : grid.cells) {
            line.setLength(0);
            for (int i = 0; i < shown.size(); i++) {
                int c = shown.get(i);
                pad(line, row[c], width[c], CellFormat.rightAligned(all.get(c)), i == shown.size() - 1);
            }
            out.write(line.append('\n').toString());
            for (int c : grid.below) {
                if (!"-".equals(row[c])) {
                    out.write(wrap(all.get(c).title() + ": " + row[c], layout.width(), BELOW_INDENT, BELOW_INDENT + "  "));
                    out.write('\n');
                }
            }
        }
        int total = table.rows().size();
        if (total == 0) {
            out.write("(no rows)\n");
        } else if (grid.cells.length < total) {
            out.write(String.format(Locale.ROOT, "... and %,d more rows (--rows all shows every row)%n", total - grid.cells.length));
        }
        if (!grid.leftOut.isEmpty()) {
            out.write(wrap("(--wide adds " + grid.leftOut.size() + (grid.leftOut.size() == 1 ? " column: " : " columns: ")
                    + String.join(", ", grid.leftOut) + ")", layout.width(), "", " "));
            out.write('\n');
        }
    }

    /** The narrowest trace column any table of these reports needs to fit. */
    private static int traceWidth(List<Report> reports, Layout layout, TraceNames names) {
        int narrowest = Integer.MAX_VALUE;
        if (layout.wide()) {
            return narrowest;
        }
        for (Report report : reports) {
            for (Table table : report.tables()) {
                // a table without a trace column needs no width for it (its cells are not laid out twice)
                if (table.columns().stream().anyMatch(c -> c.kind() == ColumnKind.TRACE) && !table.rows().isEmpty()
                        && !(table.isChartData() && layout.maxRows() != ALL_ROWS)) {
                    narrowest = Math.min(narrowest, new Grid(table, layout, names, Integer.MAX_VALUE).traceWidth());
                }
            }
        }
        return narrowest;
    }

    private static int lineWidth(List<Integer> shown, int[] width) {
        int w = Math.max(0, 2 * (shown.size() - 1));
        for (int c : shown) {
            w += width[c];
        }
        return w;
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, Math.max(0, width - 1)) + "…";
    }

    /**
     * Words wrapped at {@code width}: the first line after {@code first}, the others after {@code next}. A word longer
     * than a line (a C++ symbol: a ROS 2 callback's name) is broken where the line ends.
     */
    static String wrap(String text, int width, String first, String next) {
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder(first);
        int lineStart = line.length();
        for (String word : text.split(" ")) {
            if (line.length() > lineStart && line.length() + 1 + word.length() > width) {
                out.append(line).append('\n');
                line.setLength(0);
                line.append(next);
                lineStart = line.length();
            } else if (line.length() > lineStart) {
                line.append(' ');
            }
            while (line.length() + word.length() > width && width - line.length() > 0 && next.length() < width) {
                int room = width - line.length();
                out.append(line).append(word, 0, room).append('\n');
                word = word.substring(room);
                line.setLength(0);
                line.append(next);
                lineStart = line.length();
            }
            line.append(word);
        }
        return out.append(line).toString();
    }

    private static void pad(StringBuilder line, String text, int width, boolean right, boolean last) {
        if (line.length() > 0) {
            line.append("  ");
        }
        int fill = width - text.length();
        if (right) {
            line.append(" ".repeat(Math.max(0, fill))).append(text);
        } else {
            line.append(text);
            if (!last) {
                line.append(" ".repeat(Math.max(0, fill)));
            }
        }
    }
}
