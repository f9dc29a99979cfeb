package org.lttbench.tests.ui.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.dnd.Clipboard;
import org.eclipse.swt.dnd.TextTransfer;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.TableColumn;
import org.junit.jupiter.api.Test;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Report;
import org.lttbench.core.report.Table;
import org.lttbench.tests.TestPaths;
import org.lttbench.tests.ui.ReportFixtures;
import org.lttbench.tests.ui.UiHarness;
import org.lttbench.ui.export.FileChooser;
import org.lttbench.ui.table.ReportTableViewer;

/** A report table on screen: widths that fit the text, CSV export in raw units, copy of the selected rows. */
class ReportTableViewerTest {

    @Test
    void columnsFitTheirTextAndTheMenuExportsAndCopies() throws Exception {
        Report[] reports = ReportFixtures.processReports();
        Table threads = reports[0].table("threads");
        Path dir = TestPaths.workDir("table-export");
        try (UiHarness ui = new UiHarness(1800, 600)) {
            ReportTableViewer viewer = new ReportTableViewer(ui.shell(), SWT.NONE);
            viewer.setTable(threads);
            ui.open();

            // No clipped text: each column is wider than its header and its widest cell.
            GC gc = new GC(viewer.viewer().getTable());
            try {
                for (int c = 0; c < threads.columns().size(); c++) {
                    TableColumn column = viewer.viewer().getTable().getColumn(c);
                    int needed = gc.textExtent(CellFormat.header(threads.columns().get(c))).x;
                    for (Object[] row : threads.rows()) {
                        needed = Math.max(needed, gc.textExtent(CellFormat.text(threads.columns().get(c), row[c])).x);
                    }
                    assertTrue(column.getWidth() > needed, column.getText() + ": " + column.getWidth() + " px for " + needed + " px of text");
                }
            } finally {
                gc.dispose();
            }

            FileChooser.install(ui.display(), (shell, name, ext) -> dir.resolve(name));
            try {
                MenuItem csv = null;
                MenuItem copy = null;
                for (MenuItem i : viewer.viewer().getTable().getMenu().getItems()) {
                    csv = i.getText().startsWith("Export table as CSV") ? i : csv;
                    copy = i.getText().equals("Copy selected rows") ? i : copy;
                }
                csv.notifyListeners(SWT.Selection, new Event());
                // CSV: the header of column keys, then one line per row with raw values (ns, fractions).
                List<String> lines = Files.readAllLines(dir.resolve("threads.csv"), StandardCharsets.UTF_8);
                assertEquals(threads.rows().size() + 1, lines.size());
                assertEquals(String.join(",", threads.columns().stream().map(c -> c.key()).toList()), lines.get(0));
                for (int r = 0; r < threads.rows().size(); r++) {
                    String[] cells = lines.get(r + 1).split(",");
                    assertEquals(threads.rows().get(r)[threads.columnIndex("user_ns")].toString(), cells[threads.columnIndex("user_ns")]);
                    assertEquals(threads.rows().get(r)[threads.columnIndex("name")].toString(), cells[threads.columnIndex("name")]);
                }

                viewer.viewer().getTable().setSelection(new int[] { 0, 2 });
                copy.notifyListeners(SWT.Selection, new Event());
                Clipboard clipboard = new Clipboard(ui.display());
                String copied = (String) clipboard.getContents(TextTransfer.getInstance());
                clipboard.dispose();
                String[] rows = copied.split("\n");
                assertEquals(3, rows.length, copied);
                assertEquals(viewer.cellText(2, threads.columnIndex("name")), rows[2].split("\t")[threads.columnIndex("name")]);
            } finally {
                FileChooser.install(ui.display(), null);
            }
        }
    }

    /** The same table refreshed (a live session's figures, every second) stays where the user scrolled it. */
    @Test
    void aRefreshedTableKeepsItsScrollPosition() {
        try (UiHarness ui = new UiHarness(600, 300)) {
            ReportTableViewer viewer = new ReportTableViewer(ui.shell(), SWT.NONE);
            viewer.setTable(numbered(500, 0));
            ui.open();
            viewer.viewer().getTable().setTopIndex(200);
            ui.pump();
            int top = viewer.viewer().getTable().getTopIndex();
            assertTrue(top > 100, "scrolled: " + top);
            viewer.setTable(numbered(510, 1));
            ui.pump();
            assertEquals(top, viewer.viewer().getTable().getTopIndex(), "the refreshed table stays where it was");
            assertEquals(510, viewer.viewer().getTable().getItemCount());
            viewer.setTable(numbered(50, 2));
            // GTK clamps the top row of a table that became shorter when it lays it out again, not at once: on a busy
            // machine the events pending after setTable did not hold that yet
            ui.settle(500);
            assertTrue(viewer.viewer().getTable().getTopIndex() < 50, "a shorter table: within it");
        }
    }

    private static Table numbered(int rows, long offset) {
        Table t = new Table("numbers", "Numbers", List.of(new org.lttbench.core.report.Column("n", "N",
                org.lttbench.core.report.ColumnKind.INTEGER, "a number")));
        for (long i = 0; i < rows; i++) {
            t.addRow(i + offset);
        }
        return t;
    }
}
