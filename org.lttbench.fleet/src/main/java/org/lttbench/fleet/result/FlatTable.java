package org.lttbench.fleet.result;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.lttbench.core.report.Column;
import org.lttbench.core.report.ColumnKind;
import org.lttbench.core.report.Table;
import org.lttbench.core.trace.TimeRange;

/**
 * One report table of one trace, flattened for table files: a time range becomes two columns, {@code <key>_begin}
 * and {@code <key>_end} (as LTTbench's CSV writes it), and every cell is a String, Long, Double or null.
 */
public record FlatTable(String key, List<FlatColumn> columns, List<Object[]> rows) implements Serializable {

    /** Column names the fleet adds before a report's own; a report column of that name is renamed {@code trace_NAME}. */
    public static final Set<String> FLEET_COLUMNS = Set.of("host", "session");

    public FlatTable {
        columns = List.copyOf(columns);
    }

    public static FlatTable of(Table table) {
        List<FlatColumn> columns = new ArrayList<>();
        for (Column c : table.columns()) {
            String name = FLEET_COLUMNS.contains(c.key()) ? "trace_" + c.key() : c.key();
            if (c.kind() == ColumnKind.TIME_RANGE) {
                columns.add(new FlatColumn(name + "_begin", c.title() + " from", ColumnKind.TIMESTAMP));
                columns.add(new FlatColumn(name + "_end", c.title() + " to", ColumnKind.TIMESTAMP));
            } else {
                columns.add(new FlatColumn(name, c.title(), c.kind()));
            }
        }
        List<Object[]> rows = new ArrayList<>(table.rows().size());
        for (Object[] row : table.rows()) {
            Object[] flat = new Object[columns.size()];
            int f = 0;
            for (int i = 0; i < row.length; i++) {
                if (table.columns().get(i).kind() == ColumnKind.TIME_RANGE) {
                    TimeRange r = (TimeRange) row[i];
                    flat[f++] = r == null ? null : r.begin();
                    flat[f++] = r == null ? null : r.end();
                } else {
                    flat[f++] = row[i];
                }
            }
            rows.add(flat);
        }
        return new FlatTable(table.key(), columns, rows);
    }
}
