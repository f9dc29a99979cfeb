package org.lttbench.core.report;

/** Reading a table's cells as numbers or text, an empty cell ({@code null}) as 0 or {@code null}. */
public final class Cells {
    private Cells() {
    }

    /** A cell of the row by its column's key ({@link Table#indexOfColumn}); {@code null} when the table has no such column. */
    public static Object get(Table table, Object[] row, String columnKey) {
        return at(row, indices(table, columnKey)[0]);
    }

    /**
     * The columns of these keys, found once for reading many rows ({@link #at}): a table of tens of thousands of rows
     * is not searched by key at each cell. -1 for a column the table lacks.
     */
    public static int[] indices(Table table, String... columnKeys) {
        int[] at = new int[columnKeys.length];
        for (int k = 0; k < columnKeys.length; k++) {
            at[k] = table.indexOfColumn(columnKeys[k]);
        }
        return at;
    }

    /** A cell of the row at a column of {@link #indices}; {@code null} for a column the table lacks. */
    public static Object at(Object[] row, int index) {
        return index < 0 ? null : row[index];
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
