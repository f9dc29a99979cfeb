package org.lttbench.ui.view;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;

/** Looking up the columns a view draws from: by key, or the first of a kind; -1 when the table has none. */
final class TableColumns {
    private TableColumns() {
    }

    static int index(Table table, String key) {
        return table.indexOfColumn(key);
    }

    static int firstOfKind(Table table, ColumnKind kind, String keyPart) {
        for (int i = 0; i < table.columns().size(); i++) {
            Column c = table.columns().get(i);
            if (c.kind() == kind && c.key().contains(keyPart)) {
                return i;
            }
        }
        return -1;
    }

    static double number(Object cell) {
        return cell instanceof Number n ? n.doubleValue() : 0;
    }
}
