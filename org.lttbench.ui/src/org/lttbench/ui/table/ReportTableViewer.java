package org.lttbench.ui.table;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
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
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.CsvReportWriter;
import org.lttbench.core.report.Table;
import org.lttbench.core.report.TraceNames;
import org.lttbench.ui.export.ExportMenu;

/**
 * Any report {@link Table} as a sortable JFace table: headers with units, cells formatted by {@link CellFormat},
 * click a header to sort by its raw values (again to reverse). Virtual, so tables of thousands of threads stay fast.
 * Its context menu exports the table as CSV (raw units), copies the selected rows, and shows the detail columns, which
 * are hidden at first so that the headline columns fit without scrolling.
 */
public final class ReportTableViewer extends Composite {

    private final TableViewer viewer;
    private Table table;
    private Object[][] rows = new Object[0][];
    private int sortColumn = -1;
    private boolean descending;
    private TraceNames names;
    /** Whether detail columns are shown (they are hidden until asked for, so the headline columns fit). */
    private boolean details;
    private org.eclipse.swt.widgets.MenuItem detailsItem;

    public ReportTableViewer(Composite parent, int style) {
        super(parent, style);
        setLayout(new FillLayout());
        viewer = new TableViewer(this, SWT.VIRTUAL | SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        ColumnViewerToolTipSupport.enableFor(viewer);
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
        ExportMenu menu = new ExportMenu(viewer.getTable())
                .add("Export table as CSV…", () -> table == null ? "table" : table.key(), "csv", this::saveCsv)
                .action("Copy selected rows", this::copySelection);
        detailsItem = new org.eclipse.swt.widgets.MenuItem(menu.menu(), SWT.CHECK);
        detailsItem.setText("Show detail columns");
        detailsItem.addListener(SWT.Selection, e -> showDetails(detailsItem.getSelection()));
    }

    /** Shows or hides the detail columns ({@link Column#detail()}): hidden, a column keeps its place with no width. */
    public void showDetails(boolean show) {
        details = show;
        detailsItem.setSelection(show);
        if (table != null) {
            applyWidths();
        }
    }

    /** Whether a column of the table is on screen (a detail column is not, until {@link #showDetails}). */
    public boolean isShown(int column) {
        return viewer.getTable().getColumn(column).getWidth() > 0;
    }

    private void applyWidths() {
        int[] widths = ColumnWidths.of(viewer.getTable(), table.columns(), table.rows(), names);
        TableColumn[] columns = viewer.getTable().getColumns();
        for (int i = 0; i < table.columns().size(); i++) {
            boolean hidden = table.columns().get(i).detail() && !details;
            columns[i].setResizable(!hidden);
            columns[i].setWidth(hidden ? 0 : Math.max(columns[i].getWidth(), widths[i]));
        }
    }

    /**
     * Shows a table, naming its traces as {@code traceNames} does (every table of a view alike); no rows when the
     * report has no such table ({@code newTable} null: see {@link #clearRows()}).
     */
    public void setTable(Table newTable, TraceNames traceNames) {
        names = traceNames;
        if (newTable != null) {
            setTable(newTable);
        } else {
            clearRows();
        }
    }

    public TableViewer viewer() {
        return viewer;
    }

    public Table table() {
        return table;
    }

    /**
     * Shows no rows, keeping the columns: for reports without this table (the traces could not be analysed, or the
     * range holds nothing of it), whose figures must not be an earlier trace's or range's.
     */
    public void clearRows() {
        if (table != null && !table.rows().isEmpty()) {
            setTable(new Table(table.key(), table.title(), table.columns()));
        }
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
            applyWidths();
        } finally {
            viewer.getTable().setRedraw(true);
        }
    }

    private void createColumns() {
        List<Column> columns = table.columns();
        try {
            createColumns(columns);
        } finally {
            FillerColumn.addTo(viewer);
        }
    }

    private void createColumns(List<Column> columns) {
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            int index = i;
            TableViewerColumn vc = new TableViewerColumn(viewer, ColumnHeading.alignment(column));
            ColumnHeading.head(vc.getColumn(), column, TableColumn::setToolTipText);
            vc.getColumn().setMoveable(true);
            vc.setLabelProvider(new ColumnLabelProvider() {
                @Override
                public String getText(Object element) {
                    return CellFormat.text(column, ((Object[]) element)[index], names);
                }

                /** A long text, which its column may cut ({@link ColumnWidths#MAX_TEXT}), whole. */
                @Override
                public String getToolTipText(Object element) {
                    String text = getText(element);
                    return column.kind() == ColumnKind.TEXT && text.length() > 60 ? text : null;
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
                cells.add(CellFormat.text(columns.get(c), rows[index][c], names));
            }
            text.append(String.join("\t", cells)).append('\n');
        }
        ExportMenu.copyText(getDisplay(), text.toString());
    }
}
