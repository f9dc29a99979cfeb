package org.lttbench.ui.table;

import java.util.Comparator;

import org.lttbench.core.trace.TimeRange;

/** Orders rows by one column's raw value (numbers as numbers, text ignoring case), unknown cells last. */
final class RowOrder {
    private RowOrder() {
    }

    static Comparator<Object[]> by(int column, boolean descending) {
        Comparator<Object> values = RowOrder::compareValues;
        Comparator<Object> directed = descending ? values.reversed() : values;
        return (a, b) -> {
            Object x = a[column];
            Object y = b[column];
            if (x == null || y == null) {
                return x == y ? 0 : x == null ? 1 : -1;
            }
            return directed.compare(x, y);
        };
    }

    static int compareValues(Object x, Object y) {
        if (x instanceof Number a && y instanceof Number b) {
            return Double.compare(a.doubleValue(), b.doubleValue());
        }
        if (x instanceof TimeRange a && y instanceof TimeRange b) {
            int c = Long.compare(a.begin(), b.begin());
            return c != 0 ? c : Long.compare(a.end(), b.end());
        }
        return String.CASE_INSENSITIVE_ORDER.compare(x.toString(), y.toString());
    }
}
