package org.lttbench.ui.table;

import java.util.List;

import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Control;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;

/** Column widths wide enough for the header (with its unit) and the widest cell, so no text is clipped. */
final class ColumnWidths {
    /** Room for the sort arrow and the cell margins GTK draws. */
    private static final int HEADER_PAD = 36;
    private static final int CELL_PAD = 20;

    private ColumnWidths() {
    }

    static int[] of(Control control, List<Column> columns, List<Object[]> rows) {
        int[] widths = new int[columns.size()];
        GC gc = new GC(control);
        try {
            for (int c = 0; c < columns.size(); c++) {
                Column column = columns.get(c);
                widths[c] = gc.textExtent(CellFormat.header(column)).x + HEADER_PAD;
                // Measuring every cell is slow on big tables; the longest texts are the widest in practice.
                String[] longest = new String[4];
                for (Object[] row : rows) {
                    String text = CellFormat.text(column, row[c]);
                    keepLongest(longest, text);
                }
                for (String text : longest) {
                    if (text != null) {
                        widths[c] = Math.max(widths[c], gc.textExtent(text).x + CELL_PAD);
                    }
                }
            }
        } finally {
            gc.dispose();
        }
        return widths;
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
