package org.lttbench.ui.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.TreeColumn;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;
import org.lttbench.core.report.Table;
import org.lttbench.ui.export.ExportMenu;

/**
 * Two report tables as a tree: each row of the parent table (a process) holds the rows of the child table (its
 * threads) that share its value in a group column ({@code pid}). Columns are the child table's; a parent row shows
 * its own value where its table has the column, and nothing elsewhere (a process has no TID). Sortable like
 * {@link ReportTableViewer}: siblings are ordered, the grouping stays.
 */
public final class ReportTreeViewer extends Composite {

    /**
     * One row of the tree: its cells in the child table's column order, and its children (none for a thread). Equal
     * only to itself: the viewer hashes every row, and a process's hash must not walk its threads.
     */
    public static final class Node {
        private final Object[] cells;
        private final List<Node> children;

        Node(Object[] cells, List<Node> children) {
            this.cells = cells;
            this.children = children;
        }

        public Object[] cells() {
            return cells;
        }

        public List<Node> children() {
            return children;
        }
    }

    private final TreeViewer viewer;
    private List<Column> columns = List.of();
    private List<Node> roots = List.of();
    private Comparator<Object[]> order;
    private Table parentTable;
    private Table childTable;

    public ReportTreeViewer(Composite parent, int style) {
        super(parent, style);
        setLayout(new FillLayout());
        viewer = new TreeViewer(this, SWT.FULL_SELECTION | SWT.MULTI | SWT.BORDER);
        viewer.getTree().setHeaderVisible(true);
        viewer.getTree().setLinesVisible(true);
        viewer.setUseHashlookup(true);
        viewer.setContentProvider(new ITreeContentProvider() {
            @Override
            public Object[] getElements(Object input) {
                return roots.toArray();
            }

            @Override
            public Object[] getChildren(Object parent) {
                return ((Node) parent).children().toArray();
            }

            @Override
            public Object getParent(Object element) {
                return null;
            }

            @Override
            public boolean hasChildren(Object element) {
                return !((Node) element).children().isEmpty();
            }

            @Override
            public void inputChanged(Viewer v, Object oldInput, Object newInput) {
                // roots are set with the input
            }
        });
        // The tree shows two tables: each exports on its own, as CSV in raw units.
        new ExportMenu(viewer.getTree())
                .add("Export parent rows as CSV…", () -> parentTable == null ? "parents" : parentTable.key(), "csv", f -> ReportTableViewer.writeCsv(parentTable, f))
                .add("Export child rows as CSV…", () -> childTable == null ? "children" : childTable.key(), "csv", f -> ReportTableViewer.writeCsv(childTable, f));
        viewer.setComparator(new ViewerComparator() {
            @Override
            public int compare(Viewer v, Object a, Object b) {
                return order == null ? 0 : order.compare(((Node) a).cells(), ((Node) b).cells());
            }
        });
    }

    public TreeViewer viewer() {
        return viewer;
    }

    /** The table whose rows are the children (the threads of a process tree), or null before any. */
    public Table childTable() {
        return childTable;
    }

    public List<Node> roots() {
        return roots;
    }

    /**
     * @param parents  one row per group (processes)
     * @param children rows to put under their group (threads); rows whose group is not in {@code parents} become
     *                 roots of their own
     * @param groupKeys the columns both tables share that make a group ({@code pid}; {@code host, pid} when
     *                  several machines were traced)
     */
    public void setTables(Table parents, Table children, List<String> groupKeys) {
        boolean sameColumns = columns.equals(children.columns());
        columns = children.columns();
        parentTable = parents;
        childTable = children;
        org.eclipse.swt.widgets.MenuItem[] items = viewer.getTree().getMenu().getItems();
        items[0].setText("Export " + parents.title().toLowerCase(java.util.Locale.ROOT) + " as CSV…");
        items[1].setText("Export " + children.title().toLowerCase(java.util.Locale.ROOT) + " as CSV…");
        int[] childGroup = new int[groupKeys.size()];
        int[] parentGroup = new int[groupKeys.size()];
        for (int i = 0; i < childGroup.length; i++) {
            childGroup[i] = children.columnIndex(groupKeys.get(i));
            parentGroup[i] = parents.columnIndex(groupKeys.get(i));
        }
        int[] fromParent = new int[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            fromParent[c] = parents.indexOfColumn(columns.get(c).key());
        }
        Map<Object, List<Node>> byGroup = new LinkedHashMap<>();
        for (Object[] row : children.rows()) {
            byGroup.computeIfAbsent(key(row, childGroup), k -> new ArrayList<>()).add(new Node(row, List.of()));
        }
        List<Node> newRoots = new ArrayList<>();
        for (Object[] row : parents.rows()) {
            Object[] cells = new Object[columns.size()];
            for (int c = 0; c < cells.length; c++) {
                cells[c] = fromParent[c] < 0 ? null : row[fromParent[c]];
            }
            List<Node> kids = byGroup.remove(key(row, parentGroup));
            newRoots.add(new Node(cells, kids == null ? List.of() : List.copyOf(kids)));
        }
        for (List<Node> orphans : byGroup.values()) {
            newRoots.addAll(orphans);
        }
        roots = List.copyOf(newRoots);

        viewer.getTree().setRedraw(false);
        try {
            if (!sameColumns) {
                for (TreeColumn c : viewer.getTree().getColumns()) {
                    c.dispose();
                }
                order = null;
                createColumns();
            }
            viewer.setInput(roots);
            List<Object[]> all = new ArrayList<>();
            for (Node n : roots) {
                all.add(n.cells());
                for (Node k : n.children()) {
                    all.add(k.cells());
                }
            }
            int[] widths = ColumnWidths.of(viewer.getTree(), columns, all);
            TreeColumn[] tc = viewer.getTree().getColumns();
            for (int i = 0; i < columns.size(); i++) {
                // The first column also holds the expand arrow and the indent of children.
                tc[i].setWidth(Math.max(tc[i].getWidth(), widths[i] + (i == 0 ? 40 : 0)));
            }
        } finally {
            viewer.getTree().setRedraw(true);
        }
    }

    private static List<Object> key(Object[] row, int[] columns) {
        List<Object> key = new ArrayList<>(columns.length);
        for (int c : columns) {
            key.add(row[c]);
        }
        return key;
    }

    private void createColumns() {
        for (int i = 0; i < columns.size(); i++) {
            Column column = columns.get(i);
            int index = i;
            TreeViewerColumn vc = new TreeViewerColumn(viewer, ColumnHeading.alignment(column));
            ColumnHeading.head(vc.getColumn(), column, TreeColumn::setToolTipText);
            vc.setLabelProvider(new ColumnLabelProvider() {
                @Override
                public String getText(Object element) {
                    return CellFormat.text(column, ((Node) element).cells()[index]);
                }
            });
            vc.getColumn().addListener(SWT.Selection, e -> {
                boolean same = viewer.getTree().getSortColumn() == vc.getColumn();
                boolean down = same ? viewer.getTree().getSortDirection() != SWT.DOWN : CellFormat.rightAligned(column);
                sortBy(column.key(), down);
            });
        }
        FillerColumn.addTo(viewer);
    }

    public void sortBy(String columnKey, boolean descending) {
        int index = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).key().equals(columnKey)) {
                index = i;
            }
        }
        if (index < 0) {
            throw new IllegalArgumentException("no column " + columnKey);
        }
        order = RowOrder.by(index, descending);
        viewer.getTree().setSortColumn(viewer.getTree().getColumn(index));
        viewer.getTree().setSortDirection(descending ? SWT.DOWN : SWT.UP);
        viewer.refresh();
    }
}
