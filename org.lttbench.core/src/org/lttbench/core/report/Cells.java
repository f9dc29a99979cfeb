package org.lttbench.core.report;

/** Reading a table's cells as numbers or text, an empty cell ({@code null}) as 0 or {@code null}. */
public final class Cells {
    private Cells() {
    }

    /** A cell of the row by its column's key ({@link Table#columnIndex}); {@code null} when the table has no such column. */
    public static Object get(Table table, Object[] row, String columnKey) {
        for (int i = 0; i < table.columns().size(); i++) {
            if (table.columns().get(i).key().equals(columnKey)) {
                return row[i];
            }
        }
        return null;
    }

    public static long asLong(Object cell) {
        return cell instanceof Number n ? n.longValue() : 0;
    }

    public static double asDouble(Object cell) {
        return cell instanceof Number n ? n.doubleValue() : 0;
    }

    /** A text cell, a number as text, or {@code null}. */
    public static String asText(Object cell) {
        return cell == null ? null : cell.toString();
    }

    /** The report's table of that key, or {@code null}. */
    public static Table table(Report report, String key) {
        for (Table t : report.tables()) {
            if (t.key().equals(key)) {
                return t;
            }
        }
        return null;
    }
}
