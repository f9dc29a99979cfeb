package org.lttbench.ui.table;

import java.util.function.BiConsumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Item;
import org.lttbench.core.report.CellFormat;
import org.lttbench.core.report.Column;

/** How a report's column heads a viewer's: its header, its description as tooltip, numbers aligned right. */
final class ColumnHeading {
    private ColumnHeading() {
    }

    /** The viewer column's style. */
    static int alignment(Column column) {
        return CellFormat.rightAligned(column) ? SWT.RIGHT : SWT.LEFT;
    }

    /** Heads a table's or a tree's column; {@code toolTip} is its own setter (SWT's items have none in common). */
    static <I extends Item> void head(I item, Column column, BiConsumer<I, String> toolTip) {
        item.setText(CellFormat.header(column));
        toolTip.accept(item, column.description());
    }
}
