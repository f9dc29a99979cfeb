package org.lttbench.ui.table;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Control;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.TraceNames;
import org.lttbench.core.trace.TimeRange;

/**
 * Column widths wide enough for the header (with its unit) and the widest cell, so no text is clipped, but a text
 * column no wider than {@link #MAX_TEXT} (a C++ symbol would push the figures beside it out of view; its cells'
 * tooltips give it whole). Formatting
 * every cell of a table of 100,000 threads would hold the UI thread for seconds, so only the cells that can be the
 * widest are formatted: the longest texts, and the numbers farthest from and nearest to zero (a number's text grows
 * with its magnitude, and tiny numbers switch to exponent notation).
 */
final class ColumnWidths {
    /** Room for the sort arrow and the cell margins GTK draws. */
    private static final int HEADER_PAD = 36;
    private static final int CELL_PAD = 20;
    private static final int LONGEST_TEXTS = 4;
    /** The widest a text column gets, in pixels. */
    static final int MAX_TEXT = 400;

    private ColumnWidths() {
    }

    static int[] of(Control control, List<Column> columns, List<Object[]> rows) {
        return of(control, columns, rows, null);
    }

    static int[] of(Control control, List<Column> columns, List<Object[]> rows, TraceNames names) {
        int n = columns.size();
        Candidates[] candidates = new Candidates[n];
        for (int c = 0; c < n; c++) {
            candidates[c] = new Candidates();
        }
        // One pass over the rows, row by row: the cells of a row are next to each other in memory.
        for (Object[] row : rows) {
            for (int c = 0; c < n; c++) {
                candidates[c].see(row[c]);
            }
        }
        int[] widths = new int[n];
        GC gc = new GC(control);
        try {
            for (int c = 0; c < n; c++) {
                Column column = columns.get(c);
                int header = gc.textExtent(CellFormat.header(column)).x + HEADER_PAD;
                widths[c] = header;
                for (String text : candidates[c].texts(column, names)) {
                    widths[c] = Math.max(widths[c], gc.textExtent(text).x + CELL_PAD);
                }
                if (column.kind() == ColumnKind.TEXT) {
                    widths[c] = Math.min(widths[c], Math.max(MAX_TEXT, header));
                }
            }
        } finally {
            gc.dispose();
        }
        return widths;
    }

    /** The cells of one column that may be the widest. */
    private static final class Candidates {
        final String[] longest = new String[LONGEST_TEXTS];
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        double nearestZero = Double.POSITIVE_INFINITY;
        Object largest;
        Object smallest;
        Object tiniest;
        Object other;

        void see(Object v) {
            if (v instanceof Number number) {
                double d = number.doubleValue();
                if (d > max) {
                    max = d;
                    largest = v;
                }
                if (d < min) {
                    min = d;
                    smallest = v;
                }
                if (d != 0 && Math.abs(d) < nearestZero) {
                    nearestZero = Math.abs(d);
                    tiniest = v;
                }
            } else if (v instanceof String s) {
                keepLongest(longest, s);
            } else if (v instanceof TimeRange && other == null) {
                other = v; // fixed-width text
            }
        }

        List<String> texts(Column column, TraceNames names) {
            List<String> texts = new ArrayList<>();
            for (String s : longest) {
                if (s != null) {
                    texts.add(CellFormat.text(column, s, names));
                }
            }
            for (Object v : new Object[] { largest, smallest, tiniest, other }) {
                if (v != null) {
                    texts.add(CellFormat.text(column, v, names));
                }
            }
            texts.add(CellFormat.text(column, null));
            return texts;
        }
    }

    private static void keepLongest(String[] longest, String text) {
        int shortest = 0;
        for (int i = 0; i < longest.length; i++) {
            if (longest[i] == null) {
                longest[i] = text;
                return;
            }
            if (longest[i].length() < longest[shortest].length()) {
                shortest = i;
            }
        }
        if (text.length() > longest[shortest].length()) {
            longest[shortest] = text;
        }
    }
}
