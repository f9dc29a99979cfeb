package org.lttbench.ui.table;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ILazyContentProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.TableColumn;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.Table;
import org.lttbench.ui.export.ExportMenu;

/**
 * Any report {@link Table} as a sortable JFace table: headers with units, cells formatted by {@link CellFormat},
 * click a header to sort by its raw values (again to reverse). Virtual, so tables of thousands of threads stay fast.
 * Its context menu exports the table as CSV (raw units) and copies the selected rows.
 */
public final class ReportTableViewer extends Composite {

    private final TableViewer viewer;
    private Table table;
    private Object[][] rows = new Object[0][];
    private int sortColumn = -1;
    private boolean descending;

    public ReportTableViewer(Composite parent, int style) {
        super(parent, style);
        setLayout(new FillLayout());
        viewer = new TableViewer(this, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTable().setHeaderVisible(true);
        viewer.getTable().setLinesVisible(true);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ILazyContentProvider() {
            @Override
            public void updateElement(int index) {
                if (index < rows.length) {
                    viewer.replace(rows[index], index);
                }
            }

            @Override
            public void inputChanged(Viewer v, Object oldInput, Object newInput) {
                // rows are set with the input
            }
        });
        new ExportMenu(viewer.getTable())
                .add("Export table as CSV…", () -> table == null ? "table" : table.key(), "csv", this::saveCsv)
                .action("Copy selected rows", this::copySelection);
    }

    public TableViewer viewer() {
        return viewer;
    }

    public Table table() {
        return table;
    }

    /** Shows a table; keeps the user's sort column when the new table has the same columns (a new time range). */
    public void setTable(Table newTable) {
        boolean sameColumns = table != null && table.columns().equals(newTable.columns());
        table = newTable;
        viewer.getTable().setRedraw(false);
        try {
            if (!sameColumns) {
                for (TableColumn c : viewer.getTable().getColumns()) {
                    c.dispose();
                }
                sortColumn = -1;
                createColumns();
            }
            rows = newTable.rows().toArray(Object[][]::new);
            sortRows();
            if (rows.length < viewer.getTable().getItemCount()) {
                // Shrinking a GTK table removes its rows one by one (seconds for 100,000 threads); clearing is quick.
                viewer.getTable().removeAll();
            }
            viewer.setInput(rows);
            viewer.setItemCount(rows.length);
            viewer.refresh();
            int[] widths = ColumnWidths.of(viewer.getTable(), newTable.columns(), newTable.rows());
            TableColumn[] columns = viewer.getTable().getColumns();
            for (int i = 0; i < columns.length; i++) {
                columns[i].setWidth(Math.max(columns[i].getWidth(), widths[i]));
            }
        } finally {
            viewer.getTable().setRedraw(true);
        }
    }

    private void createColumns() {
        List<Column> columns = table.columns();
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            int index = i;
            TableViewerColumn vc = new TableViewerColumn(viewer, CellFormat.rightAligned(column) ? SWT.RIGHT : SWT.LEFT);
            vc.getColumn().setText(CellFormat.header(column));
            vc.getColumn().setToolTipText(column.description());
            vc.getColumn().setMoveable(true);
            vc.setLabelProvider(new ColumnLabelProvider() {
                @Override
                public String getText(Object element) {
                    return CellFormat.text(column, ((Object[]) element)[index]);
                }
            });
            vc.getColumn().addListener(SWT.Selection, e -> sortBy(column.key(), index == sortColumn ? !descending : CellFormat.rightAligned(column)));
        }
    }

    /** Sorts by a column (numbers largest first by default, as a user clicking a header expects). */
    public void sortBy(String columnKey, boolean descendingOrder) {
        sortColumn = table.columnIndex(columnKey);
        descending = descendingOrder;
        TableColumn column = viewer.getTable().getColumn(sortColumn);
        viewer.getTable().setSortColumn(column);
        viewer.getTable().setSortDirection(descending ? SWT.DOWN : SWT.UP);
        sortRows();
        viewer.setInput(rows);
        viewer.setItemCount(rows.length);
        viewer.refresh();
    }

    private void sortRows() {
        if (sortColumn >= 0) {
            java.util.Arrays.sort(rows, RowOrder.by(sortColumn, descending));
        }
    }

    /** The rows in the order shown. */
    public List<Object[]> shownRows() {
        return List.of(rows);
    }

    /** The text the table shows in a cell (row in display order), as the user reads it. */
    public String cellText(int row, int column) {
        return viewer.getTable().getItem(row).getText(column);
    }

    public void saveCsv(Path file) throws IOException {
        writeCsv(table, file);
    }

    /** A report table as CSV in raw units (ns, bytes, fractions), as the command line writes it. */
    static void writeCsv(Table table, Path file) throws IOException {
        if (table == null) {
            throw new IOException("no table to export yet");
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            CsvReportWriter.writeTable(table, out);
        }
    }

    private void copySelection() {
        int[] selected = viewer.getTable().getSelectionIndices();
        if (selected.length == 0 || table == null) {
            return;
        }
        List<Column> columns = table.columns();
        StringBuilder text = new StringBuilder();
        List<String> header = new ArrayList<>();
        for (Column c : columns) {
            header.add(CellFormat.header(c));
        }
        text.append(String.join("\t", header)).append('\n');
        java.util.Arrays.sort(selected);
        for (int index : selected) {
            List<String> cells = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                cells.add(CellFormat.text(columns.get(c), rows[index][c]));
            }
            text.append(String.join("\t", cells)).append('\n');
        }
        ExportMenu.copyText(getDisplay(), text.toString());
    }
}
