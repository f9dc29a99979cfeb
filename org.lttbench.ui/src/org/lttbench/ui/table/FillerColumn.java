package org.lttbench.ui.table;

import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.swt.SWT;

/**
 * A viewer's last column, empty, that takes the room left: GTK widens the last column to the viewer's edge, so the
 * real columns keep the widths of their text.
 */
final class FillerColumn {
    /** GTK hides a column of no width. */
    private static final int WIDTH = 1;

    private FillerColumn() {
    }

    static void addTo(TableViewer viewer) {
        TableViewerColumn filler = new TableViewerColumn(viewer, SWT.LEFT);
        filler.setLabelProvider(empty());
        filler.getColumn().setResizable(false);
        filler.getColumn().setWidth(WIDTH);
    }

    static void addTo(TreeViewer viewer) {
        TreeViewerColumn filler = new TreeViewerColumn(viewer, SWT.LEFT);
        filler.setLabelProvider(empty());
        filler.getColumn().setResizable(false);
        filler.getColumn().setWidth(WIDTH);
    }

    /** A label provider of its own for each column (a viewer disposes its columns' providers with them). */
    private static ColumnLabelProvider empty() {
        return new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                return "";
            }
        };
    }
}
