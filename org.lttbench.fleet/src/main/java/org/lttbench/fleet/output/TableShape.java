package org.lttbench.fleet.output;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.fleet.result.FlatColumn;
import org.lttbench.fleet.result.FlatTable;

/**
 * The columns one fleet table file has: {@code host} and {@code session}, then the union of the report columns every
 * trace gave under that table key (a trace whose report lacks a column gets null there).
 */
public record TableShape(String key, List<FlatColumn> columns) implements Serializable {

    public static final List<FlatColumn> FLEET_COLUMNS = List.of(
            new FlatColumn("host", "Host", ColumnKind.TEXT),
            new FlatColumn("session", "Session", ColumnKind.TEXT));

    public TableShape {
        columns = List.copyOf(columns);
    }

    public static TableShape of(FlatTable table) {
        return new TableShape(table.key(), table.columns());
    }

    /** Shapes of one key merged, columns in the order first seen; the keys in the order first seen. */
    public static List<TableShape> union(List<TableShape> shapes) {
        Map<String, Map<String, FlatColumn>> byKey = new LinkedHashMap<>();
        for (TableShape s : shapes) {
            Map<String, FlatColumn> columns = byKey.computeIfAbsent(s.key, k -> new LinkedHashMap<>());
            for (FlatColumn c : s.columns) {
                columns.putIfAbsent(c.name(), c);
            }
        }
        List<TableShape> merged = new ArrayList<>();
        byKey.forEach((key, columns) -> merged.add(new TableShape(key, new ArrayList<>(columns.values()))));
        return merged;
    }

    /** Every column of the file, the fleet's first. */
    public List<FlatColumn> fileColumns() {
        List<FlatColumn> all = new ArrayList<>(FLEET_COLUMNS);
        all.addAll(columns);
        return all;
    }

    public StructType schema() {
        List<StructField> fields = new ArrayList<>();
        for (FlatColumn c : fileColumns()) {
            fields.add(DataTypes.createStructField(c.name(), sparkType(c.type()), true));
        }
        return DataTypes.createStructType(fields);
    }

    private static DataType sparkType(FlatColumn.Type type) {
        return switch (type) {
            case STRING -> DataTypes.StringType;
            case LONG -> DataTypes.LongType;
            case DOUBLE -> DataTypes.DoubleType;
        };
    }

    /** A trace's rows of this table, as rows of the file: its cells moved to their column, typed as the column is. */
    public List<Row> rows(String host, String session, FlatTable table) {
        int[] to = new int[table.columns().size()];
        for (int i = 0; i < to.length; i++) {
            to[i] = indexOf(table.columns().get(i).name());
        }
        int offset = FLEET_COLUMNS.size();
        List<Row> rows = new ArrayList<>(table.rows().size());
        for (Object[] cells : table.rows()) {
            Object[] values = new Object[offset + columns.size()];
            values[0] = host;
            values[1] = session;
            for (int i = 0; i < cells.length; i++) {
                values[offset + to[i]] = convert(cells[i], columns.get(to[i]).type());
            }
            rows.add(RowFactory.create(values));
        }
        return rows;
    }

    private int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("table " + key + " has no column " + name);
    }

    /** Two traces could only disagree on a column's type through a change of LTTbench itself: keep the value. */
    private static Object convert(Object value, FlatColumn.Type type) {
        if (value == null) {
            return null;
        }
        return switch (type) {
            case STRING -> value.toString();
            case DOUBLE -> value instanceof Number n ? n.doubleValue() : null;
            case LONG -> value instanceof Long ? value : value instanceof Number n ? n.longValue() : null;
        };
    }
}
